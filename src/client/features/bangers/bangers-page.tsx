import { useState } from "react";
import { BookOpen, BriefcaseBusiness, Filter, Flame, Layers, MessageSquare, NotebookPen, Sparkles } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import {
  BANGER_STATUS_LABELS,
  BANGER_STATUSES,
  BANGER_TYPE_LABELS,
  BANGER_TYPES,
  type Banger,
  type BangerSummary,
  type BangerType,
} from "#common/bangers/bangers.ts";
import { formatCount } from "#client/lib/format.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { ConfirmDialog } from "#client/ui/alert-dialog.tsx";
import { Button } from "#client/ui/button.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { Field } from "#client/ui/field.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { Spinner } from "#client/ui/spinner.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { toast } from "#client/ui/toast.tsx";
import { BangerCard } from "./banger-card";
import { BangerDetailsDialog } from "./banger-details-dialog";
import { DELETE_BANGER_FAILED, DELETE_BANGER_QUESTION, FETCH_BANGERS_FAILED, NO_BANGERS, reasonOf } from "./bangers-texts";
import { CreateBangerDialog } from "./create-banger-dialog";
import { useBangerFilters } from "./use-banger-filters";
import { useRefreshBangers } from "./use-refresh-bangers";

const TYPE_ICONS: Record<BangerType, LucideIcon> = {
  tweet: MessageSquare,
  thread: Layers,
  linkedin: BriefcaseBusiness,
  blog: NotebookPen,
  chapter: BookOpen,
};
const ALL = "all";

/** /admin/bangers: the counts, the filters (kept in the address), the card grid, create, details, delete. */
export function BangersPage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useBangerFilters();
  const list = useQuery(
    trpc.bangers.list.queryOptions(
      { type: filters.type ?? undefined, status: filters.status ?? undefined },
      { placeholderData: (previous) => previous },
    ),
  );
  const refresh = useRefreshBangers();
  const deleteBanger = useMutation(trpc.bangers.delete.mutationOptions());
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Banger | null>(null);

  const shown = list.data?.bangers ?? [];
  const details = shown.find((banger) => banger.id === detailsId) ?? null;
  const filtered = filters.type !== null || filters.status !== null;

  const remove = async (banger: Banger) => {
    try {
      await deleteBanger.mutateAsync({ id: banger.id });
    } catch (error) {
      toast({ variant: "error", title: DELETE_BANGER_FAILED, description: reasonOf(error) });
      void refresh();
      throw error;
    }
    toast({ variant: "success", title: "Banger deleted", description: banger.title });
    if (banger.id === detailsId) setDetailsId(null);
    await refresh();
  };

  return (
    <div className="flex flex-col gap-6">
      {list.isError ? null : <SummaryCards summary={list.data?.summary} loading={list.isPending} />}

      <section aria-labelledby="bangers-title" className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
            <h2 id="bangers-title" className="sr-only">
              Bangers
            </h2>
            <FilterSelect
              label="Type"
              id="bangers-type-filter"
              value={filters.type}
              options={BANGER_TYPES.map((type) => [type, BANGER_TYPE_LABELS[type]] as const)}
              allLabel="All types"
              onChange={(type) => setFilters({ type })}
            />
            <FilterSelect
              label="Status"
              id="bangers-status-filter"
              value={filters.status}
              options={BANGER_STATUSES.map((status) => [status, BANGER_STATUS_LABELS[status]] as const)}
              allLabel="All statuses"
              onChange={(status) => setFilters({ status })}
            />
          </div>
          <div className="flex items-center gap-2">
            <RefreshButton onRefresh={() => void list.refetch()} refreshing={list.isFetching && !list.isPending} />
            <CreateBangerDialog />
          </div>
        </div>

        {list.isError ? (
          <LoadFailedAlert title={FETCH_BANGERS_FAILED} onRetry={() => void list.refetch()} retrying={list.isFetching}>
            {reasonOf(list.error)}
          </LoadFailedAlert>
        ) : list.isPending ? (
          <div className="flex items-center justify-center rounded-panel border border-line bg-surface p-16 text-ink-muted">
            <Spinner label="Loading the bangers" />
          </div>
        ) : shown.length === 0 ? (
          filtered && list.data.summary.total > 0 ? (
            <EmptyState
              icon={Filter}
              title="No bangers match these filters."
              action={
                <Button variant="outline" onClick={() => setFilters({ type: null, status: null })}>
                  Show all bangers
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Sparkles}
              title={NO_BANGERS}
              description={<p>Draft threads, tweets, LinkedIn posts and chapters here, then post them with a tagged link.</p>}
            />
          )
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Bangers">
            {shown.map((banger) => (
              <BangerCard key={banger.id} banger={banger} onOpen={(b) => setDetailsId(b.id)} />
            ))}
          </ul>
        )}
      </section>

      <BangerDetailsDialog banger={details} onClose={() => setDetailsId(null)} onDelete={setToDelete} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        destructive
        title={toDelete ? `Delete “${toDelete.title}”?` : "Delete this banger?"}
        description={DELETE_BANGER_QUESTION}
        confirmLabel="Delete banger"
        onConfirm={async () => {
          if (toDelete) await remove(toDelete);
        }}
      />
    </div>
  );
}

/** Total plus one card per type, from the server's summary (which counts every banger, whatever the filters). */
function SummaryCards({ summary, loading }: { summary: BangerSummary | undefined; loading: boolean }) {
  const byStatus = summary?.byStatus;
  return (
    <StatCardGrid title="Banger counts" className="sm:grid-cols-3 xl:grid-cols-6">
      <StatCard
        icon={Flame}
        label="Total"
        value={formatCount(summary?.total ?? 0)}
        loading={loading}
        detail={byStatus ? `${formatCount(byStatus.ready)} ready · ${formatCount(byStatus.posted)} posted` : undefined}
      />
      {BANGER_TYPES.map((type) => (
        <StatCard
          key={type}
          icon={TYPE_ICONS[type]}
          label={BANGER_TYPE_LABELS[type]}
          value={formatCount(summary?.byType[type] ?? 0)}
          loading={loading}
        />
      ))}
    </StatCardGrid>
  );
}

function FilterSelect<T extends string>({
  label,
  id,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  id: string;
  value: T | null;
  options: ReadonlyArray<readonly [T, string]>;
  allLabel: string;
  onChange: (value: T | null) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : (next as T))}>
      <Field label={label} id={id} className="sm:w-44">
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {options.map(([option, text]) => (
          <SelectItem key={option} value={option}>
            {text}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
