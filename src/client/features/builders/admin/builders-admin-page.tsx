import { useState } from "react";
import { Filter, Users } from "lucide-react";
import type { BuilderStatus } from "#common/builders/builders.ts";
import type { AdminBuilder, BuilderSummary } from "#common/builders/admin.ts";
import { errorMessage } from "#client/lib/errors.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { formatCount } from "#client/lib/format.ts";
import { AddBuilderDialog } from "./add-builder-dialog";
import { BuilderDetailsDialog } from "./builder-details-dialog";
import { BuilderStatCards } from "./builder-stat-cards";
import { STATUS_LABEL } from "./builder-status";
import { FETCH_BUILDERS_FAILED } from "./builders-admin-errors";
import { BuildersList, BuildersTable, type BuildersViewProps } from "./builders-table";
import { useBuilderActions } from "./use-builder-actions";
import { STATUS_FILTERS, useStatusFilter, type StatusFilter } from "./use-status-filter";

const LIST_ERROR_TEXTS = { fallback: "Please try again.", network: "No response from the server. Check your connection and try again." };
const DELETE_BUILDER_QUESTION = "Are you sure you want to delete this builder? This action cannot be undone.";

/** /admin/builders: the counts, the list by status, the moves of the status machine, details, add and delete. */
export function BuildersAdminPage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.builders.adminList.queryOptions());
  const { move, remove, pendingMove } = useBuilderActions();
  const [filter, setFilter] = useStatusFilter();
  // An id, not a copy: the details show the builder as the latest list has it (after a move, say).
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AdminBuilder | null>(null);

  const all = list.data?.builders ?? [];
  const shown = filter === "all" ? all : all.filter((builder) => builder.status === filter);
  const details = all.find((builder) => builder.id === detailsId) ?? null;
  const rowProps: Omit<BuildersViewProps, "builders"> = {
    pendingMove,
    onMove: move,
    onDetails: (b) => setDetailsId(b.id),
    onDelete: setToDelete,
  };

  return (
    <div className="flex flex-col gap-6">
      {/* No figures rather than made-up zeros when the list failed: the alert below says so. */}
      {list.isError ? null : <BuilderStatCards summary={list.data?.summary} loading={list.isPending} />}

      <section aria-labelledby="builders-list-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="builders-list-title" className="text-lg font-semibold tracking-tight text-ink">
            Profiles
          </h2>
          <div className="flex items-center gap-2">
            <RefreshButton onRefresh={() => void list.refetch()} refreshing={list.isFetching && !list.isPending} />
            <AddBuilderDialog />
          </div>
        </div>

        {list.isError ? (
          <LoadFailedAlert title={FETCH_BUILDERS_FAILED} onRetry={() => void list.refetch()} retrying={list.isFetching}>
            {errorMessage(list.error, LIST_ERROR_TEXTS)}
          </LoadFailedAlert>
        ) : list.isPending ? (
          <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
            <Spinner label="Loading the builders" />
          </div>
        ) : (
          <Tabs value={filter} onValueChange={(value) => setFilter(value as StatusFilter)}>
            <TabsList aria-label="Show builders by status">
              {STATUS_FILTERS.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {value === "all" ? "All" : STATUS_LABEL[value]}
                  <span className="text-xs text-ink-muted tabular-nums">{formatCount(countOf(list.data.summary, value))}</span>
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={filter}>
              {shown.length === 0 ? (
                <EmptyBuilders status={filter === "all" || all.length === 0 ? null : filter} onShowAll={() => setFilter("all")} />
              ) : (
                <>
                  <div className="hidden md:block">
                    <BuildersTable builders={shown} {...rowProps} />
                  </div>
                  <div className="md:hidden">
                    <BuildersList builders={shown} {...rowProps} />
                  </div>
                </>
              )}
            </TabsContent>
          </Tabs>
        )}
      </section>

      <BuilderDetailsDialog
        builder={details}
        onClose={() => setDetailsId(null)}
        onDelete={setToDelete}
        pendingMove={pendingMove}
        onMove={move}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        destructive
        title={toDelete ? `Delete ${toDelete.name}?` : "Delete this builder?"}
        description={DELETE_BUILDER_QUESTION}
        confirmLabel="Delete builder"
        onConfirm={async () => {
          if (!toDelete) return;
          await remove(toDelete);
          if (toDelete.id === detailsId) setDetailsId(null);
        }}
      />
    </div>
  );
}

const countOf = (summary: BuilderSummary, filter: StatusFilter) => (filter === "all" ? summary.total : summary.byStatus[filter]);

/** No builders at all (`status` null), or none in the chosen tab. */
function EmptyBuilders({ status, onShowAll }: { status: BuilderStatus | null; onShowAll: () => void }) {
  if (!status) {
    return (
      <EmptyState
        icon={Users}
        title="No builders yet."
        description={<p>Profiles sent from the Builders page appear here for review. You can also add one yourself.</p>}
      />
    );
  }
  return (
    <EmptyState
      icon={Filter}
      title={`No ${STATUS_LABEL[status].toLowerCase()} builders.`}
      action={
        <Button variant="outline" onClick={onShowAll}>
          Show all builders
        </Button>
      }
    />
  );
}
