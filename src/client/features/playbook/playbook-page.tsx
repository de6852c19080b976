import { useState } from "react";
import { Link } from "react-router";
import { BookOpen, Gift, Plus, Search, Sparkles, Users } from "lucide-react";
import { PLAYBOOK_CATEGORIES, type ChapterCard as Chapter, type PlaybookCategory } from "#common/playbook/playbook.ts";
import { formatCount } from "#client/lib/format.ts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Input } from "#client/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ChapterCard } from "./chapter-card";
import { editorPath, usePlaybookEntry } from "./playbook-entry";
import { FREE_FOR_NOW, LOAD_CHAPTERS_FAILED, NO_CHAPTERS, reasonOf } from "./playbook-texts";
import { useDebouncedValue } from "#client/lib/use-debounced-value.ts";

const ALL = "all";

/** The chapter list: stats, search, category, cards. In the back office it also lists drafts and offers authoring. */
export function PlaybookPage() {
  const trpc = useTRPC();
  const entry = usePlaybookEntry();
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState<PlaybookCategory | null>(null);
  const input = { search: useDebouncedValue(search.trim(), 250), category: category ?? undefined };
  const memberList = useQuery(
    trpc.playbook.browse.queryOptions(input, { enabled: !entry.authoring, placeholderData: (previous) => previous }),
  );
  const adminList = useQuery(
    trpc.playbook.adminList.queryOptions(input, { enabled: entry.authoring, placeholderData: (previous) => previous }),
  );
  const list = entry.authoring ? adminList : memberList;
  const [toDelete, setToDelete] = useState<Chapter | null>(null);
  const queryClient = useQueryClient();
  const deleteChapter = useMutation(trpc.playbook.delete.mutationOptions());

  const remove = async (chapter: Chapter) => {
    try {
      await deleteChapter.mutateAsync({ id: chapter.id });
    } catch (error) {
      toast({ variant: "error", title: "Could not delete the chapter", description: reasonOf(error) });
      throw error;
    }
    toast({ variant: "success", title: "Chapter deleted", description: chapter.title });
    await queryClient.invalidateQueries(trpc.playbook.pathFilter());
  };

  const chapters = list.data?.chapters ?? [];
  return (
    <div className="flex flex-col gap-6">
      <StatCardGrid title="Playbook figures" className="grid-cols-3 xl:grid-cols-3">
        <StatCard icon={BookOpen} label="Chapters" value={formatCount(list.data?.stats.chapters ?? 0)} loading={list.isPending} />
        <StatCard icon={Users} label="Readers" value={formatCount(list.data?.stats.readers ?? 0)} loading={list.isPending} />
        <StatCard icon={Gift} label="Price" value={FREE_FOR_NOW} className="[&_p.text-2xl]:text-xl [&_p.text-2xl]:sm:text-2xl" />
      </StatCardGrid>

      <section aria-labelledby="chapters-title" className="flex flex-col gap-4">
        <h2 id="chapters-title" className="sr-only">
          Chapters
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search chapters..."
              aria-label="Search chapters"
              className="pl-9"
            />
          </div>
          <Select value={category ?? ALL} onValueChange={(value) => setCategory(value === ALL ? null : (value as PlaybookCategory))}>
            <SelectTrigger aria-label="Category" className="sm:w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All categories</SelectItem>
              {PLAYBOOK_CATEGORIES.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {entry.authoring ? <AuthoringActions startersAvailable={adminList.data?.startersAvailable ?? false} /> : null}
        </div>

        {list.isError ? (
          <LoadFailedAlert title={LOAD_CHAPTERS_FAILED} onRetry={() => void list.refetch()} retrying={list.isFetching}>
            {reasonOf(list.error)}
          </LoadFailedAlert>
        ) : list.isPending ? (
          <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
            <Spinner label="Loading the chapters" />
          </div>
        ) : chapters.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            title={NO_CHAPTERS}
            description={
              search || category ? (
                <p>Try another search or category.</p>
              ) : entry.authoring ? (
                <p>Write the first chapter, or add the starter chapters.</p>
              ) : (
                <p>New chapters are on their way.</p>
              )
            }
          />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Chapters">
            {chapters.map((chapter) => (
              <ChapterCard key={chapter.id} chapter={chapter} onDelete={setToDelete} />
            ))}
          </ul>
        )}
      </section>

      {entry.authoring ? (
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => {
            if (!open) setToDelete(null);
          }}
          destructive
          title={toDelete ? `Delete “${toDelete.title}”?` : "Delete this chapter?"}
          description="Members lose the chapter, their checklist ticks and their ratings of it. This cannot be undone."
          confirmLabel="Delete chapter"
          onConfirm={async () => {
            if (toDelete) await remove(toDelete);
          }}
        />
      ) : null}
    </div>
  );
}

/** New Chapter, and (on a site that has not used them) Add starter chapters after a confirmation. */
function AuthoringActions({ startersAvailable }: { startersAvailable: boolean }) {
  const trpc = useTRPC();
  const entry = usePlaybookEntry();
  const queryClient = useQueryClient();
  const addStarters = useMutation(trpc.playbook.addStarters.mutationOptions());
  const add = async () => {
    try {
      const { added } = await addStarters.mutateAsync();
      toast({
        variant: "success",
        title: `${added} starter chapters added`,
        description: "They are published: edit or delete them as you like.",
      });
    } catch (error) {
      toast({ variant: "error", title: "Could not add the starter chapters", description: reasonOf(error) });
    }
    await queryClient.invalidateQueries(trpc.playbook.pathFilter());
  };
  return (
    <div className="flex flex-wrap gap-2">
      {startersAvailable ? (
        <ConfirmDialog
          title="Add the starter chapters?"
          description="Published chapters about running $100 experiments, each with an action checklist. They can be added once."
          confirmLabel="Add starter chapters"
          onConfirm={add}
          trigger={
            <Button variant="outline">
              <Sparkles aria-hidden="true" /> Add starter chapters
            </Button>
          }
        />
      ) : null}
      <Button asChild>
        <Link to={editorPath(entry, null)}>
          <Plus aria-hidden="true" /> New Chapter
        </Link>
      </Button>
    </div>
  );
}
