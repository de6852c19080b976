import { sql, type SQL } from "drizzle-orm";
import { SESSION_GAP_MINUTES } from "#common/analytics/dashboard.ts";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import {
  analyticsEvents,
  analyticsPageDays,
  analyticsPageHours,
  analyticsSessions,
  analyticsVisitorDays,
  analyticsVisitorHours,
} from "#server/db/schema/analytics.ts";

/**
 * The dashboard's rollups (docs/decisions/004-analytics-dashboard.md), kept by two paths that must agree:
 *
 * - incremental: every batch the event writer inserts goes through `insertEventsWithRollups`, which
 *   inserts the events and folds exactly those rows into the rollups, in one statement and one transaction;
 * - rebuild: `rebuildRollups` recomputes every rollup from analytics_events (start-up backfill of a
 *   database that has events but no rollups yet, and the benchmark after its bulk load).
 *
 * Both use the same SQL fragments below (per hour or day aggregation, session runs); the tests check that feeding
 * events in any batches and any order gives the same rows as a rebuild.
 *
 * Rollup maintenance is serialised across app instances by one transaction-level advisory lock: the
 * session merge reads the runs it extends, so two batches of the same session must not interleave. A batch
 * holds it for a few milliseconds; the ingest never waits on it (the writer buffers).
 */

/** Any fixed number, distinct from the migration lock's. */
const ROLLUP_LOCK_KEY = 7_100_300;

const GAP = sql.raw(`interval '${SESSION_GAP_MINUTES} minutes'`);

/** The columns a rollup needs from an event; `insertEventsWithRollups` gets them back from its INSERT. */
const EVENT_COLUMNS = sql.raw(
  [
    "id",
    "received_at",
    "event",
    "page",
    "session_id",
    "visitor_id",
    "masked_ip",
    "country",
    "region",
    "city",
    "timezone",
    "device_type",
  ].join(", "),
);

type Unit = "hour" | "day";
const VISITOR_TABLE = { hour: analyticsVisitorHours, day: analyticsVisitorDays } as const;
const PAGE_TABLE = { hour: analyticsPageHours, day: analyticsPageDays } as const;
/** What each visitor table keeps of the latest event: the hourly one all the Recent Visitors list shows, the daily one what the counts need. */
const VISITOR_ATTRIBUTES: Record<Unit, string[]> = {
  hour: ["masked_ip", "country", "region", "city", "timezone", "device_type"],
  day: ["country", "device_type"],
};
const visitorColumns = (unit: Unit) =>
  sql.raw([unit, "visitor_id", "last_seen", "events", "page_views", ...VISITOR_ATTRIBUTES[unit]].join(", "));

/**
 * One row per (UTC hour or day, visitor) of the events in `source`: last event, counts, and the attributes
 * of the latest event (ties broken by the higher id, which is also the later insert).
 */
const visitorRollupOf = (unit: Unit, source: SQL) => sql`
  select distinct on (${sql.raw(unit)}, visitor_id)
    ${sql.raw(unit)}, visitor_id,
    max(received_at) over w as last_seen,
    count(*) over w as events,
    count(*) filter (where event = 'page_view') over w as page_views,
    ${sql.raw(VISITOR_ATTRIBUTES[unit].join(", "))}
  from (select date_trunc(${sql.raw(`'${unit}'`)}, received_at, 'UTC') as ${sql.raw(unit)}, * from ${source} as source) as e
  window w as (partition by ${sql.raw(unit)}, visitor_id)
  order by ${sql.raw(unit)}, visitor_id, received_at desc, id desc`;

const pageRollupOf = (unit: Unit, source: SQL) => sql`
  select date_trunc(${sql.raw(`'${unit}'`)}, received_at, 'UTC') as ${sql.raw(unit)}, page, count(*) as views
  from ${source} as source
  where event = 'page_view'
  group by 1, 2`;

/**
 * Adds a batch's rollup rows to the stored ones. The newer event's attributes win; on equal times the later
 * batch (batches are serialised by the lock, so a later batch has higher ids, which is the rebuild's order).
 */
function upsertVisitors(unit: Unit, source: SQL): SQL {
  const latest = VISITOR_ATTRIBUTES[unit].map(
    (column) => `${column} = case when excluded.last_seen >= t.last_seen then excluded.${column} else t.${column} end`,
  );
  return sql`
    insert into ${VISITOR_TABLE[unit]} as t (${visitorColumns(unit)})
    ${visitorRollupOf(unit, source)}
    on conflict (${sql.raw(unit)}, visitor_id) do update set
      last_seen = greatest(t.last_seen, excluded.last_seen),
      events = t.events + excluded.events,
      page_views = t.page_views + excluded.page_views,
      ${sql.raw(latest.join(",\n      "))}`;
}

const upsertPages = (unit: Unit, source: SQL) => sql`
  insert into ${PAGE_TABLE[unit]} as t (${sql.raw(unit)}, page, views)
  ${pageRollupOf(unit, source)}
  on conflict (${sql.raw(unit)}, page) do update set views = t.views + excluded.views`;

/**
 * Session runs from `pieces` (session_id, started_at, ended_at, events, page_views): pieces of one session
 * id whose gap is at most SESSION_GAP_MINUTES join one run. A piece is a single event, or a run stored
 * earlier: since a run has no gap longer than the limit inside it, merging runs and new events this way
 * gives exactly the runs of all their events together, whatever order the events arrived in.
 */
const sessionRunsOf = (pieces: SQL) => sql`
  select session_id, min(started_at) as started_at, max(ended_at) as ended_at, sum(events) as events, sum(page_views) as page_views
  from (
    select *, count(*) filter (where previous_end is null or started_at - previous_end > ${GAP})
      over (partition by session_id order by started_at, ended_at rows unbounded preceding) as run
    from (
      select *, max(ended_at) over (partition by session_id order by started_at, ended_at rows between unbounded preceding and 1 preceding) as previous_end
      from ${pieces} as p
    ) as ordered
  ) as runs
  group by session_id, run`;

const SESSION_COLUMNS = sql.raw("session_id, started_at, ended_at, events, page_views");

/**
 * Runs `insertEvents` (an `INSERT INTO analytics_events ... SELECT ...` without RETURNING) and updates
 * every rollup with the rows it inserted, atomically: the dashboard never sees events without their rollups.
 */
export async function insertEventsWithRollups(db: Database, insertEvents: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRollups(tx);
    await tx.execute(sql`
      with inserted as (${insertEvents} returning ${EVENT_COLUMNS}),
      visitor_hours as (${upsertVisitors("hour", sql`inserted`)}),
      visitor_days as (${upsertVisitors("day", sql`inserted`)}),
      page_hours as (${upsertPages("hour", sql`inserted`)}),
      page_days as (${upsertPages("day", sql`inserted`)}),
      touched as (
        select session_id, min(received_at) as first_at, max(received_at) as last_at from inserted group by session_id
      ),
      -- The stored runs these events can join: within the gap of any of them. They are replaced by the merge.
      joined as (
        select s.id, s.session_id, s.started_at, s.ended_at, s.events, s.page_views
        from ${analyticsSessions} as s
        join touched on touched.session_id = s.session_id
        where s.ended_at >= touched.first_at - ${GAP} and s.started_at <= touched.last_at + ${GAP}
      ),
      replaced as (delete from ${analyticsSessions} where id in (select id from joined)),
      pieces as (
        select session_id, started_at, ended_at, events, page_views from joined
        union all
        select session_id, received_at, received_at, 1, (event = 'page_view')::int from inserted
      )
      insert into ${analyticsSessions} (${SESSION_COLUMNS})
      ${sessionRunsOf(sql`pieces`)}`);
  });
}

/**
 * Recomputes every rollup from analytics_events, under the same lock as the writer (batches wait, then
 * continue incrementally from the rebuilt state). Used to backfill and by the benchmark after a bulk load.
 */
export async function rebuildRollups(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRollups(tx);
    await rebuildLocked(tx);
  });
}

/**
 * At start-up: a database that has events but no rollups (events written before the rollups existed)
 * gets them built once. Checked under the lock, so instances starting together build them once.
 * Returns whether it rebuilt.
 */
export async function ensureRollups(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const missing = await rollupsMissing(tx);
    if (!missing) return false;
    await lockRollups(tx);
    if (!(await rollupsMissing(tx))) return false;
    await rebuildLocked(tx);
    return true;
  });
}

async function rollupsMissing(tx: Executor): Promise<boolean> {
  const result = await tx.execute(sql`
    select exists (select 1 from ${analyticsEvents}) and not exists (select 1 from ${analyticsVisitorHours}) as missing`);
  return rowsOf<{ missing: boolean }>(result)[0]?.missing === true;
}

async function lockRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_KEY})`);
}

async function rebuildLocked(tx: Executor): Promise<void> {
  await tx.execute(
    sql`truncate ${analyticsVisitorHours}, ${analyticsVisitorDays}, ${analyticsPageHours}, ${analyticsPageDays}, ${analyticsSessions} restart identity`,
  );
  const events = sql`(select ${EVENT_COLUMNS} from ${analyticsEvents})`;
  await tx.execute(sql`insert into ${analyticsVisitorHours} (${visitorColumns("hour")}) ${visitorRollupOf("hour", events)}`);
  await tx.execute(sql`insert into ${analyticsPageHours} (hour, page, views) ${pageRollupOf("hour", events)}`);
  // A day is the sum of its hours: reading the hourly rollups instead of every event again halves the rebuild.
  await tx.execute(sql`
    insert into ${analyticsVisitorDays} (${visitorColumns("day")})
    select distinct on (day, visitor_id)
      day, visitor_id, max(last_seen) over w, sum(events) over w, sum(page_views) over w, ${sql.raw(VISITOR_ATTRIBUTES.day.join(", "))}
    from (select date_trunc('day', hour, 'UTC') as day, * from ${analyticsVisitorHours}) as h
    window w as (partition by day, visitor_id)
    order by day, visitor_id, last_seen desc`);
  await tx.execute(sql`
    insert into ${analyticsPageDays} (day, page, views)
    select date_trunc('day', hour, 'UTC'), page, sum(views) from ${analyticsPageHours} group by 1, 2`);
  await tx.execute(sql`
    insert into ${analyticsSessions} (${SESSION_COLUMNS})
    ${sessionRunsOf(sql`(select session_id, received_at as started_at, received_at as ended_at, 1 as events, (event = 'page_view')::int as page_views from ${analyticsEvents})`)}`);
}
