import { sql, type SQL } from "drizzle-orm";
import {
  ANALYTICS_SERIES_BUCKET_OF,
  ANALYTICS_SERIES_BUCKETS,
  ANALYTICS_TIME_RANGE_MS,
  CAMPAIGNS_LIMIT,
  LOCATIONS_LIMIT,
  REALTIME_CURRENT_MINUTES,
  REALTIME_RECENT_MINUTES,
  RECENT_VISITORS_LIMIT,
  SESSION_GAP_MINUTES,
  TOP_PAGES_LIMIT,
  type AnalyticsDashboard,
  type AnalyticsTimeRange,
} from "#common/analytics/dashboard.ts";
import type { Database } from "#server/db/client.ts";
import { queryRows } from "./query-rows";

/**
 * The dashboard's figures counted the slow, obvious way: straight from analytics_events with COUNT(DISTINCT),
 * no rollup involved. The integration tests and `npm run bench:dashboard` compare the dashboard with it.
 * Sessions are recomputed from every event of the sessions seen in the range (LAG over the events, split
 * where the gap exceeds SESSION_GAP_MINUTES); a visitor's country and device are those of their first
 * event in the range; the real-time figures are the distinct visitors of the last 5 and 10 minutes up to `now`.
 */
export type DashboardTruth = Pick<AnalyticsDashboard, "topPages" | "locations" | "devices" | "realTime"> & {
  uniqueVisitors: number;
  pageViews: number;
  sessions: number;
  avgSessionTime: number;
  series: Array<{ start: string; visitors: number; pageViews: number }>;
  recent: Array<{ lastSeen: string; pages: number }>;
  campaigns: Array<{ campaign: string; visitors: number }>;
};

/** The figures a dashboard and its truth share, in one shape, for toEqual. */
export function figuresOf(dashboard: AnalyticsDashboard): DashboardTruth {
  return {
    uniqueVisitors: dashboard.summary.uniqueVisitors,
    pageViews: dashboard.summary.pageViews,
    sessions: dashboard.summary.totalVisitors,
    avgSessionTime: dashboard.summary.avgSessionTime,
    topPages: dashboard.topPages,
    locations: dashboard.locations,
    devices: dashboard.devices,
    series: dashboard.series.points.filter((point) => point.visitors > 0 || point.pageViews > 0),
    recent: dashboard.visitors.map((visitor) => ({ lastSeen: visitor.lastSeen, pages: visitor.pages })),
    campaigns: dashboard.campaigns.filter((row) => row.visitors > 0).map((row) => ({ campaign: row.campaign, visitors: row.visitors })),
    realTime: dashboard.realTime,
  };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export async function dashboardTruth(db: Database, timeRange: AnalyticsTimeRange, now: Date): Promise<DashboardTruth> {
  const start = new Date(now.getTime() - ANALYTICS_TIME_RANGE_MS[timeRange]).toISOString();
  const end = now.toISOString();
  const bucketSeconds = ANALYTICS_SERIES_BUCKETS[ANALYTICS_SERIES_BUCKET_OF[timeRange]] / 1000;
  const inRange = sql.raw(`received_at >= '${start}'::timestamptz and received_at <= '${end}'::timestamptz`);
  const query = <T>(statement: SQL) => queryRows<T>(db, statement);

  const [totals] = await query<{ unique: number; views: number }>(sql`
    select count(distinct visitor_id)::int as unique, (count(*) filter (where event = 'page_view'))::int as views
    from analytics_events where ${inRange}`);
  const unique = Number(totals?.unique ?? 0);
  const [sessions] = await query<{ sessions: number; avg_ms: number }>(sql`
    with seen as (select distinct session_id from analytics_events where ${inRange}),
    events as (
      select e.session_id, e.received_at,
        lag(e.received_at) over (partition by e.session_id order by e.received_at) as previous
      from analytics_events as e join seen using (session_id)
    ),
    numbered as (
      select session_id, received_at,
        count(*) filter (where previous is null or received_at - previous > interval '${sql.raw(String(SESSION_GAP_MINUTES))} minutes')
          over (partition by session_id order by received_at rows unbounded preceding) as run
      from events
    ),
    runs as (select min(received_at) as started_at, max(received_at) as ended_at from numbered group by session_id, run)
    select count(*)::int as sessions, coalesce(avg(extract(epoch from ended_at - started_at) * 1000), 0)::float8 as avg_ms
    from runs where ended_at >= ${start}::timestamptz and started_at <= ${end}::timestamptz`);
  const pages = await query<{ path: string; views: number }>(sql`
    select page as path, count(*)::int as views from analytics_events where event = 'page_view' and ${inRange}
    group by page order by count(*) desc, page limit ${TOP_PAGES_LIMIT}`);
  // A visitor's country and device: those of their first event in the range (on equal times, the greatest).
  const perVisitor = sql`(
    select v.visitor_id, v.last_seen, v.pages, max(e.country) as country, max(e.device_type) as device_type
    from (
      select visitor_id, min(received_at) as first_seen, max(received_at) as last_seen,
        count(*) filter (where event = 'page_view') as pages
      from analytics_events where ${inRange} group by visitor_id
    ) as v
    join analytics_events as e on e.visitor_id = v.visitor_id and e.received_at = v.first_seen
    group by v.visitor_id, v.last_seen, v.pages) as v`;
  const locations = await query<{ country: string | null; visitors: number }>(sql`
    select country, count(*)::int as visitors from ${perVisitor}
    group by country order by count(*) desc, country nulls last limit ${LOCATIONS_LIMIT}`);
  const devices = await query<{ type: string | null; count: number }>(sql`
    select device_type as type, count(*)::int as count from ${perVisitor}
    group by device_type order by count(*) desc, device_type nulls last`);
  const recent = await query<{ last_seen: string; pages: number }>(sql`
    select last_seen, pages::int from ${perVisitor} order by last_seen desc, visitor_id limit ${RECENT_VISITORS_LIMIT}`);
  const series = await query<{ start: string; visitors: number; views: number }>(sql`
    select date_bin(${sql.raw(`interval '${bucketSeconds} seconds'`)}, received_at, timestamptz '2000-01-01 00:00:00+00') as start,
      count(distinct visitor_id)::int as visitors, (count(*) filter (where event = 'page_view'))::int as views
    from analytics_events where ${inRange} group by 1 order by 1`);
  const campaigns = await query<{ campaign: string; visitors: number }>(sql`
    select utm_campaign as campaign, count(distinct visitor_id)::int as visitors from analytics_events
    where utm_campaign is not null and ${inRange}
    group by 1 order by 2 desc, 1 limit ${CAMPAIGNS_LIMIT}`);
  const since = (minutes: number) => sql`${end}::timestamptz - ${sql.raw(`interval '${minutes} minutes'`)}`;
  const [realTime] = await query<{ current: number; last10min: number }>(sql`
    select count(distinct visitor_id) filter (where received_at >= ${since(REALTIME_CURRENT_MINUTES)})::int as current,
      count(distinct visitor_id)::int as last10min
    from analytics_events where received_at >= ${since(REALTIME_RECENT_MINUTES)} and received_at <= ${end}::timestamptz`);

  return {
    uniqueVisitors: unique,
    pageViews: Number(totals?.views ?? 0),
    sessions: Number(sessions?.sessions ?? 0),
    avgSessionTime: Math.round(Number(sessions?.avg_ms ?? 0)),
    topPages: pages.map((row) => ({ path: row.path, views: Number(row.views) })),
    locations: locations.map((row) => ({
      country: row.country,
      visitors: Number(row.visitors),
      percentage: percentOf(Number(row.visitors), unique),
    })),
    devices: devices.map((row) => ({
      type: row.type ?? "unknown",
      count: Number(row.count),
      percentage: percentOf(Number(row.count), unique),
    })),
    series: series.map((row) => ({
      start: new Date(row.start).toISOString(),
      visitors: Number(row.visitors),
      pageViews: Number(row.views),
    })),
    recent: recent.map((row) => ({ lastSeen: new Date(row.last_seen).toISOString(), pages: Number(row.pages) })),
    campaigns: campaigns.map((row) => ({ campaign: row.campaign, visitors: Number(row.visitors) })),
    realTime: { current: Number(realTime?.current ?? 0), last10min: Number(realTime?.last10min ?? 0) },
  };
}
