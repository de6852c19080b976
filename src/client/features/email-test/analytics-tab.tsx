import { BarChart3, CheckCircle2, Clock, Inbox, XCircle } from "lucide-react";
import { formatCount } from "#client/lib/format.ts";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "#client/lib/trpc.ts";
import { LoadFailedAlert } from "#client/ui/alert.tsx";
import { EmptyState } from "#client/ui/empty-state.tsx";
import { RefreshButton } from "#client/ui/refresh-button.tsx";
import { StatCard, StatCardGrid } from "#client/ui/stat-card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#client/ui/table.tsx";

const formatMs = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`);

/** Analytics: the mail table's figures per provider and day over the last 30 days. */
export function AnalyticsTab() {
  const trpc = useTRPC();
  const analytics = useQuery(trpc.emailTest.analytics.queryOptions());
  if (analytics.isError) {
    return (
      <LoadFailedAlert title="Failed to fetch mail figures" onRetry={() => void analytics.refetch()} retrying={analytics.isFetching}>
        {analytics.error.message}
      </LoadFailedAlert>
    );
  }
  const data = analytics.data;
  const loading = analytics.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">
          Every message the site queued or sent with keys typed on this page in the last {data?.days ?? 30} days, from the mail table.
        </p>
        <RefreshButton onRefresh={() => void analytics.refetch()} refreshing={analytics.isFetching && !loading} />
      </div>
      <StatCardGrid title="Mail counts" className="grid-cols-2 xl:grid-cols-5">
        <StatCard
          icon={CheckCircle2}
          label="Sent"
          value={formatCount(data?.totals.sent ?? 0)}
          loading={loading}
          detail="accepted by a provider"
        />
        <StatCard icon={XCircle} label="Failed" value={formatCount(data?.totals.failed ?? 0)} loading={loading} />
        <StatCard
          icon={Inbox}
          label="Kept in the outbox"
          value={formatCount(data?.totals.kept ?? 0)}
          loading={loading}
          detail="not delivered"
        />
        <StatCard
          icon={BarChart3}
          label="Queued"
          value={formatCount(data?.totals.pending ?? 0)}
          loading={loading}
          detail="waiting or being sent"
        />
        <StatCard
          icon={Clock}
          label="Median delivery"
          value={data?.medianDeliveryMs === null || data === undefined ? "none yet" : formatMs(data.medianDeliveryMs)}
          loading={loading}
          detail="queued to accepted"
        />
      </StatCardGrid>
      {data && data.rows.length === 0 ? (
        <EmptyState icon={BarChart3} title="No mail in the last 30 days." />
      ) : data ? (
        <div className="overflow-x-auto rounded-panel border border-line bg-surface">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                <TableHead>Provider</TableHead>
                <TableHead className="text-right">Sent</TableHead>
                <TableHead className="text-right">Failed</TableHead>
                <TableHead className="text-right">Kept</TableHead>
                <TableHead className="text-right">Queued</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={`${row.day}-${row.provider}`}>
                  <TableCell>{row.day}</TableCell>
                  <TableCell>{row.provider}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(row.sent)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(row.failed)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(row.kept)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(row.pending)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </div>
  );
}
