import type { ReactNode } from "react";
import { Bug } from "lucide-react";
import { ANALYTICS_LIVE_REFRESH_MS, type AnalyticsDashboard, type AnalyticsTimeSpan } from "#common/analytics/dashboard.ts";
import { Card } from "#client/ui/card.tsx";
import { formatDateTime } from "#client/lib/format.ts";

const span = (range: AnalyticsTimeSpan) => `${formatDateTime(range.from)} → ${formatDateTime(range.to)}`;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="w-40 shrink-0 font-semibold text-ink">{term}</dt>
      <dd className="min-w-0 break-words text-ink-muted">{children}</dd>
    </div>
  );
}

/** How the figures were computed: store, window, query time. Nothing secret is in the response. */
export function DebugPanel({ data, live, updatedAt }: { data: AnalyticsDashboard | undefined; live: boolean; updatedAt: number }) {
  return (
    <Card className="border-dashed bg-sunken/60 p-5 text-sm">
      <h2 className="mb-3 flex items-center gap-2 font-semibold text-ink">
        <Bug aria-hidden="true" className="size-4" />
        Debug
      </h2>
      {data ? (
        <dl className="flex flex-col gap-2 font-mono text-[0.8125rem]">
          <Row term="dataSource">
            {data.debug.dataSource} (Postgres is the only store: no separate key-value or object store holds events)
          </Row>
          <Row term="timeRange">{data.debug.timeRange}</Row>
          <Row term="startTime">{data.debug.startTime}</Row>
          <Row term="endTime">{data.debug.endTime}</Row>
          <Row term="queryMs">{data.debug.queryMs} ms on the server</Row>
          <Row term="daily rollups">{data.debug.sources.days ? span(data.debug.sources.days) : "none"}</Row>
          <Row term="hourly rollups">{data.debug.sources.hours.length > 0 ? data.debug.sources.hours.map(span).join("; ") : "none"}</Row>
          <Row term="raw events">{data.debug.sources.events.map(span).join("; ")}</Row>
          <Row term="session gap">{data.debug.sessionGapMinutes} minutes</Row>
          <Row term="series bucket">
            {data.series.bucket} ({data.series.points.length} points, UTC boundaries)
          </Row>
          <Row term="refresh">
            {live ? `live, every ${ANALYTICS_LIVE_REFRESH_MS / 1000} s` : "manual"}; fetched{" "}
            {updatedAt ? new Date(updatedAt).toLocaleTimeString() : "never"}
          </Row>
        </dl>
      ) : (
        <p className="text-ink-muted">No response yet.</p>
      )}
    </Card>
  );
}
