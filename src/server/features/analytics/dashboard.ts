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
import { readWithoutJit, rowsOf, type Database } from "#server/db/client.ts";
import {
  analyticsEvents,
  analyticsPageDays,
  analyticsPageHours,
  analyticsSessions,
  analyticsVisitorHours,
} from "#server/db/schema/analytics.ts";
import { campaignsInRange } from "./campaigns";
import { binOf, ensureSummaries, rawEventsSinceDropped, SUMMARIES, type SummaryUnit } from "./rollups";
import { readLastVisitorAlert, visitorAlertState } from "./visitor-alert";

/**
 * The admin analytics dashboard: every figure of `AnalyticsDashboard` (definitions in
 * common/analytics-dashboard.ts) over [now - range, now], exact, from Postgres.
 *
 * Where the figures come from (docs/decisions/004-analytics-dashboard.md, 027-analytics-at-scale.md): the
 * range is cut into whole UTC days (the daily rollups and their per-day summaries), whole UTC hours (the
 * hourly rollups) and the partial hours at its edges (analytics_events, by its received_at indexes; under an
 * hour at each end). The last partial hour is read from the hourly rollups too when nothing after the range's
 * end was received in it, which is always so for a range that ends now: a busy live hour costs one row per
 * visitor, not one per event. Unique visitors are distinct visitor ids over the whole range (never a sum of
 * days), counted as each visitor's first row in the range (prev_seen before the range), so no statement
 * holds a set of visitor ids. Sessions come from analytics_sessions and its per-day summary, realTime from the
 * rollups of the last hour (or the last 10 minutes of events).
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

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

/** How a range's figures are read: one statement each. */
type Read = (statement: SQL) => Promise<unknown>;

/**
 * A range read from its events alone (the last hour: no rollup holds its 5-minute buckets) reads up to an hour of
 * raw events in each statement, which Postgres costs high enough to compile before running: those statements run
 * without JIT (readWithoutJit). At 10 million events with 100,000 in the last hour, the last hour's range took 252
 * ms so (medians of two runs), against 333 ms compiled. The other ranges read rollups: the transaction readWithoutJit
 * needs only added round trips to them (the 7-day range: 44 to 45 ms with it, against 37 to 40).
 */
const readerOf = (db: Database, window: DashboardWindow): Read =>
  window.mid === null && window.edgeHours.length === 0
    ? (statement) => readWithoutJit(db, statement)
    : (statement) => db.execute(statement);

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
/** The chart bucket a time column falls in. */
const bucketOf = (window: DashboardWindow, column: string) => binOf(`${window.bucketMs / 1000} seconds`, column);

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

/**
 * Whether the rollups hold the hour of `now` as far as `now`: nothing was received after it within that hour. Always so
 * when `now` is the present (events are never in the future), so the live hour, however busy, is read from
 * analytics_visitor_hours and analytics_page_hours like any other hour; a range pinned in the past (the tests) reads
 * that hour's events instead.
 */
async function liveHourInRollups(db: Database, now: Date): Promise<boolean> {
  const result = await db.execute(sql`
    select not exists (
      select 1 from ${analyticsEvents}
      where received_at > ${ts(now)} and received_at < ${ts(new Date(floorTo(now.getTime(), HOUR_MS) + HOUR_MS))}
    ) as complete`);
  return rowsOf<{ complete: boolean }>(result)[0]?.complete === true;
}

/**
 * Whether the range has a last partial hour to read from the rollups: the hour of its end (which is `now`), when
 * the rollups hold the rest of the range and that hour has begun.
 */
function endsInPartialHour(window: DashboardWindow): boolean {
  const last = window.events.at(-1);
  return trailingEvents(window).length > 0 && last !== undefined && last.from.getTime() < last.to.getTime();
}

/** The window with its last partial hour read from the hourly rollups (see liveHourInRollups). */
function withLastHourFromRollups(window: DashboardWindow): DashboardWindow {
  const last = window.events.at(-1)!;
  const hour = { from: last.from, to: last.to };
  const events = window.events.slice(0, -1);
  if (window.mid?.unit === "hour") return { ...window, mid: { unit: "hour", span: { from: window.mid.span.from, to: last.to } }, events };
  return { ...window, edgeHours: [...window.edgeHours, hour], events };
}

/** `received_at` within the spans; the last one closed when it ends where the range does. */
const eventsWithin = (window: DashboardWindow, spans: Span[]) =>
  within("received_at", spans, spans.at(-1)?.to.getTime() === window.end.getTime());

/** Where the rollups begin in the range, if they hold any of it. */
const rollupsFrom = (window: DashboardWindow): number | null => {
  const starts = [...(window.mid ? [window.mid.span] : []), ...window.edgeHours].map((range) => range.from.getTime());
  return starts.length > 0 ? Math.min(...starts) : null;
};
/** The events spans before the rollups (the range's partial first hour; all of a 1-hour range)... */
const leadingEvents = (window: DashboardWindow) => {
  const from = rollupsFrom(window);
  return from === null ? window.events : window.events.filter((range) => range.to.getTime() <= from);
};
/** ...and after them: the last partial hour, unless the rollups hold it. */
const trailingEvents = (window: DashboardWindow) => {
  const from = rollupsFrom(window);
  return from === null ? [] : window.events.filter((range) => range.from.getTime() >= from);
};

/**
 * The range's first partial hour when the rollups hold the rest: its visitors are read from the hour's rows, not
 * its events. A row whose last event is at or after the range's start is a visitor in the range; its first event
 * in the range is the hour's first when that is in the range too, or when the hour's events all share one country
 * and device type (country_or_device_varies). Only the other rows' visitors need their events read.
 */
type LeadingHour = { hour: Date; span: Span };
const leadingHourOf = (window: DashboardWindow): LeadingHour | null => {
  const leading = leadingEvents(window);
  if (rollupsFrom(window) === null || leading.length === 0) return null;
  const span = leading[0]!;
  return { hour: new Date(floorTo(span.from.getTime(), HOUR_MS)), span };
};
/** Of the leading hour's rows in the range, those whose first event in the range may differ from the row's. */
const readFromEvents = (leading: LeadingHour) => sql`(first_seen < ${ts(leading.span.from)} and country_or_device_varies)`;
/** The leading hour's visitors in the range (last event at or after its start) that `extra` selects. */
const leadingVisitors = (leading: LeadingHour, extra: SQL) => sql`
  select visitor_id from ${analyticsVisitorHours}
  where hour = ${ts(leading.hour)} and last_seen >= ${ts(leading.span.from)} and ${extra}`;
/**
 * `visitor_id` among the visitors `query` selects. The EXISTS is a one-time test: with none (the usual case: every
 * hour whose visitors keep one country and device), the events around it are not read at all.
 */
const amongVisitors = (query: SQL) => sql`visitor_id in (${query}) and exists (${query})`;

/**
 * The whole units of the range that their summaries answer for: the days of a daily range, and the whole past hours
 * of an hourly one (the 24-hour range). The live hour, which every batch changes, is read row by row.
 */
type SummarizedUnits = { unit: SummaryUnit; span: Span };
function summarizedUnitsOf(window: DashboardWindow): SummarizedUnits | null {
  if (!window.mid) return null;
  if (window.mid.unit === "day") return { unit: "day", span: window.mid.span };
  const { from, to } = window.mid.span;
  const pastHoursEnd = floorTo(to.getTime(), HOUR_MS);
  return from.getTime() < pastHoursEnd ? { unit: "hour", span: { from, to: new Date(pastHoursEnd) } } : null;
}

/**
 * The visitor counts of summarized units, by unit, country and device (the unit is the chart's bucket there). A
 * row whose previous event is in an earlier unit than the one the range starts in is in the range (the per-hour
 * summaries' null prev_hour, more than 24 hours before, included); rows whose previous event is in that first,
 * partial unit are compared with the start one by one. The summary rows go out as they are, since the caller sums
 * them by country and device and by bucket anyway: grouped here as well, they were sorted on their text columns
 * (4 ms of the 24-hour range at 10 million events).
 */
function summarizedVisitors({ unit, span }: SummarizedUnits, start: Date): SQL {
  const { visitors } = SUMMARIES[unit];
  const name = sql.raw(unit);
  const startUnit = ts(new Date(floorTo(start.getTime(), unit === "day" ? DAY_MS : HOUR_MS)));
  // The hourly rows whose prev_seen is before the range's start are each their visitor's first row of their day
  // too (the summarized units begin after the start), so for days as for hours they are the rows summarized.
  return sql`
    select ${name} as bucket, country, device_type,
      case when prev_${name} is null or prev_${name} < ${startUnit} then visitors else 0 end as in_range, visitors as in_bucket
    from ${visitors} where ${within(unit, [span], false)}
    union all
    select ${binOf(`1 ${unit}`, "hour")}, country, device_type, count(*), 0 from ${analyticsVisitorHours}
    where ${within("hour", [span], false)} and prev_seen >= ${startUnit} and prev_seen < ${ts(start)}
    group by 1, 2, 3`;
}

type CountRow = { country: string | null; visitors: number };
type VisitorFigures = {
  unique_visitors: number;
  locations: CountRow[];
  devices: Array<{ type: string | null; count: number }>;
  series: Array<{ start: string; visitors: number }>;
};

/**
 * Unique visitors, countries, devices and each chart bucket's visitors, exact, without a distinct over the
 * visitors of the range: a visitor counts once, on its first row in the range, and the rows carry what tells
 * it (docs/decisions/027-analytics-at-scale.md):
 *
 * - the range's first partial hour from its hourly rows (leadingHourOf): a row last seen in the range is the
 *   visitor's first in it, with its attributes unless its first event is before the range and its events vary;
 * - the events of those other visitors in that hour, and all of a 1-hour range's events: distinct by visitor,
 *   with the attributes of the visitor's first event there;
 * - every hourly row of a whole hour in the range, each visitor's first hourly row of a whole day, and the last
 *   hour's rows of visitors whose first event in it is within the range: the row is the visitor's first in the
 *   range when prev_seen (their last event before the hour or day) is before the range, and its first in a chart
 *   bucket when prev_seen is before the bucket; its attributes are those of its first event.
 *
 * Whole past units are read from their summaries, those rows counted by unit, prev_seen's unit, country and
 * device, so the 30-day range adds up a few hundred rows per day, not one per visitor. A visitor's country and
 * device are those of their first event in the range (on equal times the greatest value).
 */
async function visitorFigures(read: Read, window: DashboardWindow, lastHour: Span | null): Promise<VisitorFigures> {
  const start = ts(window.start);
  const mid = window.mid;
  // One select per span, each a range of the hourly key: an OR of ranges in one select is costed as a scan of the
  // whole table (at 100 million events, a parallel scan of 9.6 million rows for the 7-day range's edge hours).
  const hourRows = (spans: Span[], extra: SQL) =>
    spans.map(
      (range) => sql`
    select ${bucketOf(window, "hour")} as bucket, prev_seen, country, device_type
    from ${analyticsVisitorHours} where ${within("hour", [range], false)} ${extra}`,
    );
  const leading = leadingHourOf(window);
  const summarized = summarizedUnitsOf(window);
  const rollupRows = [
    ...(leading
      ? hourRows(
          [{ from: leading.hour, to: new Date(leading.hour.getTime() + 1) }],
          sql`and last_seen >= ${start} and not ${readFromEvents(leading)}`,
        )
      : []),
    ...(mid?.unit === "hour" ? hourRows(span((summarized?.span ?? mid.span).to.getTime(), mid.span.to.getTime()), sql``) : []),
    ...hourRows(window.edgeHours, sql``),
    // The last partial hour when the events hold it: a visitor is in it when their first event there is.
    ...(lastHour
      ? hourRows([{ from: lastHour.from, to: new Date(lastHour.from.getTime() + 1) }], sql`and first_seen <= ${ts(lastHour.to)}`)
      : []),
  ];
  const result = await read(sql`
    with leading_events as (
      select ${bucketOf(window, "received_at")} as bucket, visitor_id, received_at, country, device_type
      from ${analyticsEvents} where ${eventsWithin(window, leadingEvents(window))} ${leading ? sql`and ${amongVisitors(leadingVisitors(leading, readFromEvents(leading)))}` : sql``}
    ),
    first_events as (
      select e.visitor_id, max(e.country) as country, max(e.device_type) as device_type
      from (select visitor_id, min(received_at) as first_seen from leading_events group by 1) as v
      join leading_events as e on e.visitor_id = v.visitor_id and e.received_at = v.first_seen
      group by 1
    ),
    rollup_rows as (${rollupRows.length > 0 ? sql.join(rollupRows, sql` union all `) : sql`select null::timestamptz as bucket, null::timestamptz as prev_seen, null::text as country, null::text as device_type where false`}),
    counts as (
      ${summarized ? sql`${summarizedVisitors(summarized, window.start)} union all` : sql``}
      select bucket, country, device_type,
        count(*) filter (where prev_seen is null or prev_seen < ${start}) as in_range,
        count(*) filter (where prev_seen is null or prev_seen < greatest(bucket, ${start})) as in_bucket
      from rollup_rows group by 1, 2, 3
      union all
      select null, country, device_type, count(*), 0 from first_events group by 2, 3
      union all
      -- Each bucket's visitors, as its distinct (bucket, visitor) pairs: hashed, where count(distinct) sorted every
      -- event by bucket (on disk past work_mem: the last hour's 111,000 events took 78 ms, the pairs 22 ms).
      select bucket, null, null, 0, count(*) from (select bucket, visitor_id from leading_events group by 1, 2) as pairs group by 1
    ),
    by_visitor as (select country, device_type, sum(in_range) as visitors from counts group by 1, 2)
    select json_build_object(
      'unique_visitors', (select coalesce(sum(visitors), 0) from by_visitor),
      'locations', (
        select coalesce(json_agg(r), '[]') from (
          select country, sum(visitors) as visitors from by_visitor group by country having sum(visitors) > 0
          order by sum(visitors) desc, country nulls last limit ${LOCATIONS_LIMIT}
        ) as r),
      'devices', (
        select coalesce(json_agg(r), '[]') from (
          select device_type as type, sum(visitors) as count from by_visitor group by device_type having sum(visitors) > 0
          order by sum(visitors) desc, device_type nulls last
        ) as r),
      'series', (
        select coalesce(json_agg(r), '[]') from (
          select bucket as start, sum(in_bucket) as visitors from counts where bucket is not null group by bucket
        ) as r)
    ) as figures`);
  return parseJson<VisitorFigures>(rowsOf<{ figures: unknown }>(result)[0]?.figures);
}

type RecentRow = {
  masked_ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  device_type: string | null;
  timezone: string | null;
  pages: number;
  last_seen: string;
};

/**
 * The 50 visitors whose last event in the range is the latest: from the hourly rows, newest first, each visitor's
 * latest hour in the range only, and from the events the rollups do not hold; then their page views in the range,
 * and the details of their latest hour. The events are read once, for both: looked up again per visitor, through
 * an index that leads with the time, they cost 31 ms of the 24-hour range at 10 million events.
 */
async function recentVisitors(read: Read, window: DashboardWindow): Promise<RecentRow[]> {
  const mid = window.mid;
  const leading = leadingHourOf(window);
  const hours = [
    ...(leading ? [{ from: leading.hour, to: leading.span.to }] : []),
    ...(mid?.unit === "hour" ? [mid.span] : []),
    ...window.edgeHours,
    ...(mid?.unit === "day" ? [mid.span] : []),
  ];
  const hourFrom = hours.length > 0 ? new Date(Math.min(...hours.map((range) => range.from.getTime()))) : window.end;
  const hourTo = hours.length > 0 ? new Date(Math.max(...hours.map((range) => range.to.getTime()))) : window.end;
  // The leading hour's rows count from the range's start: a row last seen before it is a visitor before the range.
  const lastSeenFrom = leading ? window.start : hourFrom;
  const start = ts(window.start);
  // A recent visitor's page views in the leading hour: the row's when its first event is in the range, else from the events.
  const leadingPages = leading
    ? sql`
        select visitor_id, page_views from ${analyticsVisitorHours}
        where hour = ${ts(leading.hour)} and first_seen >= ${start} and visitor_id in (select visitor_id from recent)
        union all
        select visitor_id, count(*) filter (where event = 'page_view') from ${analyticsEvents}
        where ${eventsWithin(window, [leading.span])}
          and ${amongVisitors(leadingVisitors(leading, sql`first_seen < ${start} and visitor_id in (select visitor_id from recent)`))}
        group by 1
        union all`
    : sql``;
  const result = await read(sql`
    with from_hours as (
      select visitor_id, last_seen from ${analyticsVisitorHours} as h
      where h.last_seen >= ${ts(lastSeenFrom)} and h.last_seen <= ${ts(window.end)} and h.hour >= ${ts(hourFrom)} and h.hour < ${ts(hourTo)}
        -- The visitor's latest hour in the range. Said of the last hour without a lookup: its rows are read whole
        -- (sorted by last_seen below), and a lookup each cost 31 ms with 6,000 visitors in that hour.
        and (h.hour >= ${ts(new Date(floorTo(hourTo.getTime() - 1, HOUR_MS)))} or not exists (
          select 1 from ${analyticsVisitorHours} as later
          where later.visitor_id = h.visitor_id and later.hour > h.hour and later.hour < ${ts(hourTo)}
        ))
      -- A row's last event is within its hour, so this is last_seen's order, and the hour's index gives it without
      -- one on last_seen (there is none: see analytics_visitor_hours).
      order by h.hour desc, h.last_seen desc, h.visitor_id
      limit ${RECENT_VISITORS_LIMIT}
    ),
    from_events as (
      select visitor_id, max(received_at) as last_seen, count(*) filter (where event = 'page_view') as page_views from ${analyticsEvents}
      where ${eventsWithin(window, leading ? trailingEvents(window) : window.events)} group by 1
    ),
    recent as (
      select visitor_id, max(last_seen) as last_seen
      from (select visitor_id, last_seen from from_hours union all select visitor_id, last_seen from from_events) as c
      group by 1 order by 2 desc, 1 limit ${RECENT_VISITORS_LIMIT}
    ),
    pages as (
      select visitor_id, sum(page_views) as pages from (
        ${leadingPages}
        select visitor_id, page_views from ${analyticsVisitorHours}
        where visitor_id in (select visitor_id from recent) and ${within("hour", [...(mid ? [mid.span] : []), ...window.edgeHours], false)}
        union all
        select visitor_id, page_views from from_events where visitor_id in (select visitor_id from recent)
      ) as p group by 1
    )
    select coalesce(json_agg(r order by r.last_seen desc, r.visitor_id), '[]') as recent from (
      select recent.visitor_id, recent.last_seen, coalesce(pages.pages, 0) as pages,
        h.masked_ip, h.city, h.region, h.country, h.device_type, h.timezone
      from recent
      left join pages using (visitor_id)
      left join ${analyticsVisitorHours} as h on h.hour = date_trunc('hour', recent.last_seen, 'UTC') and h.visitor_id = recent.visitor_id
    ) as r`);
  return parseJson<RecentRow[]>(rowsOf<{ recent: unknown }>(result)[0]?.recent);
}

type PageFigures = { top: Array<{ path: string; views: number }>; series: Array<{ start: string; page_views: number }> };

/**
 * Page views per chart bucket and the top pages, from the page rollups and the events they do not hold. The range's
 * first partial hour reads the fewer events: its views in the range, or when the range starts in the hour's first
 * half, the hour's rollup rows less the views before the range.
 */
async function pageFigures(read: Read, window: DashboardWindow): Promise<PageFigures> {
  const mid = window.mid;
  const leading = leadingHourOf(window);
  const eventViews = (spans: Span[], sign: SQL) => sql`
    select ${bucketOf(window, "received_at")} as bucket, page, ${sign}count(*) as views from ${analyticsEvents}
    where event = 'page_view' and ${eventsWithin(window, spans)}
    group by 1, 2`;
  const leadingPageViews = ({ hour, span }: LeadingHour) => {
    if (span.from.getTime() - hour.getTime() >= HOUR_MS / 2) return eventViews([span], sql``);
    return sql`
      select ${bucketOf(window, "hour")} as bucket, page, views from ${analyticsPageHours} where hour = ${ts(hour)}
      union all
      ${eventViews([{ from: hour, to: span.from }], sql`-`)}`;
  };
  const fromLeading = leading ? sql`${leadingPageViews(leading)} union all` : sql``;
  const fromMid = mid
    ? sql`
      select ${sql.raw(mid.unit)} as bucket, page, views from ${mid.unit === "day" ? analyticsPageDays : analyticsPageHours}
      where ${within(mid.unit, [mid.span], false)}
      union all`
    : sql``;
  const result = await read(sql`
    with views as (
      select bucket, page, sum(views) as views from (
        ${fromMid}
        ${fromLeading}
        select ${bucketOf(window, "hour")} as bucket, page, views from ${analyticsPageHours} where ${within("hour", window.edgeHours, false)}
        union all
        ${eventViews(leading ? trailingEvents(window) : window.events, sql``)}
      ) as p group by 1, 2
      -- A page seen only before the range, in its first hour: nothing in the range.
      having sum(views) > 0
    )
    select json_build_object(
      'top', (
        select coalesce(json_agg(r), '[]') from (
          select page as path, sum(views) as views from views group by page order by sum(views) desc, page limit ${TOP_PAGES_LIMIT}
        ) as r),
      'series', (select coalesce(json_agg(r), '[]') from (select bucket as start, sum(views) as page_views from views group by bucket) as r)
    ) as figures`);
  return parseJson<PageFigures>(rowsOf<{ figures: unknown }>(result)[0]?.figures);
}

/**
 * Sessions whose span overlaps the range (ended at or after its start, started at or before its end), and
 * their mean length. Over whole days, by the day they ended, from analytics_session_day_counts (the 24-hour
 * range: whole past hours from analytics_session_hour_counts); the rest (the first partial day or hour, and the
 * sessions ending on the last day or hour or later) from analytics_sessions by
 * analytics_sessions_ended_started_idx, an index-only scan.
 */
async function sessionFigures(read: Read, window: DashboardWindow): Promise<{ sessions: number; avgMs: number }> {
  const whole = summarizedUnitsOf(window);
  // The lengths are summed as intervals and converted once: numeric arithmetic per session cost twice the scan.
  const rows = (where: SQL) => sql`
    select count(*) as sessions, coalesce(extract(epoch from sum(ended_at - started_at)) * 1000, 0) as total_ms
    from ${analyticsSessions} where ${where}`;
  const parts = whole
    ? sql`
      ${rows(sql`ended_at >= ${ts(window.start)} and ended_at < ${ts(whole.span.from)}`)}
      union all
      select coalesce(sum(sessions), 0), coalesce(sum(total_ms), 0) from ${SUMMARIES[whole.unit].sessions} where ${within(whole.unit, [whole.span], false)}
      union all
      ${rows(sql`ended_at >= ${ts(whole.span.to)} and started_at <= ${ts(window.end)}`)}`
    : rows(sql`ended_at >= ${ts(window.start)} and started_at <= ${ts(window.end)}`);
  const result = await read(sql`select sum(sessions)::int as sessions, sum(total_ms)::float8 as total_ms from (${parts}) as p`);
  const row = rowsOf<{ sessions: number; total_ms: number }>(result)[0];
  const sessions = Number(row?.sessions ?? 0);
  return { sessions, avgMs: sessions > 0 ? Math.round(Number(row?.total_ms ?? 0) / sessions) : 0 };
}

/**
 * Distinct visitors over the last 5 and 10 minutes. When the rollups hold the current hour, they come from the hourly
 * rows of the hours the 10 minutes touch (this one, and the previous one in this hour's first 10 minutes): one row per
 * visitor and hour instead of every event. A visitor's rows form a chain, each row's prev_seen the last_seen of the one
 * before, so of a visitor's rows last seen since `since`, all but the first have a prev_seen since then too: the rows
 * last seen since then, less those whose prev_seen is, count each visitor once, in one pass and with no lookup or
 * aggregate by visitor. Across an hour's start at 10 million events that takes 6 to 9 ms, where leaving out the
 * previous hour's rows by a lookup per row took 37 to 40 ms (decision 027).
 */
async function realTime(db: Database, now: Date, fromRollups: boolean): Promise<{ current: number; last10min: number }> {
  const current = ts(new Date(now.getTime() - REALTIME_CURRENT_MINUTES * MINUTE_MS));
  const recent = new Date(now.getTime() - REALTIME_RECENT_MINUTES * MINUTE_MS);
  const visitorsSince = (since: SQL) =>
    sql`(count(*) filter (where last_seen >= ${since}) - count(*) filter (where prev_seen >= ${since}))::int`;
  const result = await db.execute(
    fromRollups
      ? sql`
        select ${visitorsSince(current)} as current, ${visitorsSince(ts(recent))} as recent
        from ${analyticsVisitorHours}
        where hour >= ${ts(new Date(floorTo(recent.getTime(), HOUR_MS)))} and last_seen <= ${ts(now)}`
      : sql`
        select count(distinct visitor_id) filter (where received_at >= ${current})::int as current, count(distinct visitor_id)::int as recent
        from ${analyticsEvents}
        where received_at >= ${ts(recent)} and received_at <= ${ts(now)}`,
  );
  const row = rowsOf<{ current: number; recent: number }>(result)[0];
  return { current: Number(row?.current ?? 0), last10min: Number(row?.recent ?? 0) };
}

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** Every bucket of the range, oldest first, zero where nothing happened. */
function fillSeries(window: DashboardWindow, visitors: VisitorFigures["series"], views: PageFigures["series"]): AnalyticsSeriesPoint[] {
  const visitorsAt = new Map(visitors.map((row) => [new Date(row.start).getTime(), Number(row.visitors)]));
  const viewsAt = new Map(views.map((row) => [new Date(row.start).getTime(), Number(row.page_views)]));
  const points: AnalyticsSeriesPoint[] = [];
  for (let at = floorTo(window.start.getTime(), window.bucketMs); at <= window.end.getTime(); at += window.bucketMs) {
    points.push({ start: new Date(at).toISOString(), visitors: visitorsAt.get(at) ?? 0, pageViews: viewsAt.get(at) ?? 0 });
  }
  return points;
}

export type DashboardOptions = { timeRange: AnalyticsTimeRange; now?: Date };

/** The dashboard for one range. `now` is a parameter so tests (and the benchmark) can pin the window. */
export async function getAnalyticsDashboard(db: Database, options: DashboardOptions): Promise<AnalyticsDashboard> {
  const now = options.now ?? new Date();
  const cut = dashboardWindow(options.timeRange, now);
  const began = performance.now();
  // Whether the rollups hold the live hour decides the range's last partial hour and where the real-time counts
  // read: the hour's rows in every range, the 1-hour one too, whose own figures read its events (chart buckets of
  // minutes); counting the last 10 minutes from some 40,000 events took 200 ms at 10 million events, the rows 5 ms.
  // What does not depend on it runs beside the check: the alert, the raw events' reach, and the summaries of the
  // whole units (the last hour only moves the whole hours' end to the range's, within the hour where they end).
  const summarized = summarizedUnitsOf(cut);
  const [liveInRollups, lastAlert, rawEventsSince] = await Promise.all([
    liveHourInRollups(db, now),
    readLastVisitorAlert(db),
    rawEventsSinceDropped(db, now),
    summarized ? ensureSummaries(db, summarized.unit, summarized.span.from, summarized.span.to) : undefined,
  ]);
  const lastInRollups = liveInRollups && endsInPartialHour(cut);
  const window = lastInRollups ? withLastHourFromRollups(cut) : cut;
  const leading = leadingHourOf(window);
  const lastHourFromEvents = lastInRollups ? null : (trailingEvents(window)[0] ?? null);
  const read = readerOf(db, window);
  const [figures, pages, recent, sessions, live, campaigns] = await Promise.all([
    visitorFigures(read, window, lastHourFromEvents),
    pageFigures(read, window),
    recentVisitors(read, window),
    sessionFigures(read, window),
    realTime(db, now, liveInRollups),
    campaignsInRange(db, { from: window.start, to: window.end }),
  ]);
  const queryMs = Math.round((performance.now() - began) * 10) / 10;

  const unique = Number(figures.unique_visitors);
  const series = fillSeries(window, figures.series, pages.series);
  const visitors: AnalyticsVisitor[] = recent.map((row) => ({
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
      pageViews: series.reduce((total, point) => total + point.pageViews, 0),
      avgSessionTime: sessions.avgMs,
    },
    visitors,
    topPages: pages.top.map((row) => ({ path: row.path, views: Number(row.views) })),
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
    series: { bucket: ANALYTICS_SERIES_BUCKET_OF[options.timeRange], points: series },
    realTime: live,
    campaigns,
    alert: visitorAlertState(lastAlert, live.last10min),
    rawEventsSince: rawEventsSince?.toISOString() ?? null,
    debug: {
      dataSource: "postgres",
      timeRange: options.timeRange,
      startTime: window.start.toISOString(),
      endTime: window.end.toISOString(),
      queryMs,
      sources: {
        days: window.mid?.unit === "day" ? isoSpan(window.mid.span) : null,
        // The first partial hour's visitors come from its hourly rows, its page views partly from the events: both.
        hours: [...(leading ? [leading.span] : []), ...(window.mid?.unit === "hour" ? [window.mid.span] : []), ...window.edgeHours].map(
          isoSpan,
        ),
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
