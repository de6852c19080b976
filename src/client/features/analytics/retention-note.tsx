import { Info } from "lucide-react";
import type { AnalyticsDashboard } from "#common/analytics/dashboard.ts";
import { formatDay } from "#client/lib/format.ts";

/**
 * Says which figures come from the rollups alone: shown when the range starts before the oldest raw event
 * still kept (ANALYTICS_RETENTION_DAYS removed older ones). The counts, chart, pages, places and devices
 * before that day come from the hourly and daily summaries (the Funnel's visitors of `/` too); campaigns, and
 * the Funnel's campaign and referral visitors, read raw events, so they cover only the kept days.
 */
export function RetentionNote({ data }: { data: Pick<AnalyticsDashboard, "rawEventsSince" | "debug"> }) {
  const since = data.rawEventsSince;
  if (!since || Date.parse(data.debug.startTime) >= Date.parse(since)) return null;
  const day = formatDay(since.slice(0, 10));
  const text = `Older than ${day}: figures from daily summaries; raw events past the retention period were removed. Campaigns, and the campaign and referral visitors of the Funnel, cover only ${day} onward.`;
  return (
    <p role="note" className="flex items-start gap-2 rounded-panel border border-line bg-surface px-4 py-3 text-sm text-ink-muted">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
