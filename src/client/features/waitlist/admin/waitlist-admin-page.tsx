import { useCallback, useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, ClipboardList, SearchX } from "lucide-react";
import { WAITLIST_ADMIN_PAGE_SIZES, WAITLIST_ADMIN_QUERY_MAX_LENGTH, type WaitlistAdminEntry } from "#common/waitlist/admin.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useTRPC } from "#client/lib/trpc.ts";
import { Alert, LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { SearchBox } from "#client/ui/search-box.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { toast } from "#client/ui/toast.tsx";
import { formatCount } from "#client/lib/format.ts";
import { ExportCsvButton } from "./export-csv-button";
import { useWaitlistView, type WaitlistView } from "./use-waitlist-view";
import { WaitlistDebugPanel } from "./waitlist-debug-panel";
import { waitlistFetchErrorText } from "./waitlist-errors";
import { TopReferrers, WaitlistStatCards } from "./waitlist-stats";
import { WaitlistList, WaitlistTable, type SortState } from "./waitlist-table";

/** /admin/waitlist: the figures, the searchable, sortable, paged list, CSV export, delete, and the Debug panel. */
export function WaitlistAdminPage() {
  const trpc = useTRPC();
  const [view, setView] = useWaitlistView();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.waitlist.adminList.queryOptions(view, { placeholderData: keepPreviousData }));
  const stats = useQuery(trpc.waitlist.adminStats.queryOptions());
  const remove = useMutation(trpc.waitlist.adminDelete.mutationOptions());
  const [toDelete, setToDelete] = useState<WaitlistAdminEntry | null>(null);

  const search = useCallback((q: string) => setView({ q: q || null, page: 1 }), [setView]);
  const refresh = () => void Promise.all([list.refetch(), stats.refetch()]);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await remove.mutateAsync({ id: toDelete.id });
    } catch (error) {
      toast({ variant: "error", title: "Could not delete the entry", description: errorMessage(error, DELETE_TEXTS) });
      throw error;
    }
    toast({ variant: "success", title: `Deleted #${toDelete.position}`, description: `${toDelete.email} is no longer on the waitlist.` });
    // The page may now be past the end (its last row went): step back one page.
    if (list.data && list.data.entries.length === 1 && view.page > 1) setView({ page: view.page - 1 });
    await Promise.all([
      queryClient.invalidateQueries(trpc.waitlist.pathFilter()),
      queryClient.invalidateQueries(trpc.admin.overview.pathFilter()),
    ]);
  };

  const data = list.data;
  const sort: SortState = { sort: view.sort, order: view.order };

  return (
    <div className="flex flex-col gap-6">
      {stats.isError ? (
        <Alert variant="error" title="The figures could not be loaded">
          {waitlistFetchErrorText(stats.error)}
        </Alert>
      ) : (
        <>
          <WaitlistStatCards stats={stats.data} loading={stats.isPending} />
          <TopReferrers stats={stats.data} />
        </>
      )}

      <section aria-labelledby="waitlist-entries-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <h2 id="waitlist-entries-title" className="text-lg font-semibold tracking-tight text-ink">
            Entries
            {data ? <span className="ml-2 text-base font-normal text-ink-muted tabular-nums">{formatCount(data.total)}</span> : null}
          </h2>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <SearchBox value={view.q ?? ""} onSearch={search} maxLength={WAITLIST_ADMIN_QUERY_MAX_LENGTH} />
            <div className="flex items-center gap-2">
              <Button
                variant={view.status === "unconfirmed" ? "primary" : "outline"}
                size="sm"
                aria-pressed={view.status === "unconfirmed"}
                onClick={() => setView({ status: view.status === "unconfirmed" ? "all" : "unconfirmed", page: 1 })}
              >
                Unconfirmed only
              </Button>
              <MobileSort sort={sort} onSort={(next) => setView({ ...next, page: 1 })} />
              <RefreshButton onRefresh={refresh} refreshing={list.isFetching && !list.isPending} />
              <ExportCsvButton />
            </div>
          </div>
        </div>

        {list.isError ? (
          <LoadFailedAlert title="The waitlist could not be loaded" onRetry={() => void list.refetch()} retrying={list.isFetching}>
            {waitlistFetchErrorText(list.error)}
          </LoadFailedAlert>
        ) : !data ? (
          <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
            <Spinner label="Loading the waitlist" />
          </div>
        ) : data.entries.length === 0 ? (
          <EmptyEntries
            q={view.q}
            beyondEnd={data.total > 0}
            onClear={() => setView({ q: null, page: 1 })}
            onFirstPage={() => setView({ page: 1 })}
          />
        ) : (
          <>
            <div className="hidden md:block">
              <WaitlistTable
                entries={data.entries}
                sort={sort}
                onSort={(next) => setView({ ...next, page: 1 })}
                onDelete={setToDelete}
                stale={list.isPlaceholderData}
              />
            </div>
            <div className="md:hidden">
              <WaitlistList entries={data.entries} onDelete={setToDelete} stale={list.isPlaceholderData} />
            </div>
            <Pagination view={view} total={data.total} totalPages={data.debug.totalPages} onChange={setView} />
          </>
        )}
      </section>

      <WaitlistDebugPanel list={data} allEntries={stats.data?.totalSignups} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        destructive
        title={toDelete ? `Delete #${toDelete.position} from the waitlist?` : "Delete this entry?"}
        description={
          toDelete ? (
            <>
              <strong className="font-semibold text-ink">{toDelete.name ?? "An anonymous entry"}</strong> ({toDelete.email}) will be removed
              from the waitlist. Positions of others do not change: #{toDelete.position} stays a gap. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete entry"
        onConfirm={confirmDelete}
      />
    </div>
  );
}

const DELETE_TEXTS = { fallback: "Please try again.", network: "Network error. Please try again." };

const SORT_CHOICES: Array<{ value: string; label: string }> = [
  { value: "position:desc", label: "Newest first" },
  { value: "position:asc", label: "Oldest first" },
  { value: "name:asc", label: "Name, A to Z" },
  { value: "name:desc", label: "Name, Z to A" },
  { value: "email:asc", label: "Email, A to Z" },
  { value: "email:desc", label: "Email, Z to A" },
  { value: "joined:desc", label: "Joined, newest" },
  { value: "joined:asc", label: "Joined, oldest" },
  { value: "rank:asc", label: "Rank, from #1" },
  { value: "rank:desc", label: "Rank, last first" },
  { value: "referrals:desc", label: "Most referrals" },
  { value: "confirmed:desc", label: "Confirmed, newest" },
];

/** Phones have no column headers to click: the same sorts in a menu. */
function MobileSort({ sort, onSort }: { sort: SortState; onSort: (next: SortState) => void }) {
  return (
    <div className="flex-1 md:hidden">
      <Select
        value={`${sort.sort}:${sort.order}`}
        onValueChange={(value) => {
          const [column, order] = value.split(":") as [SortState["sort"], SortState["order"]];
          onSort({ sort: column, order });
        }}
      >
        <SelectTrigger aria-label="Sort by">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_CHOICES.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function EmptyEntries({
  q,
  beyondEnd,
  onClear,
  onFirstPage,
}: {
  q: string | null;
  beyondEnd: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  if (beyondEnd) {
    return (
      <EmptyState
        icon={ClipboardList}
        title="No waitlist entries found."
        description={<p>This page is past the end of the list.</p>}
        action={
          <Button variant="outline" onClick={onFirstPage}>
            Go to the first page
          </Button>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={q ? SearchX : ClipboardList}
      title="No waitlist entries found."
      description={
        q ? (
          <p>
            No name or email contains <q className="font-semibold text-ink">{q}</q>.
          </p>
        ) : (
          <p>People who join the waitlist on the home page will appear here.</p>
        )
      }
      action={
        q ? (
          <Button variant="outline" onClick={onClear}>
            Clear search
          </Button>
        ) : undefined
      }
    />
  );
}

function Pagination({
  view,
  total,
  totalPages,
  onChange,
}: {
  view: WaitlistView;
  total: number;
  totalPages: number;
  onChange: (patch: Partial<WaitlistView>) => void;
}) {
  const first = (view.page - 1) * view.pageSize + 1;
  const last = Math.min(view.page * view.pageSize, total);
  return (
    <nav
      aria-label="Waitlist pages"
      className="flex flex-col-reverse gap-3 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-2">
        <span id="waitlist-page-size">Rows per page</span>
        <Select value={String(view.pageSize)} onValueChange={(value) => onChange({ pageSize: Number(value), page: 1 })}>
          <SelectTrigger aria-labelledby="waitlist-page-size" className="h-9 w-20">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {WAITLIST_ADMIN_PAGE_SIZES.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center justify-between gap-3 sm:justify-end">
        <p aria-live="polite" className="tabular-nums">
          {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
        </p>
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" disabled={view.page <= 1} onClick={() => onChange({ page: view.page - 1 })}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span className="px-2 tabular-nums">
            {formatCount(view.page)} / {formatCount(Math.max(totalPages, 1))}
          </span>
          <Button variant="outline" size="sm" disabled={view.page >= totalPages} onClick={() => onChange({ page: view.page + 1 })}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  );
}
