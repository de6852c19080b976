import { getTableName, sql, type SQL, type Table } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { SESSION_GAP_MINUTES } from "#common/analytics/dashboard.ts";
import { LANDING_PAGE } from "#common/analytics/funnel.ts";
import { preparedStatement, rowsOf, runsTransactionsSideBySide, type Database, type Executor } from "#server/db/client.ts";
import {
  analyticsEvents,
  analyticsLandingDayCounts,
  analyticsLandingDays,
  analyticsPageDays,
  analyticsPageHours,
  analyticsSessionDayCounts,
  analyticsSessionHourCounts,
  analyticsSessions,
  analyticsVisitorDayCounts,
  analyticsVisitorHourCounts,
  analyticsVisitorHours,
} from "#server/db/schema/analytics.ts";
import { deferEveryIndex } from "#server/infra/deferred-indexes.ts";
import { indexStage, stagedTableOf, swapInStage, type StagedTable } from "#server/infra/staged-tables.ts";

/**
 * The dashboard's rollups (docs/decisions/004-analytics-dashboard.md, 027-analytics-at-scale.md), kept by
 * two paths that must agree:
 *
 * - incremental: every batch the event writer inserts goes through `eventsWithRollupsWriter`'s statement, which
 *   inserts the events and folds exactly those rows into the rollups, in one statement and one transaction,
 *   and drops the per-day and per-hour summaries of the units it changed (`ensureSummaries` computes them again);
 * - rebuild: `rebuildRollups` recomputes every rollup from analytics_events (start-up backfill of a
 *   database that has events but no rollups yet, after a restore, and the benchmark after its bulk load). On
 *   Postgres a second connection computes the visitor hours meanwhile (stageBeside).
 *
 * Every merge rule is order-independent (sums, least and greatest, the first event's attributes with the
 * greatest value on equal times), so feeding events in any batches and any order gives a rebuild's rows: the
 * tests check exactly that, and that every figure equals a brute-force count. A normal day never needs a
 * rebuild; late events (another instance's batch overtaking this one) are merged like any other.
 *
 * Rollup maintenance is serialised across app instances by one transaction-level advisory lock (lockRollups): the
 * session merge reads the runs it extends, so two batches of the same session must not interleave. A batch
 * holds it for a few milliseconds; the ingest never waits on it (the writer buffers).
 */

/** Any fixed number, distinct from the migration lock's. */
export const ROLLUP_LOCK_KEY = 7_100_300;

const GAP = sql.raw(`interval '${SESSION_GAP_MINUTES} minutes'`);

/** The columns a rollup needs from an event; `eventsWithRollupsWriter` gets them back from its INSERT. */
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
const PAGE_TABLE = { hour: analyticsPageHours, day: analyticsPageDays } as const;

/**
 * A visitor rollup: one row per unit and visitor over some events, with first_seen, last_seen, prev_seen,
 * counts and the first event's attributes. The dashboard's hourly and daily ones hold every event; the
 * landing one (the Funnel's visitors of `/`) only the page views of `/`, merged by the same rules.
 */
type VisitorRollup = {
  table: typeof analyticsVisitorHours | typeof analyticsLandingDays;
  unit: Unit;
  /** What the row keeps of the first event: the hourly one all the Recent Visitors list shows, the daily one what the counts need. */
  attributes: string[];
  /** Which events it holds, as a condition on an event row. */
  events: SQL;
  /** Whether it keeps country_or_device_varies (the hourly one: the dashboard reads a range's first partial hour from it). */
  variation: boolean;
};
const VISITOR_HOURS: VisitorRollup = {
  table: analyticsVisitorHours,
  unit: "hour",
  attributes: ["masked_ip", "country", "region", "city", "timezone", "device_type"],
  events: sql`true`,
  variation: true,
};
/**
 * The attributes whose variation within an hour the hourly rows record (country_or_device_varies): the ones the
 * daily ranges count by.
 */
const VARYING = ["country", "device_type"];
const LANDING_DAYS: VisitorRollup = {
  table: analyticsLandingDays,
  unit: "day",
  attributes: [],
  events: sql.raw(`page = '${LANDING_PAGE}' and event = 'page_view'`),
  variation: false,
};

/** The column that says whether a group of events (or of hourly rows) differs in the VARYING attributes. */
const VARIES = "country_or_device_varies";
/** ` over <window>` after an aggregate when it runs as a window function over `window` (named in the statement); nothing otherwise. */
const overWindow = (window: string) => (window ? ` over ${window}` : "");
const variesAmong = (alias: string, over = "") => {
  const window = overWindow(over);
  return sql.raw(
    VARYING.map(
      (column) =>
        `min(${alias}.${column})${window} is distinct from max(${alias}.${column})${window} or count(${alias}.${column})${window} not in (0, count(*)${window})`,
    ).join(" or ") + ` as ${VARIES}`,
  );
};
/** The rollup's country_or_device_varies in a select list, after its attributes (none for rollups that do not keep it). */
const variationOf = (rollup: VisitorRollup, alias: string) => sql.raw(rollup.variation ? `, ${alias}.${VARIES}` : "");

const visitorColumns = (rollup: VisitorRollup) =>
  sql.raw(
    [
      rollup.unit,
      "visitor_id",
      "first_seen",
      "last_seen",
      "prev_seen",
      "events",
      "page_views",
      ...rollup.attributes,
      ...(rollup.variation ? [VARIES] : []),
    ].join(", "),
  );
/** date_bin's origin, a UTC midnight: bins of minutes, hours and days start on UTC boundaries. */
const UTC_ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);
/**
 * The aligned UTC period of `width` a time is in. date_bin from a UTC midnight is arithmetic on the stored
 * microseconds, where date_trunc(unit, time, 'UTC') goes through the time zone database: 0.5 µs a call, about 5 s
 * of every pass over 10 million events in a rebuild.
 */
export const binOf = (width: string, column: string) => sql`date_bin(${sql.raw(`interval '${width}'`)}, ${sql.raw(column)}, ${UTC_ORIGIN})`;
/**
 * Sorts, groups and joins on visitor and session ids by their bytes. The rebuild sorts about a million rows by id,
 * and under a language collation every comparison goes through strcoll, without abbreviated keys; ids are hex or
 * ASCII, so the order is the same. At 10 million events this took the hourly rows' statement from 39.8 to 30.6 s.
 */
const BYTES = sql.raw(`collate "C"`);

/** The UTC hour or day a time is in. */
const truncTo = (unit: Unit, column: string) => binOf(`1 ${unit}`, column);
/** The first event's attributes: of the events at `first_seen`, the greatest value of each (order-independent on ties). */
const firstAttributes = (rollup: VisitorRollup, alias: string, over = "") =>
  sql.raw(rollup.attributes.map((column) => `, max(${alias}.${column})${overWindow(over)} as ${column}`).join(""));
/** The rollup's events among `source`'s. */
const eventsOf = (rollup: VisitorRollup, source: SQL) => sql`(select * from ${source} as all_events where ${rollup.events})`;

/**
 * One row per (UTC hour or day, visitor) of a batch of events (`source`, a CTE of the inserted rows): first
 * and last event, counts, the first event's attributes, and prev_seen, the visitor's last event before the
 * unit, from the stored rows of earlier units and the batch's own earlier events.
 */
function batchVisitorsOf(rollup: VisitorRollup, batch: SQL): SQL {
  const { table } = rollup;
  const name = sql.raw(rollup.unit);
  const source = eventsOf(rollup, batch);
  return sql`
    select n.${name}, n.visitor_id, n.first_seen, n.last_seen,
      greatest(
        (select max(s.last_seen) from ${table} as s where s.visitor_id = n.visitor_id and s.${name} < n.${name}),
        max(n.last_seen) over (partition by n.visitor_id order by n.${name} rows between unbounded preceding and 1 preceding)
      ) as prev_seen,
      n.events, n.page_views${sql.raw(rollup.attributes.map((column) => `, ${column}`).join(""))}${variationOf(rollup, "n")}
    from (
      select ${truncTo(rollup.unit, "received_at")} as ${name}, visitor_id, min(received_at) as first_seen, max(received_at) as last_seen,
        count(*) as events, count(*) filter (where event = 'page_view') as page_views${rollup.variation ? sql`, ${variesAmong("e")}` : sql``}
      from ${source} as e group by 1, 2
    ) as n
    ${firstEventOf(rollup, source)}`;
}

/**
 * Joins a batch's rows (`n`) to the attributes of their first event, for a rollup that keeps any: one group per
 * visitor and instant matches each row. A rollup that keeps none (the landing days) has no join at all: the
 * planner, expecting about one event of `/` in a batch, would otherwise run it as a nested loop that sorts and
 * groups the batch again for every row.
 */
const firstEventOf = (rollup: VisitorRollup, source: SQL) =>
  rollup.attributes.length === 0
    ? sql``
    : sql`join (
      select e.visitor_id, e.received_at${firstAttributes(rollup, "e")} from ${source} as e group by 1, 2
    ) as a on a.visitor_id = n.visitor_id and a.received_at = n.first_seen`;

/**
 * Adds a batch's rows to the stored ones. Counts add up, the first event's attributes are the earlier
 * row's (on equal times, the greatest value), prev_seen the later of both. Order-independent, so any
 * batches in any order give a rebuild's rows.
 */
function upsertVisitors(rollup: VisitorRollup, batch: SQL): SQL {
  const first = rollup.attributes.map(
    (column) =>
      `, ${column} = case when excluded.first_seen < t.first_seen then excluded.${column} ` +
      `when excluded.first_seen = t.first_seen then greatest(t.${column}, excluded.${column}) else t.${column} end`,
  );
  return sql`
    insert into ${rollup.table} as t (${visitorColumns(rollup)})
    ${batchVisitorsOf(rollup, batch)}
    on conflict (${sql.raw(rollup.unit)}, visitor_id) do update set
      first_seen = least(t.first_seen, excluded.first_seen),
      last_seen = greatest(t.last_seen, excluded.last_seen),
      prev_seen = greatest(t.prev_seen, excluded.prev_seen),
      events = t.events + excluded.events,
      page_views = t.page_views + excluded.page_views
      ${sql.raw(first.join("\n      "))}
      ${
        // Both sides' own variation, or two uniform sides that differ (the stored first attributes are the old row's).
        rollup.variation
          ? sql.raw(
              `, ${VARIES} = t.${VARIES} or excluded.${VARIES} or ` +
                VARYING.map((column) => `t.${column} is distinct from excluded.${column}`).join(" or "),
            )
          : sql``
      }`;
}

/**
 * A batch's events that arrive after the visitor's later units were stored (another instance's batch
 * overtook this one across an hour or midnight) move those rows' prev_seen forward. The rows the batch
 * itself writes are left to the upsert: one statement must not change a row twice. With batches in order
 * the join finds nothing (analytics_visitor_*_visitor_*_idx).
 */
function laterVisitors(rollup: VisitorRollup, batch: SQL): SQL {
  const { table } = rollup;
  const name = sql.raw(rollup.unit);
  const source = eventsOf(rollup, batch);
  return sql`
    update ${table} as t set prev_seen = l.before
    from (
      select s.${name}, s.visitor_id, max(b.received_at) as before
      from ${table} as s join ${source} as b on b.visitor_id = s.visitor_id and b.received_at < s.${name}
      where not exists (select 1 from ${source} as own where own.visitor_id = s.visitor_id and ${truncTo(rollup.unit, "own.received_at")} = s.${name})
      group by 1, 2
    ) as l
    where t.${name} = l.${name} and t.visitor_id = l.visitor_id and (t.prev_seen is null or t.prev_seen < l.before)
    returning t.${name}`;
}

const pageRollupOf = (unit: Unit, source: SQL) => sql`
  select ${truncTo(unit, "received_at")} as ${sql.raw(unit)}, page, count(*) as views
  from ${source} as source
  where event = 'page_view'
  group by 1, 2`;

const upsertPages = (unit: Unit, source: SQL) => sql`
  insert into ${PAGE_TABLE[unit]} as t (${sql.raw(unit)}, page, views)
  ${pageRollupOf(unit, source)}
  on conflict (${sql.raw(unit)}, page) do update set views = t.views + excluded.views`;

/**
 * Session runs from `pieces` (session_id, started_at, ended_at, events, page_views): pieces of one session
 * id whose gap is at most SESSION_GAP_MINUTES join one run. A piece is a single event, or a run stored
 * earlier: since a run has no gap longer than the limit inside it, merging runs and new events this way
 * gives exactly the runs of all their events together, whatever order the events arrived in. The runs come in
 * session and start order, whatever plan the planner picks with the statistics it has: the ids they are inserted
 * with do not depend on it (a restore's rebuild gives back the ids of the backed-up sessions).
 */
const sessionRunsOf = (pieces: SQL) => sql`
  select session_id, min(started_at) as started_at, max(ended_at) as ended_at, sum(events) as events, sum(page_views) as page_views
  from (
    select *, count(*) filter (where previous_end is null or started_at - previous_end > ${GAP})
      over (partition by session_id ${BYTES} order by started_at, ended_at rows unbounded preceding) as run
    from (
      select *, max(ended_at) over (partition by session_id ${BYTES} order by started_at, ended_at rows between unbounded preceding and 1 preceding) as previous_end
      from ${pieces} as p
    ) as ordered
  ) as runs
  group by session_id, run
  order by session_id ${BYTES}, started_at`;

const SESSION_COLUMNS = sql.raw("session_id, started_at, ended_at, events, page_views");

/**
 * A writer of `insertEvents` (an `INSERT INTO analytics_events ... SELECT ...` without RETURNING, its values as
 * placeholders) that updates every rollup with the rows it inserted, atomically: the dashboard never sees events
 * without their rollups. One statement, prepared once per connection: its plan is the same for any batch, and
 * planning it took about a third of the database's time for the beacon's batches (npm run bench:track: 22 to 26
 * µs of database CPU a tracked event prepared, against 32 to 35 planned each time).
 */
export function eventsWithRollupsWriter(insertEvents: SQL): (db: Database, values: Record<string, unknown>) => Promise<void> {
  const statement = preparedStatement(sql`
      with inserted as (${insertEvents} returning ${EVENT_COLUMNS}),
      visitor_hours as (${upsertVisitors(VISITOR_HOURS, sql`inserted`)}),
      landing_days as (${upsertVisitors(LANDING_DAYS, sql`inserted`)} returning t.day),
      later_hours as (${laterVisitors(VISITOR_HOURS, sql`inserted`)}),
      later_landing_days as (${laterVisitors(LANDING_DAYS, sql`inserted`)}),
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
      replaced as (delete from ${analyticsSessions} where id in (select id from joined) returning ended_at),
      pieces as (
        select session_id, started_at, ended_at, events, page_views from joined
        union all
        select session_id, received_at, received_at, 1, (event = 'page_view')::int from inserted
      ),
      merged as (insert into ${analyticsSessions} (${SESSION_COLUMNS}) ${sessionRunsOf(sql`pieces`)} returning ended_at),
      -- The days whose summaries this batch changes: computed again when the dashboard next needs them.
      stale_visitor_days as (
        delete from ${analyticsVisitorDayCounts}
        where day in (select ${truncTo("day", "received_at")} from inserted union select ${truncTo("day", "hour")} from later_hours)
      ),
      stale_visitor_hours as (
        delete from ${analyticsVisitorHourCounts}
        where hour in (select ${truncTo("hour", "received_at")} from inserted union select hour from later_hours)
      ),
      stale_landing_days as (
        delete from ${analyticsLandingDayCounts}
        where day in (select day from landing_days union select day from later_landing_days)
      ),
      ended as (select ended_at from replaced union all select ended_at from merged),
      stale_session_hours as (
        delete from ${analyticsSessionHourCounts} where hour in (select ${truncTo("hour", "ended_at")} from ended)
      )
      delete from ${analyticsSessionDayCounts} where day in (select ${truncTo("day", "ended_at")} from ended)`);
  return (db, values) =>
    db.transaction(async (tx) => {
      await lockRollups(tx);
      await statement(tx, values);
    });
}

/**
 * Recomputes every rollup from analytics_events, under the same lock as the writer (batches wait, then
 * continue incrementally from the rebuilt state). Used to backfill and by the benchmark after a bulk load.
 */
export async function rebuildRollups(db: Database): Promise<void> {
  await inRebuildTransaction(db, async (tx, beside) => {
    await lockRollups(tx);
    await rebuildLocked(tx, beside);
  });
}

/**
 * At start-up: a database that has events but no rollups (events written before the rollups existed)
 * gets them built once. Checked under the lock, so instances starting together build them once.
 * Returns whether it rebuilt.
 */
export async function ensureRollups(db: Database): Promise<boolean> {
  return inRebuildTransaction(db, async (tx, beside) => {
    const missing = await rollupsMissing(tx);
    if (missing === "none") return false;
    await lockRollups(tx);
    const underLock = await rollupsMissing(tx);
    if (underLock === "none") return false;
    if (underLock === "all") await rebuildLocked(tx, beside);
    else await insertLandingDays(tx, NOTHING_KEPT);
    return true;
  });
}

export type SummaryUnit = "day" | "hour";
/** Each unit's summaries: the 7- and 30-day ranges read days, the 24-hour one hours. */
export const SUMMARIES = {
  day: { visitors: analyticsVisitorDayCounts, sessions: analyticsSessionDayCounts, step: "24 hours" },
  hour: { visitors: analyticsVisitorHourCounts, sessions: analyticsSessionHourCounts, step: "1 hour" },
} as const;
/** A row's prev_seen as its summary keeps it: the day; the hour when within the 24 hours before the row's unit, else null. */
const PREV_OF: Record<SummaryUnit, SQL> = {
  day: truncTo("day", "prev_seen"),
  hour: sql`case when prev_seen >= unit - interval '24 hours' then ${truncTo("hour", "prev_seen")} end`,
};

/**
 * The hourly rows a unit's visitor summary counts, of the units whose starts `units` selects (one column), each with
 * its unit: every row of an hour; of a day, each visitor's first row there, the one whose prev_seen is before the day
 * (or null). That row holds the day's first event, its country and device, and the visitor's last event before the
 * day, so the daily ranges need no rollup of their own.
 */
function summarizedRowsOf(unit: SummaryUnit, units: SQL): SQL {
  if (unit === "hour")
    return sql`select hour as unit, prev_seen, country, device_type from ${analyticsVisitorHours} where hour in (${units})`;
  return sql`
    select u.day as unit, v.prev_seen, v.country, v.device_type
    from (${units}) as u (day) join ${analyticsVisitorHours} as v on v.hour >= u.day and v.hour < u.day + interval '24 hours'
    where v.prev_seen is null or v.prev_seen < u.day`;
}

/**
 * Makes sure the whole UTC days or hours in [from, to) have their summaries (analytics_visitor_*_counts,
 * analytics_session_*_counts, and for days analytics_landing_day_counts): computes the missing ones from the
 * rollups, under the rollup lock, so no batch changes a unit between reading its rows and storing its summary. A
 * past unit is computed once and then read until a late batch changes it; at 10 million events, about 40 ms per
 * day on first use.
 */
export async function ensureSummaries(db: Database, unit: SummaryUnit, from: Date, to: Date): Promise<void> {
  const { visitors, sessions, step } = SUMMARIES[unit];
  const name = sql.raw(unit);
  const length = sql.raw(`interval '${step}'`);
  const units = sql`(select d as ${name} from generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - ${length}, ${length}) as d)`;
  const missingVisitors = sql`
    select ${name} from ${units} as d
    where not exists (select 1 from ${visitors} as c where c.${name} = d.${name})
      and exists (select 1 from ${analyticsVisitorHours} as v where v.hour >= d.${name} and v.hour < d.${name} + ${length})`;
  const missingSessions = sql`select ${name} from ${units} as d where not exists (select 1 from ${sessions} as c where c.${name} = d.${name})`;
  const missingLanding =
    unit === "day"
      ? sql`
        select day from ${units} as d
        where not exists (select 1 from ${analyticsLandingDayCounts} as c where c.day = d.day)
          and exists (select 1 from ${analyticsLandingDays} as v where v.day = d.day)`
      : null;
  const check = await db.execute(
    sql`select exists (${missingVisitors}) or exists (${missingSessions}) ${missingLanding ? sql`or exists (${missingLanding})` : sql``} as missing`,
  );
  if (rowsOf<{ missing: boolean }>(check)[0]?.missing !== true) return;
  await db.transaction(async (tx) => {
    await lockRollups(tx);
    await tx.execute(sql`
      insert into ${visitors} (${name}, prev_${name}, country, device_type, visitors)
      select unit, ${PREV_OF[unit]}, country, device_type, count(*) from (${summarizedRowsOf(unit, missingVisitors)}) as r
      group by 1, 2, 3, 4`);
    // The lengths summed as intervals and converted once: numeric arithmetic per session costs more than the read.
    await tx.execute(sql`
      insert into ${sessions} (${name}, sessions, total_ms)
      select d.${name}, count(s.id), coalesce(extract(epoch from sum(s.ended_at - s.started_at)) * 1000, 0)
      from (${missingSessions}) as d
      left join ${analyticsSessions} as s on s.ended_at >= d.${name} and s.ended_at < d.${name} + ${length}
      group by 1`);
    if (missingLanding)
      await tx.execute(sql`
        insert into ${analyticsLandingDayCounts} (day, prev_day, visitors)
        select day, ${truncTo("day", "prev_seen")}, count(*) from ${analyticsLandingDays}
        where day in (${missingLanding})
        group by 1, 2`);
  });
}

/**
 * "all": events but no rollups; "landing": rollups, but page views of `/` without their landing rows (a
 * database from before the landing rollup existed), so only that one is built.
 */
async function rollupsMissing(tx: Executor): Promise<"all" | "landing" | "none"> {
  const result = await tx.execute(sql`
    select
      exists (select 1 from ${analyticsEvents}) and not exists (select 1 from ${analyticsVisitorHours}) as all_missing,
      exists (select 1 from ${analyticsEvents} where ${LANDING_DAYS.events}) and not exists (select 1 from ${analyticsLandingDays}) as landing_missing`);
  const row = rowsOf<{ all_missing: boolean; landing_missing: boolean }>(result)[0];
  return row?.all_missing === true ? "all" : row?.landing_missing === true ? "landing" : "none";
}

/**
 * A rebuilt visitor rollup's rows in primary-key order (unit, then visitor): the table's pages then hold each hour's
 * or day's rows together, as the dashboard reads them (by ranges of hours or days), and the key is built from rows
 * already in its order.
 */
const inKeyOrder = (unit: Unit) => sql`order by n.${sql.raw(unit)}, n.visitor_id ${BYTES}`;

/** The visitor's last event before the rebuilt period (`value`), from a rollup's kept rows, joined to `n` on its visitor. */
type KeptLastSeen = { join: SQL; value: SQL };
const NOTHING_KEPT: KeptLastSeen = { join: sql``, value: sql`null` };

/**
 * The landing rollup from every page view of `/`, the caller having removed the rows they replace: per day and
 * visitor, prev_seen the previous day's last one, or the kept rows' last one for a visitor's first day in the
 * rebuilt period. That period starts on the first event's day: every page view of `/` is in it.
 */
async function insertLandingDays(tx: Executor, kept: KeptLastSeen): Promise<void> {
  await tx.execute(sql`
    insert into ${analyticsLandingDays} (${visitorColumns(LANDING_DAYS)})
    select n.day, n.visitor_id, n.first_seen, n.last_seen,
      coalesce(lag(n.last_seen) over (partition by n.visitor_id ${BYTES} order by n.day), ${kept.value}) as prev_seen, n.events, n.events as page_views
    from (
      select ${truncTo("day", "received_at")} as day, visitor_id, min(received_at) as first_seen, max(received_at) as last_seen, count(*) as events
      from ${analyticsEvents} where ${LANDING_DAYS.events} group by 1, 2
    ) as n ${kept.join}
    ${inKeyOrder("day")}`);
}

/** Every event's page views per hour and page. */
const pageHoursOf = () => pageRollupOf("hour", sql`${analyticsEvents}`);

/**
 * Every event's session runs. Pieces of at most one aligned half hour per session: no gap inside one exceeds the
 * session gap, so runs of pieces are runs of events, and the window sorts a few pieces per session instead of every
 * event. `leaveOut` drops the events a kept session already holds (below).
 */
const sessionsOf = (pieces: (eventPieces: SQL) => SQL, leaveOut: SQL = sql``) =>
  sessionRunsOf(
    pieces(sql`
      select session_id, min(received_at) as started_at, max(received_at) as ended_at, count(*) as events,
        count(*) filter (where event = 'page_view') as page_views
      from ${analyticsEvents} as e ${leaveOut}
      group by session_id, ${binOf(`${SESSION_GAP_MINUTES} minutes`, "received_at")}`),
  );

/** The visitor hours' staging table: visitorHoursOf writes there beside the rebuild, or into the rollup itself. */
const HOURS_STAGE_NAME = `${getTableName(analyticsVisitorHours)}_rebuild_stage`;
const HOURS_STAGE = sql`${sql.identifier(HOURS_STAGE_NAME)}`;

/** A table's columns by name, in its schema's order. */
const columnList = (table: PgTable) =>
  sql.join(
    getTableConfig(table).columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * The visitor hours, computed beside the rebuild's transaction (stageBeside). Each step commits on the second
 * connection and resolves to false when it, or a step before it, failed (no connection free, say).
 */
type VisitorStaging = {
  hours: StagedTable;
  /** The staging table made like the rollup, empty. */
  made: Promise<boolean>;
  /** Filled, by visitorHoursOf's statement. */
  filled: Promise<boolean>;
  /** Its keys, indexes and statistics built. */
  indexed: Promise<boolean>;
};

const succeeded = (work: Promise<unknown>): Promise<boolean> =>
  work.then(
    () => true,
    () => false,
  );

/**
 * On Postgres, when no rollup row is kept from before the rebuilt period, a second connection computes the visitor
 * hours into a staging table and builds its indexes, while the rebuild's transaction computes the landing days, page
 * hours and sessions (the page hours moved to this connection gained nothing: decision 027); the transaction then
 * swaps it in (swappedIn). That connection reads the events in the snapshot the rebuild exported, so it sees exactly
 * the rebuild's events. It touches no rollup table, which the rebuild holds locked; it makes its table like the
 * rollup first, which reads its definition, so the transaction waits for `made` before it locks it.
 */
async function stageBeside(tx: Executor, db: Database): Promise<VisitorStaging> {
  const snapshot = await exportSnapshot(tx);
  const hours = await stagedTableOf(tx, getTableName(analyticsVisitorHours), HOURS_STAGE_NAME);
  const made = succeeded(
    db.transaction(async (side) => {
      // The transaction waits for this step while it holds the rollups' ACCESS SHARE lock. Should these statements
      // queue for a lock instead (behind a migration's ALTER of a rollup, which itself waits for the transaction, or
      // on a left-over staging table in use), the wait could not end: they give up, and the transaction computes the
      // rollup itself. Without such a wait they take milliseconds.
      await side.execute(sql`set local lock_timeout = '2s'`);
      await dropStage(side);
      await side.execute(sql.raw(hours.create));
    }),
  );
  // A snapshot id is hex digits and dashes (checked): SET TRANSACTION SNAPSHOT takes no parameter.
  const filled = made.then(
    (ok) =>
      ok &&
      /^[0-9A-F-]+$/i.test(snapshot) &&
      succeeded(
        db.transaction(
          async (side) => {
            await side.execute(sql.raw(`set transaction snapshot '${snapshot}'`));
            await side.execute(sql`set local work_mem = '256MB'`);
            await hashingGroups(side, visitorHoursOf(NOTHING_KEPT, HOURS_STAGE));
          },
          { isolationLevel: "repeatable read" },
        ),
      ),
  );
  const indexed = filled.then(
    (ok) =>
      ok &&
      succeeded(
        db.transaction(async (side) => {
          await side.execute(sql`set local maintenance_work_mem = '256MB'`);
          await indexStage(side, hours);
        }),
      ),
  );
  return { hours, made, filled, indexed };
}

/**
 * Puts the staged visitor hours, indexed on the second connection, in their rollup's place instead of copying their
 * rows and building the rollup's indexes again after them (server/infra/staged-tables.ts). In a savepoint, so that
 * nothing of it stays when it fails (a view on the rollup refuses the drop, say): false then, and when staging failed.
 */
async function swappedIn(tx: Executor, staging: VisitorStaging | null): Promise<boolean> {
  if (!staging || !(await staging.filled)) return false;
  try {
    await tx.transaction(async (savepoint) => {
      if (!(await staging.indexed)) throw new Error("The staged visitor hours have no indexes");
      await swapInStage(savepoint, staging.hours);
    });
    return true;
  } catch {
    return false;
  }
}

/** Copies the staged visitor hours in, when they were filled but could not be swapped in; false when they were not filled. */
async function copiedFromStage(tx: Executor, staging: VisitorStaging | null): Promise<boolean> {
  if (!staging || !(await staging.filled)) return false;
  const columns = columnList(analyticsVisitorHours);
  await tx.execute(sql`insert into ${analyticsVisitorHours} (${columns}) select ${columns} from ${HOURS_STAGE}`);
  return true;
}

/**
 * Removes the staging table stageBeside makes: a left-over one before it is made again, in the rebuild's transaction
 * once copied in (or left empty), or after the rebuild failed.
 */
async function dropStage(db: Executor): Promise<void> {
  await db.execute(sql`drop table if exists ${HOURS_STAGE}`);
}

/**
 * Runs `work` in a transaction, handing it the pool as the connection to run beside it when there is one
 * (stageBeside). Should it fail, the staging table filled beside it is committed on its own connection and
 * outlives it: it is dropped then (and at the next rebuild's start, should that fail too).
 */
async function inRebuildTransaction<T>(db: Database, work: (tx: Executor, beside: Database | null) => Promise<T>): Promise<T> {
  const beside = runsTransactionsSideBySide(db) ? db : null;
  try {
    return await db.transaction((tx) => work(tx, beside));
  } catch (error) {
    if (beside) await dropStage(db).catch(() => undefined);
    throw error;
  }
}

/**
 * The lock that serialises every change to the events and their rollups: the writer's batches, the rebuild, and
 * the partitions' DDL. Whoever changes analytics_events' partitions takes it first, so such DDL waits for a rebuild
 * as a whole instead of queueing for the events' table lock between the rebuild and the connection it waits for
 * (stageBeside), which Postgres could not see as a deadlock.
 */
export async function lockRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK_KEY})`);
}

/**
 * The first UTC day the raw events cover: the day of the oldest event (null: none). Retention drops whole
 * months, so every event of that day is still kept, and whole hours and days from it on can be recomputed.
 */
export async function rawEventsFrom(db: Executor): Promise<Date | null> {
  const result = await db.execute(sql`select date_trunc('day', min(received_at), 'UTC') as day from ${analyticsEvents}`);
  const day = rowsOf<{ day: string | Date | null }>(result)[0]?.day;
  return day ? new Date(day) : null;
}

/**
 * The first day raw events cover, when the hourly rollups hold anything older (months dropped by the
 * retention); null otherwise. With no event left at all, the start of `now`'s UTC day. Both reads are a
 * few index probes: min(received_at) takes the first entry of each partition's received_at index.
 */
export async function rawEventsSinceDropped(db: Executor, now: Date): Promise<Date | null> {
  const result = await db.execute(sql`
    select coalesce(e.day, date_trunc('day', ${now.toISOString()}::timestamptz, 'UTC')) as day
    from (select date_trunc('day', min(received_at), 'UTC') as day from ${analyticsEvents}) as e
    where exists (select 1 from ${analyticsVisitorHours} where hour < coalesce(e.day, 'infinity'::timestamptz))`);
  const day = rowsOf<{ day: string | Date }>(result)[0]?.day;
  return day ? new Date(day) : null;
}

/** Whether the rollups hold anything before `from`: the aggregates of months whose raw events were dropped. */
async function rollupsBefore(tx: Executor, from: Date): Promise<boolean> {
  const at = sql`${from.toISOString()}::timestamptz`;
  const result = await tx.execute(sql`
    select exists (select 1 from ${analyticsVisitorHours} where hour < ${at})
      or exists (select 1 from ${analyticsPageHours} where hour < ${at})
      or exists (select 1 from ${analyticsSessions} where started_at < ${at}) as kept`);
  return rowsOf<{ kept: boolean }>(result)[0]?.kept === true;
}

/**
 * The rebuild recomputes only the period the raw events cover, from the first day they cover
 * (rawEventsFrom) on, and keeps every rollup row before it: the figures of months retention dropped
 * (docs/decisions/033-analytics-partitions-and-retention.md). With no events it keeps every rollup. Rows
 * from that day on take their prev_seen from the kept rows before it; a session that began before it and
 * ended after is merged again with the events after it.
 *
 * It groups the events by hash instead of sorting them, and sorts only the per-hour rows (for prev_seen). With
 * nothing kept and a second connection (`beside`), the visitor hours are computed there while this
 * transaction computes the landing days, page hours and sessions, on the other core (stageBeside, decision 027).
 */
async function rebuildLocked(tx: Executor, beside: Database | null): Promise<void> {
  const from = await rawEventsFrom(tx);
  if (from === null) return;
  // The aggregates below hold about one entry per visitor and hour; in memory rather than spilled to disk.
  await tx.execute(sql`set local work_mem = '256MB'`);
  const kept = await rollupsBefore(tx, from);
  await analyzeEventsWithoutStatistics(tx);
  const staging = beside && !kept ? await stageBeside(tx, beside) : null;
  try {
    // Making the staging table reads its rollup's definition, which the clearing below locks.
    await staging?.made;
    await clearRebuiltPeriod(tx, { from, kept });
    const buildIndexes = await deferIndexes(tx);
    // Read once per visitor by a hash join: the rollups' indexes are dropped meanwhile.
    const keptLastSeen = (rollup: VisitorRollup): KeptLastSeen =>
      kept
        ? {
            join: sql`left join (select visitor_id, max(last_seen) as last_seen from ${rollup.table} group by 1) as k on k.visitor_id = n.visitor_id`,
            value: sql`k.last_seen`,
          }
        : NOTHING_KEPT;
    await insertLandingDays(tx, keptLastSeen(LANDING_DAYS));
    await buildIndexes(analyticsLandingDays);
    await tx.execute(sql`insert into ${analyticsPageHours} (hour, page, views) ${pageHoursOf()}`);
    await tx.execute(sql`
      insert into ${analyticsPageDays} (day, page, views)
      select ${truncTo("day", "hour")}, page, sum(views) from ${analyticsPageHours} where hour >= ${from.toISOString()}::timestamptz group by 1, 2`);
    await insertSessions(tx, { from, kept });
    await buildIndexes(analyticsSessions);
    if (!(await swappedIn(tx, staging))) {
      if (!(await copiedFromStage(tx, staging)))
        await hashingGroups(tx, visitorHoursOf(keptLastSeen(VISITOR_HOURS), sql`${analyticsVisitorHours}`));
      await buildIndexes(analyticsVisitorHours);
    }
    // Made in a transaction of its own, the staging table outlives a fill that failed; swapped in, it is gone.
    if (await staging?.made) await dropStage(tx);
  } finally {
    // Nothing of the staging runs on once the rebuild ends, committed or not.
    await staging?.indexed;
  }
}

/**
 * Gives the planner statistics of the events' partitions that have none: after a bulk load or a restore, until
 * autovacuum's first pass. Without them it guesses a few hundred rows per condition, and at 10 million events read
 * the 3 million page views of `/` through an index and sorted them (9.6 s against 4.4 s with statistics). ANALYZE
 * samples a fixed number of rows: about 1 s for a partition of 9 million. Partitions that have statistics are left
 * as they are.
 */
async function analyzeEventsWithoutStatistics(tx: Executor): Promise<void> {
  const result = await tx.execute(sql`
    select format('%s', c.oid::regclass) as partition
    from pg_inherits as i join pg_class as c on c.oid = i.inhrelid join pg_namespace as n on n.oid = c.relnamespace
    where i.inhparent = ${getTableName(analyticsEvents)}::regclass
      and not exists (select 1 from pg_stats as s where s.schemaname = n.nspname and s.tablename = c.relname)`);
  // Names written by Postgres itself (regclass output, quoted where needed).
  for (const { partition } of rowsOf<{ partition: string }>(result)) await tx.execute(sql.raw(`analyze ${partition}`));
}

/** This transaction's snapshot, for another connection to see exactly what it sees (SET TRANSACTION SNAPSHOT). */
async function exportSnapshot(tx: Executor): Promise<string> {
  return rowsOf<{ id: string }>(await tx.execute(sql`select pg_export_snapshot() as id`))[0]!.id;
}

/** Empties what the rebuild recomputes: the summaries (all: a restore may have changed kept days too), and the rollups' rows from `from` on. */
async function clearRebuiltPeriod(tx: Executor, { from, kept }: { from: Date; kept: boolean }): Promise<void> {
  await tx.execute(
    sql`truncate ${analyticsVisitorDayCounts}, ${analyticsSessionDayCounts}, ${analyticsLandingDayCounts}, ${analyticsVisitorHourCounts}, ${analyticsSessionHourCounts}`,
  );
  if (!kept) {
    await tx.execute(
      sql`truncate ${analyticsVisitorHours}, ${analyticsLandingDays}, ${analyticsPageHours}, ${analyticsPageDays}, ${analyticsSessions} restart identity`,
    );
    return;
  }
  for (const [table, column] of [
    [analyticsVisitorHours, "hour"],
    [analyticsLandingDays, "day"],
    [analyticsPageHours, "hour"],
    [analyticsPageDays, "day"],
  ] as const)
    await tx.execute(sql`delete from ${table} where ${sql.identifier(column)} >= ${from.toISOString()}::timestamptz`);
}

/**
 * The visitor hours, into `into`, the caller having removed the rows they replace.
 *
 * One hash aggregate groups the events by hour, visitor and every attribute the hourly row keeps (g): an hour has one
 * such group unless its address, place or device changed, which is seldom (the visitor id hashes the address and user
 * agent). Hashing them, not sorting 10 million events, is what hashingGroups is for. The rest is one sort of those
 * groups by visitor, hour and first event, and windows over it: an hour's row sums its groups, and takes the first
 * event's attributes from the groups that start at its first instant (on equal times, the greatest value of each),
 * with prev_seen the visitor's previous hour's last_seen.
 */
const visitorHoursOf = (kept: KeptLastSeen, into: SQL) => {
  const attributes = sql.raw(VISITOR_HOURS.attributes.join(", "));
  return sql`
    with g as (
      select ${truncTo("hour", "received_at")} as hour, visitor_id, ${attributes}, min(received_at) as first_seen, max(received_at) as last_seen,
        count(*)::int as events, (count(*) filter (where event = 'page_view'))::int as page_views
      from ${analyticsEvents} group by 1, 2, ${attributes}
    ),
    -- An hour's groups in the order of their first event. Its totals are over all of them; the first event's
    -- attributes are each one's greatest among the groups that start at the hour's first instant (the first row's
    -- default frame: the rows up to it and every row tied with it). The next step keeps each hour's first row.
    hour_groups as (
      select g.hour, g.visitor_id, row_number() over first_in_hour as group_number,
        min(g.first_seen) over in_hour as first_seen, max(g.last_seen) over in_hour as last_seen,
        sum(g.events) over in_hour as events, sum(g.page_views) over in_hour as page_views,
        ${variesAmong("g", "in_hour")}${firstAttributes(VISITOR_HOURS, "g", "first_in_hour")}
      from g
      window first_in_hour as (partition by g.visitor_id ${BYTES}, g.hour order by g.first_seen),
        in_hour as (first_in_hour rows between unbounded preceding and unbounded following)
    )
    -- prev_seen's window orders by (visitor, hour), a prefix of the one above: the one sort serves both.
    insert into ${into} (${visitorColumns(VISITOR_HOURS)})
    select n.hour, n.visitor_id, n.first_seen, n.last_seen,
      coalesce(lag(n.last_seen) over (partition by n.visitor_id ${BYTES} order by n.hour), ${kept.value}) as prev_seen,
      n.events, n.page_views, ${attributes}, ${sql.raw(VARIES)}
    from hour_groups as n ${kept.join}
    where n.group_number = 1
    ${inKeyOrder("hour")}`;
};

/**
 * Runs a statement that groups the events by hour and visitor, hashing the groups. The planner counts one group per
 * event (it cannot know that a visitor's events fall in few hours), so it expects a hash table too large for
 * work_mem and sorts the 10 million events instead: 37 to 40 s against 14. Hashing still spills to disk past
 * work_mem should the groups really be that many; the sorts the statement cannot do without (its window's) remain.
 */
async function hashingGroups(tx: Executor, statement: SQL): Promise<void> {
  await tx.execute(sql`set local enable_sort = off`);
  await tx.execute(statement);
  await tx.execute(sql`set local enable_sort = on`);
}

/**
 * The sessions of the rebuilt period. A kept session that began before the period and ended in it is one more
 * piece, and its own events are left out of the event pieces.
 */
async function insertSessions(tx: Executor, { from, kept }: { from: Date; kept: boolean }): Promise<void> {
  if (!kept) {
    await tx.execute(sql`insert into ${analyticsSessions} (${SESSION_COLUMNS}) ${sessionsOf((pieces) => sql`(${pieces})`)}`);
    return;
  }
  const at = sql`${from.toISOString()}::timestamptz`;
  await tx.execute(sql`
    with straddling as (delete from ${analyticsSessions} where ended_at >= ${at} returning ${SESSION_COLUMNS})
    insert into ${analyticsSessions} (${SESSION_COLUMNS})
    ${sessionsOf(
      (pieces) => sql`(select * from straddling where started_at < ${at} union all ${pieces})`,
      sql`where not exists (select 1 from straddling as s where s.session_id = e.session_id and s.started_at < ${at} and e.received_at between s.started_at and s.ended_at)`,
    )}`);
}

/**
 * The rebuild fills the rollups with about a million rows at 10 million events: their indexes, primary keys
 * included, are dropped first and built once each table is filled, one sort each, instead of being updated row by
 * row. Dropping takes the tables' ACCESS EXCLUSIVE lock (as the truncate does), so readers wait for the rebuild's
 * commit and never see a table without its indexes. Returns what builds a table's indexes again.
 */
async function deferIndexes(tx: Executor): Promise<(table: Table) => Promise<void>> {
  // The index builds sort in memory instead of on disk.
  await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
  const builds = new Map<Table, () => Promise<void>>();
  for (const table of [analyticsVisitorHours, analyticsLandingDays, analyticsSessions])
    builds.set(table, await deferEveryIndex(tx, getTableName(table)));
  return async (table) => {
    await builds.get(table)?.();
  };
}
