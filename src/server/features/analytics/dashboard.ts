import { sql, type SQL } from "drizzle-orm";
import {
  ANALYTICS_SERIES_BUCKET_OF,
  ANALYTICS_SERIES_BUCKETS,
  ANALYTICS_TIME_RANGE_MS,
  LOCATIONS_LIMIT,
  REALTIME_CURRENT_MINUTES,
  REALTIME_RECENT_MINUTES,
  RECENT_VISITORS_LIMIT,
  SESSION_GAP_MINUTES,
  TOP_PAGES_LIMIT,
  type AnalyticsDashboard,
  type AnalyticsSeriesPoint,
  type AnalyticsTimeRange,
  type AnalyticsVisitor,
} from "#common/analytics/dashboard.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import {
  analyticsEvents,
  analyticsPageDays,
  analyticsPageHours,
  analyticsSessions,
  analyticsVisitorDays,
  analyticsVisitorHours,
} from "#server/db/schema/analytics.ts";
import { campaignsInRange } from "./campaigns";
import { readLastVisitorAlert, visitorAlertState } from "./visitor-alert";

/**
 * The admin analytics dashboard: every figure of `AnalyticsDashboard` (definitions in
 * common/analytics-dashboard.ts) over [now - range, now], exact, from Postgres.
 *
 * Where the figures come from (docs/decisions/004-analytics-dashboard.md): the range is cut into whole UTC
 * days (read from the daily rollups), whole UTC hours (the hourly rollups) and the partial hours at its
 * edges (analytics_events, by its received_at indexes; under an hour at each end). The 30-day range thus
 * reads about one row per visitor and day instead of every event, and still starts and ends to the
 * millisecond. Visitor rows are cut into "slices", one per chart bucket and visitor; unique visitors are the
 * distinct visitor ids over all slices of the range (never a sum of days), a bucket's visitors its slices.
 * Sessions come from analytics_sessions, realTime from the last 10 minutes of events.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** date_bin's origin: buckets start on UTC boundaries (5 minutes, hours, days). */
const ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);

type Span = { from: Date; to: Date };
export type DashboardWindow = {
  timeRange: AnalyticsTimeRange;
  start: Date;
  end: Date;
  bucketMs: number;
  /** The rollup whose rows are one per chart bucket and visitor, and the whole units of the range it covers. */
  mid: { unit: "day" | "hour"; span: Span } | null;
  /** Whole hours in partial days (daily buckets only), from the hourly rollups. */
  edgeHours: Span[];
  /** The rest, from the events: half-open, the last one closed at the end of the range. */
  events: Span[];
};

const floorTo = (time: number, step: number) => Math.floor(time / step) * step;
const ceilTo = (time: number, step: number) => Math.ceil(time / step) * step;
const span = (from: number, to: number): Span[] => (from < to ? [{ from: new Date(from), to: new Date(to) }] : []);

/** Cuts the range into rollup days, rollup hours and event edges. Pure: the tests and the debug panel read it. */
export function dashboardWindow(timeRange: AnalyticsTimeRange, now: Date): DashboardWindow {
  const end = now.getTime();
  const start = end - ANALYTICS_TIME_RANGE_MS[timeRange];
  const bucketMs = ANALYTICS_SERIES_BUCKETS[ANALYTICS_SERIES_BUCKET_OF[timeRange]];
  const base = { timeRange, start: new Date(start), end: new Date(end), bucketMs };
  if (bucketMs < HOUR_MS) return { ...base, mid: null, edgeHours: [], events: [{ from: base.start, to: base.end }] };

  const firstHour = ceilTo(start, HOUR_MS);
  const lastHour = floorTo(end, HOUR_MS);
  if (firstHour >= lastHour) return { ...base, mid: null, edgeHours: [], events: [{ from: base.start, to: base.end }] };
  const events = [...span(start, firstHour), { from: new Date(lastHour), to: base.end }];
  if (bucketMs === HOUR_MS)
    return { ...base, mid: { unit: "hour", span: { from: new Date(firstHour), to: new Date(lastHour) } }, edgeHours: [], events };

  const firstDay = ceilTo(start, DAY_MS);
  const lastDay = floorTo(end, DAY_MS);
  if (firstDay >= lastDay) return { ...base, mid: null, edgeHours: span(firstHour, lastHour), events };
  return {
    ...base,
    mid: { unit: "day", span: { from: new Date(firstDay), to: new Date(lastDay) } },
    edgeHours: [...span(firstHour, firstDay), ...span(lastDay, lastHour)],
    events,
  };
}

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const interval = (ms: number) => sql.raw(`interval '${ms / 1000} seconds'`);

/** `column` within the spans: half-open, or (closedEnd) the last one closed at its end. */
function within(column: string, spans: Span[], closedEnd: boolean): SQL {
  if (spans.length === 0) return sql`false`;
  const name = sql.raw(column);
  const parts = spans.map((range, index) =>
    closedEnd && index === spans.length - 1
      ? sql`(${name} >= ${ts(range.from)} and ${name} <= ${ts(range.to)})`
      : sql`(${name} >= ${ts(range.from)} and ${name} < ${ts(range.to)})`,
  );
  return sql`(${sql.join(parts, sql` or `)})`;
}

type VisitorRow = {
  masked_ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  device_type: string | null;
  timezone: string | null;
  pages: number;
  last_seen: string;
};
type VisitorFigures = {
  unique_visitors: number;
  recent: VisitorRow[];
  locations: Array<{ country: string | null; visitors: number }>;
  devices: Array<{ type: string | null; count: number }>;
};
type SeriesRow = { start: string; visitors: number; page_views: number };

/**
 * The range's slices, one row per chart bucket and visitor: the rollup rows of the whole units (already one
 * per bucket and visitor), plus the edges' hour rows and events folded per bucket and visitor (the latest
 * event's country and device).
 */
function slicesOf(window: DashboardWindow): SQL {
  const bucket = interval(window.bucketMs);
  const mid = window.mid;
  const fromMid = mid
    ? sql`
      select ${sql.raw(mid.unit)} as bucket, visitor_id, last_seen, page_views, country, device_type
      from ${mid.unit === "day" ? analyticsVisitorDays : analyticsVisitorHours}
      where ${within(mid.unit, [mid.span], false)}
      union all`
    : sql``;
  return sql`
    edge_rows as (
      select date_bin(${bucket}, hour, ${ORIGIN}) as bucket, visitor_id, last_seen, page_views, country, device_type
      from ${analyticsVisitorHours}
      where ${within("hour", window.edgeHours, false)}
      union all
      select date_bin(${bucket}, received_at, ${ORIGIN}), visitor_id, received_at, (event = 'page_view')::int, country, device_type
      from ${analyticsEvents}
      where ${within("received_at", window.events, true)}
    ),
    slices as (
      ${fromMid}
      select * from (
        select distinct on (bucket, visitor_id)
          bucket, visitor_id, max(last_seen) over w as last_seen, sum(page_views) over w as page_views, country, device_type
        from edge_rows
        window w as (partition by bucket, visitor_id)
        order by bucket, visitor_id, last_seen desc
      ) as edges
    )`;
}

/**
 * Everything counted per visitor, in one statement: the slices folded per visitor (one hash aggregate),
 * then unique visitors, locations, devices and Recent Visitors, whose attributes are those of their latest
 * hour, looked up by primary key. A visitor's country and device are the same on all their events in
 * practice (the id hashes the address and the browser); should they ever differ (a geo database update
 * mid-day), the visitor still counts once, under the greatest value.
 */
async function visitorFigures(db: Database, window: DashboardWindow): Promise<VisitorFigures> {
  const result = await db.execute(sql`
    with ${slicesOf(window)},
    visitors as materialized (
      select visitor_id, max(last_seen) as last_seen, sum(page_views) as pages, max(country) as country, max(device_type) as device_type
      from slices
      group by visitor_id
    ),
    recent as (
      select visitor_id, last_seen, pages from visitors order by last_seen desc, visitor_id limit ${RECENT_VISITORS_LIMIT}
    )
    select json_build_object(
      'unique_visitors', (select count(*) from visitors),
      'locations', (
        select coalesce(json_agg(r), '[]') from (
          select country, count(*) as visitors from visitors
          group by country order by count(*) desc, country nulls last limit ${LOCATIONS_LIMIT}
        ) as r),
      'devices', (
        select coalesce(json_agg(r), '[]') from (
          select device_type as type, count(*) as count from visitors group by device_type order by count(*) desc, device_type nulls last
        ) as r),
      'recent', (
        select coalesce(json_agg(r order by r.last_seen desc, r.visitor_id), '[]') from (
          select recent.visitor_id, recent.last_seen, recent.pages, h.masked_ip, h.city, h.region, h.country, h.device_type, h.timezone
          from recent
          left join ${analyticsVisitorHours} as h on h.hour = date_trunc('hour', recent.last_seen, 'UTC') and h.visitor_id = recent.visitor_id
        ) as r)
    ) as figures`);
  return parseJson<VisitorFigures>(rowsOf<{ figures: unknown }>(result)[0]?.figures);
}

/** The chart: per bucket, its slices (one per visitor: the bucket's distinct visitors) and page views. */
async function seriesFigures(db: Database, window: DashboardWindow): Promise<SeriesRow[]> {
  const result = await db.execute(sql`
    with ${slicesOf(window)}
    select bucket as start, count(*)::int as visitors, sum(page_views)::int as page_views
    from slices group by bucket order by bucket`);
  return rowsOf<SeriesRow>(result);
}

async function topPages(db: Database, window: DashboardWindow): Promise<Array<{ path: string; views: number }>> {
  const mid = window.mid;
  const fromMid = mid
    ? sql`
      select page, views from ${mid.unit === "day" ? analyticsPageDays : analyticsPageHours}
      where ${within(mid.unit, [mid.span], false)}
      union all`
    : sql``;
  const result = await db.execute(sql`
    select page as path, sum(views)::int as views from (
      ${fromMid}
      select page, views from ${analyticsPageHours} where ${within("hour", window.edgeHours, false)}
      union all
      select page, count(*) as views from ${analyticsEvents}
      where event = 'page_view' and ${within("received_at", window.events, true)}
      group by page
    ) as p
    group by page
    order by sum(views) desc, page
    limit ${TOP_PAGES_LIMIT}`);
  return rowsOf<{ path: string; views: number }>(result).map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** Sessions whose span overlaps the range, and their mean length (analytics_sessions_ended_at_idx). */
async function sessionFigures(db: Database, window: DashboardWindow): Promise<{ sessions: number; avgMs: number }> {
  const result = await db.execute(sql`
    select count(*)::int as sessions,
      coalesce(avg(extract(epoch from ended_at - started_at) * 1000), 0)::float8 as avg_ms
    from ${analyticsSessions}
    where ended_at >= ${ts(window.start)} and started_at <= ${ts(window.end)}`);
  const row = rowsOf<{ sessions: number; avg_ms: number }>(result)[0];
  return { sessions: Number(row?.sessions ?? 0), avgMs: Math.round(Number(row?.avg_ms ?? 0)) };
}

async function realTime(db: Database, now: Date): Promise<{ current: number; last10min: number }> {
  const result = await db.execute(sql`
    select
      count(distinct visitor_id) filter (where received_at >= ${ts(new Date(now.getTime() - REALTIME_CURRENT_MINUTES * MINUTE_MS))})::int as current,
      count(distinct visitor_id)::int as recent
    from ${analyticsEvents}
    where received_at >= ${ts(new Date(now.getTime() - REALTIME_RECENT_MINUTES * MINUTE_MS))} and received_at <= ${ts(now)}`);
  const row = rowsOf<{ current: number; recent: number }>(result)[0];
  return { current: Number(row?.current ?? 0), last10min: Number(row?.recent ?? 0) };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Every bucket of the range, oldest first, zero where nothing happened. */
function fillSeries(window: DashboardWindow, rows: SeriesRow[]): AnalyticsSeriesPoint[] {
  const byStart = new Map(rows.map((row) => [new Date(row.start).getTime(), row]));
  const points: AnalyticsSeriesPoint[] = [];
  for (let at = floorTo(window.start.getTime(), window.bucketMs); at <= window.end.getTime(); at += window.bucketMs) {
    const row = byStart.get(at);
    points.push({ start: new Date(at).toISOString(), visitors: Number(row?.visitors ?? 0), pageViews: Number(row?.page_views ?? 0) });
  }
  return points;
}

export type DashboardOptions = { timeRange: AnalyticsTimeRange; now?: Date };

/** The dashboard for one range. `now` is a parameter so tests (and the benchmark) can pin the window. */
export async function getAnalyticsDashboard(db: Database, options: DashboardOptions): Promise<AnalyticsDashboard> {
  const now = options.now ?? new Date();
  const window = dashboardWindow(options.timeRange, now);
  const began = performance.now();
  const [figures, series, pages, sessions, live, lastAlert, campaigns] = await Promise.all([
    visitorFigures(db, window),
    seriesFigures(db, window),
    topPages(db, window),
    sessionFigures(db, window),
    realTime(db, now),
    readLastVisitorAlert(db),
    campaignsInRange(db, { from: window.start, to: window.end }),
  ]);
  const queryMs = Math.round((performance.now() - began) * 10) / 10;

  const unique = Number(figures.unique_visitors);
  const visitors: AnalyticsVisitor[] = figures.recent.map((row) => ({
    ip: row.masked_ip,
    city: row.city,
    region: row.region,
    country: row.country,
    device: row.device_type,
    timezone: row.timezone,
    pages: Number(row.pages),
    lastSeen: new Date(row.last_seen).toISOString(),
  }));
  return {
    summary: {
      totalVisitors: sessions.sessions,
      uniqueVisitors: unique,
      pageViews: series.reduce((total, point) => total + Number(point.page_views), 0),
      avgSessionTime: sessions.avgMs,
    },
    visitors,
    topPages: pages,
    locations: figures.locations.map((row) => ({
      country: row.country,
      visitors: Number(row.visitors),
      percentage: percentOf(Number(row.visitors), unique),
    })),
    devices: figures.devices.map((row) => ({
      type: row.type ?? "unknown",
      count: Number(row.count),
      percentage: percentOf(Number(row.count), unique),
    })),
    series: { bucket: ANALYTICS_SERIES_BUCKET_OF[options.timeRange], points: fillSeries(window, series) },
    realTime: live,
    campaigns,
    alert: visitorAlertState(lastAlert, live.last10min),
    debug: {
      dataSource: "postgres",
      timeRange: options.timeRange,
      startTime: window.start.toISOString(),
      endTime: window.end.toISOString(),
      queryMs,
      sources: {
        days: window.mid?.unit === "day" ? isoSpan(window.mid.span) : null,
        hours: [...(window.mid?.unit === "hour" ? [window.mid.span] : []), ...window.edgeHours].map(isoSpan),
        events: window.events.map(isoSpan),
      },
      sessionGapMinutes: SESSION_GAP_MINUTES,
    },
    generatedAt: now.toISOString(),
  };
}

const isoSpan = (range: Span) => ({ from: range.from.toISOString(), to: range.to.toISOString() });

/** postgres.js hands json columns over parsed; PGlite too, but a driver may give text. */
function parseJson<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}
