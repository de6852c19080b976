import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runsTransactionsSideBySide } from "#server/db/client.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { maintainPartitions } from "#server/features/analytics/partitions.ts";
import { lockRollups, rebuildRollups, ROLLUP_LOCK_KEY } from "#server/features/analytics/rollups.ts";
import { queryRows } from "../helpers/query-rows";
import { tableCatalogOf, tableOidOf } from "../helpers/table-catalog";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

/**
 * rebuildRollups writes the rows the writer's batches wrote. On Postgres it computes the visitor hours and days on a
 * second connection, in one statement, into staging tables it then swaps in (or copies in, when it cannot swap).
 */
const t = useTestApp();

const MINUTE = 60_000;
const START = Date.parse("2030-11-03T22:40:00.000Z");

/** Three visitors over two days: landing views of `/`, a session split by a long pause, equal instants. */
function events(): AnalyticsEventRow[] {
  const rows: AnalyticsEventRow[] = [];
  const add = (visitor: string, session: string, minutes: number, page: string, country: string, event = "page_view") =>
    rows.push({
      receivedAt: new Date(START + minutes * MINUTE),
      event,
      page,
      sessionId: session,
      visitorId: visitor,
      maskedIp: "198.51.100.0",
      country,
      deviceType: country === "DE" ? "mobile" : "desktop",
    });
  add("v-1", "s-1", 0, "/", "US");
  add("v-1", "s-1", 5, "/blog", "US");
  add("v-1", "s-1", 5, "/pricing", "US", "button_click");
  add("v-1", "s-1", 50, "/", "US"); // after a pause longer than a session's gap: a second session
  add("v-1", "s-1", 85, "/docs", "CA"); // past midnight, another country, after another pause: a third
  add("v-2", "s-2", 10, "/", "DE");
  add("v-2", "s-2", 10, "/", "FR"); // the same instant, another country
  add("v-2", "s-3", 24 * 60, "/blog", "DE");
  add("v-3", "s-4", 30, "/pricing", "GB");
  add("v-3", "s-4", 31, "/", "GB");
  return rows;
}

/** Every rollup's rows in key order; the sessions without their generated id. */
async function rollupRows() {
  const read = (query: SQL) => queryRows(t.db, query);
  return {
    visitorHours: await read(sql`select * from analytics_visitor_hours order by hour, visitor_id`),
    landingDays: await read(sql`select * from analytics_landing_days order by day, visitor_id`),
    pageHours: await read(sql`select * from analytics_page_hours order by hour, page`),
    pageDays: await read(sql`select * from analytics_page_days order by day, page`),
    sessions: await read(
      sql`select session_id, started_at, ended_at, events, page_views from analytics_sessions order by session_id, started_at`,
    ),
  };
}

const stagingTables = async () =>
  (
    await queryRows<{ name: string }>(
      t.db,
      sql`select relname as name from pg_class where relname like '%rebuild_stage' and relkind in ('r', 'v') order by 1`,
    )
  ).map((row) => row.name);

describe("rebuildRollups", () => {
  it("writes the rows the writer's batches wrote; on Postgres, the visitor hours on a second connection", async () => {
    expect(runsTransactionsSideBySide(t.db)).toBe(usesRealPostgres());
    await insertAnalyticsEvents(t.db)(events());
    const written = await rollupRows();
    expect(written.landingDays.length).toBeGreaterThan(0);
    expect(written.sessions).toHaveLength(6);

    // A staging table a crashed rebuild left behind, with rows of no event: the rebuild fills it afresh.
    if (usesRealPostgres())
      await t.db.execute(
        sql`create unlogged table analytics_visitor_hours_rebuild_stage as select now() as hour, 'ghost'::text as visitor_id`,
      );
    await rebuildRollups(t.db);
    expect(await rollupRows()).toEqual(written);
    expect(await stagingTables()).toEqual([]);
  });

  // The staging table in the way: the second connection cannot fill it, and the rebuild computes the hours itself.
  it.runIf(usesRealPostgres())("computes the visitor hours itself when the second connection cannot stage them", async () => {
    const stage = "analytics_visitor_hours_rebuild_stage";
    await insertAnalyticsEvents(t.db)(events());
    const written = await rollupRows();
    // A view where the staging table goes: the second connection fails on it (DROP TABLE refuses a view).
    await t.db.execute(sql`create view ${sql.identifier(stage)} as select 1 as one`);
    try {
      await rebuildRollups(t.db);
      expect(await rollupRows()).toEqual(written);
      expect(await stagingTables()).toEqual([stage]);
    } finally {
      await t.db.execute(sql`drop view ${sql.identifier(stage)}`);
    }
  });

  it.runIf(usesRealPostgres())(
    "swaps the staged visitor hours in, with their rollup's keys, indexes, defaults and fillfactor",
    async () => {
      await insertAnalyticsEvents(t.db)(events());
      const written = await rollupRows();
      const table = "analytics_visitor_hours";
      const catalog = await tableCatalogOf(t.db, table);
      const oid = await tableOidOf(t.db, table);
      await rebuildRollups(t.db);
      expect(await rollupRows()).toEqual(written);
      expect(await tableCatalogOf(t.db, table)).toEqual(catalog);
      expect(await tableOidOf(t.db, table)).not.toBe(oid);
      // The swapped-in table comes with planner statistics.
      const analyzed = await queryRows(
        t.db,
        sql`select count(distinct tablename)::int as tables from pg_stats where tablename = 'analytics_visitor_hours'`,
      );
      expect(analyzed).toEqual([{ tables: 1 }]);
      expect(await stagingTables()).toEqual([]);
      // The writer's statement, prepared on the pool's connections before the swap, writes into the new table.
      const later = { ...events()[0]!, receivedAt: new Date(START + 3 * 24 * 60 * MINUTE), visitorId: "v-4", sessionId: "s-5" };
      await insertAnalyticsEvents(t.db)([later]);
      const hours = await queryRows(t.db, sql`select count(*)::int as rows from analytics_visitor_hours where visitor_id = 'v-4'`);
      expect(hours).toEqual([{ rows: 1 }]);
    },
  );

  // A view on a rollup: its table cannot be dropped, so the staged rows are copied in.
  it.runIf(usesRealPostgres())("copies the staged visitor hours in when they cannot be swapped in", async () => {
    await insertAnalyticsEvents(t.db)(events());
    const written = await rollupRows();
    const oid = await tableOidOf(t.db, "analytics_visitor_hours");
    const indexes = (await tableCatalogOf(t.db, "analytics_visitor_hours")).indexes;
    await t.db.execute(sql`create view visitor_hours_probe as select hour, visitor_id from analytics_visitor_hours`);
    try {
      await rebuildRollups(t.db);
      expect(await rollupRows()).toEqual(written);
      expect(await tableOidOf(t.db, "analytics_visitor_hours")).toBe(oid);
      expect((await tableCatalogOf(t.db, "analytics_visitor_hours")).indexes).toEqual(indexes);
      expect(await queryRows(t.db, sql`select count(*)::int as rows from visitor_hours_probe`)).toEqual([
        { rows: written.visitorHours.length },
      ]);
      expect(await stagingTables()).toEqual([]);
    } finally {
      await t.db.execute(sql`drop view visitor_hours_probe`);
    }
  });

  // A left-over staging table that another session holds: making the staging table would wait for it forever while
  // the rebuild's transaction waits for it. It gives up after a while, and the rebuild computes the rollup itself.
  it.runIf(usesRealPostgres())("computes the visitor hours itself when the staging table cannot be made in time", async () => {
    await insertAnalyticsEvents(t.db)(events());
    const written = await rollupRows();
    await t.db.execute(sql`create table analytics_visitor_hours_rebuild_stage (left_over boolean)`);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table analytics_visitor_hours_rebuild_stage in access share mode`);
      holding();
      await released;
    });
    try {
      await held;
      await rebuildRollups(t.db);
      expect(await rollupRows()).toEqual(written);
      expect(await stagingTables()).toEqual(["analytics_visitor_hours_rebuild_stage"]);
    } finally {
      release();
      await holder;
      await t.db.execute(sql`drop table analytics_visitor_hours_rebuild_stage`);
    }
  });

  // The staging table is made, then its fill fails (an event trigger gives it a CHECK no row passes).
  it.runIf(usesRealPostgres())("computes the visitor hours itself when the staging table cannot be filled, and leaves none", async () => {
    await insertAnalyticsEvents(t.db)(events());
    const written = await rollupRows();
    await t.db.execute(sql`
      create function refuse_staged_rows() returns event_trigger language plpgsql as $$
      declare made record;
      begin
        for made in select distinct object_identity from pg_event_trigger_ddl_commands() where object_type = 'table' and object_identity like '%_rebuild_stage' loop
          execute format('alter table %s add constraint refused check (false) not valid', made.object_identity);
        end loop;
      end $$`);
    await t.db.execute(
      sql`create event trigger refuse_staged_rows on ddl_command_end when tag in ('CREATE TABLE') execute function refuse_staged_rows()`,
    );
    try {
      await rebuildRollups(t.db);
      expect(await rollupRows()).toEqual(written);
      expect(await stagingTables()).toEqual([]);
    } finally {
      await t.db.execute(sql`drop event trigger refuse_staged_rows`);
      await t.db.execute(sql`drop function refuse_staged_rows()`);
    }
  });

  it("gives a partition of the events that has none the planner statistics it lacks", async () => {
    // A month of its own, so no earlier rebuild has analyzed it.
    const month = sql.identifier("analytics_events_y2032m01");
    await t.db.execute(
      sql`create table ${month} partition of analytics_events for values from ('2032-01-01 00:00:00+00') to ('2032-02-01 00:00:00+00')`,
    );
    const hasStatistics = async () =>
      (
        await queryRows<{ analyzed: boolean }>(
          t.db,
          sql`select exists (select 1 from pg_stats where tablename = 'analytics_events_y2032m01') as analyzed`,
        )
      )[0]?.analyzed;
    try {
      const shift = Date.parse("2032-01-03T22:40:00.000Z") - START;
      await insertAnalyticsEvents(t.db)(events().map((row) => ({ ...row, receivedAt: new Date(row.receivedAt!.getTime() + shift) })));
      expect(await hasStatistics()).toBe(false);
      await rebuildRollups(t.db);
      expect(await hasStatistics()).toBe(true);
    } finally {
      await t.db.execute(sql`drop table ${month}`);
    }
  });

  it.runIf(usesRealPostgres())(
    "is not overtaken by a partition change: that waits for the rollups' lock, not in the events' lock queue",
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // A rebuild's hold on the lock, and months whose partitions do not exist yet.
      const rebuild = t.db.transaction(async (tx) => {
        await lockRollups(tx);
        await held;
      });
      const month = new Date(Date.UTC(2031, 4, 1));
      const pass = maintainPartitions(t.db, { now: month, retentionDays: undefined });
      const waitingOnRollups = async () =>
        (
          await queryRows<{ waiting: boolean }>(
            t.db,
            sql`select exists (select 1 from pg_locks where locktype = 'advisory' and objid = ${ROLLUP_LOCK_KEY} and not granted) as waiting`,
          )
        )[0]?.waiting;
      await expect.poll(waitingOnRollups).toBe(true);
      release();
      await rebuild;
      expect((await pass).created).toContain("analytics_events_y2031m05");
      expect(await waitingOnRollups()).toBe(false);
    },
  );
});
