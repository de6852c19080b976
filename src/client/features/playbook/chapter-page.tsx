import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ArrowLeft, BookOpen, Download, Pencil, Target, Wrench } from "lucide-react";
import { CHAPTER_STATUS_LABELS } from "#common/playbook/playbook.ts";
import { track } from "#client/lib/analytics.ts";
import { httpStatusOf } from "#client/lib/errors.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { Badge } from "#client/ui/badge.tsx";
import { Button } from "#client/ui/button.tsx";
import { Card } from "#client/ui/card.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";
import { ChapterChecklist, CHECKLIST_ID } from "./chapter-checklist";
import { ChapterFacts } from "./chapter-facts";
import { ChapterRating } from "./chapter-rating";
import { downloadChapterPdf } from "./download-pdf";
import { MarkdownBody } from "./markdown-body";
import { editorPath, usePlaybookEntry } from "./playbook-entry";
import { LOAD_CHAPTER_FAILED, reasonOf } from "./playbook-texts";

const BODY_ID = "chapter-body";
const UPDATED_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
const scrollToId = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });

/** One chapter: facts, what you'll learn, tools, the body, the rating and the action checklist. */
export function ChapterPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const entry = usePlaybookEntry();
  const chapter = useQuery(trpc.playbook.chapter.queryOptions({ id }));
  const queryClient = useQueryClient();
  const [checklistOpen, setChecklistOpen] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const loaded = chapter.data;

  useEffect(() => {
    if (loaded)
      track("playbook_view", {
        label: loaded.title,
        category: loaded.category,
        component: "chapter-page",
        properties: { chapterId: loaded.id },
      });
    // Once per chapter opened, not on every refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded?.id]);

  const back = (
    <Button asChild variant="link" className="self-start">
      <Link to={entry.basePath}>
        <ArrowLeft aria-hidden="true" /> All chapters
      </Link>
    </Button>
  );

  if (chapter.isPending) {
    return (
      <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
        <Spinner label="Loading the chapter" />
      </div>
    );
  }
  if (chapter.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        {httpStatusOf(chapter.error) === 404 ? (
          <EmptyState
            icon={BookOpen}
            titleAs="h2"
            title="Chapter not found"
            description={<p>It may have been taken down, or it is not published yet.</p>}
          />
        ) : (
          <LoadFailedAlert title={LOAD_CHAPTER_FAILED} onRetry={() => void chapter.refetch()} retrying={chapter.isFetching}>
            {reasonOf(chapter.error)}
          </LoadFailedAlert>
        )}
      </div>
    );
  }

  const data = chapter.data;
  const download = async () => {
    setDownloading(true);
    try {
      await downloadChapterPdf(data.id);
      await queryClient.invalidateQueries(trpc.playbook.chapter.queryFilter({ id: data.id }));
    } catch (error) {
      toast({ variant: "error", title: "Could not download the PDF", description: error instanceof Error ? error.message : undefined });
    } finally {
      setDownloading(false);
    }
  };
  const takeAction = () => {
    setChecklistOpen(true);
    requestAnimationFrame(() => scrollToId(CHECKLIST_ID));
  };

  return (
    <article className="flex flex-col gap-6" aria-labelledby="chapter-title">
      {back}
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="brand">{data.category}</Badge>
          {data.status !== "published" ? <Badge variant="warning">{CHAPTER_STATUS_LABELS[data.status]}</Badge> : null}
        </div>
        <h2 id="chapter-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {data.title}
        </h2>
        <p className="max-w-3xl text-lg text-ink-muted">{data.description}</p>
        <ChapterFacts chapter={data} />
        <p className="text-sm text-ink-muted">Updated {UPDATED_FORMAT.format(Date.parse(data.lastUpdated))}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          <Button onClick={() => scrollToId(BODY_ID)}>
            <BookOpen aria-hidden="true" /> Read Chapter
          </Button>
          <Button variant="outline" onClick={() => void download()} loading={downloading}>
            <Download aria-hidden="true" /> Download PDF
          </Button>
          <Button variant="secondary" onClick={takeAction}>
            <Target aria-hidden="true" /> Take Action
          </Button>
          {entry.authoring ? (
            <Button asChild variant="ghost">
              <Link to={editorPath(entry, data.id)}>
                <Pencil aria-hidden="true" /> Edit chapter
              </Link>
            </Button>
          ) : null}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card className="p-5 sm:p-8">
            <MarkdownBody id={BODY_ID} source={data.body} className="scroll-mt-6" />
          </Card>
          <ChapterChecklist chapter={data} open={checklistOpen} onOpenChange={setChecklistOpen} readOnly={data.status !== "published"} />
          {data.status === "published" ? <ChapterRating chapter={data} /> : null}
        </div>
        {/* On a phone, what you will learn comes before the text. */}
        <aside className="order-first flex flex-col gap-6 lg:order-none">
          {data.keyTakeaways.length > 0 ? (
            <Card className="p-5">
              <h2 className="mb-2 text-lg font-bold text-ink">What you&apos;ll learn</h2>
              <ul className="flex list-disc flex-col gap-1.5 pl-5 text-ink">
                {data.keyTakeaways.map((takeaway) => (
                  <li key={takeaway}>{takeaway}</li>
                ))}
              </ul>
            </Card>
          ) : null}
          {data.tools.length > 0 ? (
            <Card className="p-5">
              <h2 className="mb-2 flex items-center gap-2 text-lg font-bold text-ink">
                <Wrench aria-hidden="true" className="size-4" /> Tools
              </h2>
              <ul className="flex flex-wrap gap-2">
                {data.tools.map((tool) => (
                  <li key={tool}>
                    <Badge variant="outline">{tool}</Badge>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
