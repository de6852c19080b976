import { useId } from "react";
import { ChartSpline } from "lucide-react";
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type TooltipValueType,
} from "recharts";
import type { AnalyticsDashboard, AnalyticsSeriesBucket, AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { countText, formatCount } from "#client/lib/format.ts";
import { RANGE_LABELS } from "./range-selector";

/*
 * The chart of visitors and page views over the range (recharts, in this lazily loaded chunk only).
 * The drawing is hidden from assistive technology; a caption summarises it and a visually hidden table
 * carries every number, so nothing is only in the picture.
 */

const INK = "#1c1917";
const BRAND = "#eab308";
const GRID = "#e7e5e4";
const MUTED = "#78716c";

const timeOfDay = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const dayAndTime = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
// Daily buckets are UTC days: labelled in UTC, so a bucket never shows as the day before.
const utcDay = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });
const utcDayLong = new Intl.DateTimeFormat(undefined, { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

const tickLabel = (bucket: AnalyticsSeriesBucket, time: number) => (bucket === "1d" ? utcDay.format(time) : timeOfDay.format(time));
const fullLabel = (bucket: AnalyticsSeriesBucket, time: number) => {
  if (bucket === "1d") return `${utcDayLong.format(time)} (UTC day)`;
  const end = time + (bucket === "1h" ? 3_600_000 : 300_000);
  return `${dayAndTime.format(time)} – ${timeOfDay.format(end)}`;
};

type Point = { time: number; visitors: number; pageViews: number };

export function VisitorsChart({ series, timeRange }: { series: AnalyticsDashboard["series"]; timeRange: AnalyticsTimeRange }) {
  const titleId = useId();
  const points: Point[] = series.points.map((point) => ({
    time: Date.parse(point.start),
    visitors: point.visitors,
    pageViews: point.pageViews,
  }));
  const totalViews = points.reduce((sum, point) => sum + point.pageViews, 0);
  const peak = points.reduce<Point | undefined>((best, point) => (!best || point.visitors > best.visitors ? point : best), undefined);
  const bucketName = series.bucket === "1d" ? "day" : series.bucket === "1h" ? "hour" : "5 minutes";
  const range = RANGE_LABELS[timeRange].long;
  const summary =
    peak && peak.visitors > 0
      ? `Per ${bucketName} over ${range}: ${formatCount(totalViews)} page views in all; the busiest ${bucketName}, ${fullLabel(series.bucket, peak.time)}, had ${countText(peak.visitors, "visitor")}.`
      : `Per ${bucketName} over ${range}: no visitors yet.`;

  return (
    <figure aria-labelledby={titleId} className="flex flex-col rounded-panel border border-line bg-surface shadow-panel">
      <header className="flex flex-col gap-3 border-b border-line px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-control bg-ink text-brand-300"
          >
            <ChartSpline className="size-4" />
          </span>
          <div className="flex flex-col">
            <h2 id={titleId} className="text-base font-semibold tracking-tight text-ink">
              Visitors and page views
            </h2>
            <figcaption className="text-sm text-ink-muted">{summary}</figcaption>
          </div>
        </div>
        <ul aria-hidden="true" className="flex shrink-0 items-center gap-4 text-xs font-medium text-ink-muted">
          <li className="flex items-center gap-1.5">
            <span className="h-0.5 w-4 rounded-full bg-ink" />
            Visitors
          </li>
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-brand-400" />
            Page views
          </li>
        </ul>
      </header>

      <div aria-hidden="true" className="h-64 px-2 pt-4 pb-2 sm:h-72 sm:px-4">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: -12 }} accessibilityLayer={false}>
            <defs>
              <linearGradient id="analytics-views-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={BRAND} stopOpacity={0.45} />
                <stop offset="100%" stopColor={BRAND} stopOpacity={0.05} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis
              dataKey="time"
              type="number"
              scale="time"
              domain={["dataMin", "dataMax"]}
              tickFormatter={(time: number) => tickLabel(series.bucket, time)}
              tick={{ fill: MUTED, fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: GRID }}
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              content={(props) => <ChartTooltip {...props} bucket={series.bucket} />}
              cursor={{ stroke: MUTED, strokeDasharray: "3 3" }}
            />
            <Area
              type="monotone"
              dataKey="pageViews"
              name="Page views"
              stroke={BRAND}
              strokeWidth={2}
              fill="url(#analytics-views-fill)"
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="visitors"
              name="Visitors"
              stroke={INK}
              strokeWidth={2}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>

      {/* sr-only on a wrapper: a table ignores the 1px box and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>Visitors and page views per {bucketName}</caption>
          <thead>
            <tr>
              <th scope="col">{series.bucket === "1d" ? "Day (UTC)" : "From"}</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.time}>
                <th scope="row">{fullLabel(series.bucket, point.time)}</th>
                <td>{point.visitors}</td>
                <td>{point.pageViews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function ChartTooltip({
  active,
  payload,
  label,
  bucket,
}: TooltipContentProps<TooltipValueType, string | number> & { bucket: AnalyticsSeriesBucket }) {
  if (!active || !payload?.length || typeof label !== "number") return null;
  const point = payload[0]?.payload as Point | undefined;
  if (!point) return null;
  return (
    <div className="rounded-control border border-line bg-surface px-3 py-2 text-xs shadow-overlay">
      <p className="mb-1 font-semibold text-ink">{fullLabel(bucket, label)}</p>
      <p className="flex items-center gap-2 text-ink-muted">
        <span className="h-0.5 w-3 rounded-full bg-ink" />
        Visitors <span className="ml-auto pl-3 font-semibold text-ink tabular-nums">{formatCount(point.visitors)}</span>
      </p>
      <p className="flex items-center gap-2 text-ink-muted">
        <span className="size-2 rounded-sm bg-brand-400" />
        Page views <span className="ml-auto pl-3 font-semibold text-ink tabular-nums">{formatCount(point.pageViews)}</span>
      </p>
    </div>
  );
}
