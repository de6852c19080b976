import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsDashboard } from "#common/analytics/dashboard.ts";
import { rowsOf } from "#server/db/client.ts";
import { getAnalyticsDashboard } from "#server/features/analytics/dashboard.ts";
import { getAnalyticsFunnel } from "#server/features/analytics/funnel.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { createPartitionJob, type PartitionJob } from "#server/features/analytics/partitions.ts";
import { rebuildRollups } from "#server/features/analytics/rollups.ts";
import { tableChecksums, tablesOfCategory } from "#server/features/backup/backup-tables.ts";
import { restoreBackup } from "#server/features/backup/restore.ts";
import { createBackup } from "#server/features/backup/service.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

// Two instances of one site: the first keeps every event, the second drops months past 10 days. On the embedded
// database (one process) the second is a second job on the same database: the claim lives in the database.
const t = useTestApp();
const other = usesRealPostgres() ? useTestApp({ sameDatabaseAs: t, env: { ANALYTICS_RETENTION_DAYS: "10" } }) : undefined;
let secondJob: PartitionJob | undefined;
const otherJob = () =>
  other?.services.analyticsPartitions ?? (secondJob ??= createPartitionJob({ db: t.db, logger: t.deps.logger, retentionDays: 10 }));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A pinned "now" on a whole hour, far from the real clock: the 30-day range starts on a whole hour too. */
const NOW = new Date("2030-06-15T12:00:00.000Z");
const slot = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

const event = (visitorId: string, sessionId: string, receivedAt: string, page: string, country: string): AnalyticsEventRow => ({
  receivedAt: new Date(receivedAt),
  event: "page_view",
  page,
  sessionId,
  visitorId,
  maskedIp: "198.51.100.0",
  country,
  city: null,
  region: null,
  timezone: null,
  deviceType: country === "DE" ? "mobile" : "desktop",
});

/** May (older than the retention's 10 days on June 15) and June, with a session running across midnight into June. */
const MAY = [
  event("v-may-1", "s-may-1", "2030-05-20T09:00:00Z", "/", "US"),
  event("v-may-1", "s-may-1", "2030-05-20T09:10:00Z", "/pricing", "US"),
  event("v-may-2", "s-may-2", "2030-05-25T18:30:00Z", "/blog", "DE"),
  event("v-late", "s-late", "2030-05-31T23:50:00Z", "/", "FR"),
];
const JUNE = [
  event("v-late", "s-late", "2030-06-01T00:10:00Z", "/blog", "FR"),
  event("v-june-1", "s-june-1", "2030-06-10T08:00:00Z", "/", "US"),
  event("v-june-2", "s-june-2", "2030-06-14T20:00:00Z", "/pricing", "DE"),
];

const partitions = async () =>
  rowsOf<{ name: string; rows: number }>(
    await t.db.execute(sql`
      select c.relname as name, (select count(*)::int from analytics_events e where e.tableoid = c.oid) as rows
      from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'analytics_events'::regclass and (c.relname like 'analytics_events_y2030%' or c.relname = 'analytics_events_default')
      order by 1`),
  );

/** Every figure of the dashboard that comes from the data (not the clock of the read, nor the note's field). */
const figuresOf = (dashboard: AnalyticsDashboard) => {
  const { summary, visitors, topPages, locations, devices, series, campaigns } = dashboard;
  return { summary, visitors, topPages, locations, devices, series, campaigns };
};
const dashboard = () => getAnalyticsDashboard(t.db, { timeRange: "30d", now: NOW });
/** The Funnel's visitors of `/` over the 30 days: from the landing rollup for whole days. */
const landingVisitors = async () =>
  (await getAnalyticsFunnel(t.db, { timeRange: "30d", now: NOW })).rows.find((row) => row.kind === "all")!.visitors;

describe("analytics_events partitions and retention", () => {
  let before: AnalyticsDashboard;

  it("makes the current month and the next two ahead; of two instances, one claims each slot", async () => {
    const results = await Promise.all([t.services.analyticsPartitions.tick(slot(0), NOW), otherJob().tick(slot(0), NOW)]);
    const done = results.filter((work) => work !== null);
    expect(done).toHaveLength(1);
    expect(done[0]!.created).toEqual(["analytics_events_y2030m06", "analytics_events_y2030m07", "analytics_events_y2030m08"]);
    expect(await partitions()).toEqual([
      { name: "analytics_events_default", rows: 0 },
      { name: "analytics_events_y2030m06", rows: 0 },
      { name: "analytics_events_y2030m07", rows: 0 },
      { name: "analytics_events_y2030m08", rows: 0 },
    ]);
    // The next slot is claimed again, by one of them; the months already exist.
    const next = await t.services.analyticsPartitions.tick(slot(1), NOW);
    expect(next).toEqual({ created: [], moved: 0, dropped: [] });
    expect(await otherJob().tick(slot(1), NOW)).toBeNull();
  });

  it("moves rows that landed in DEFAULT into their month's partition when it is made", async () => {
    await insertAnalyticsEvents(t.db)([...MAY, ...JUNE]);
    expect(await partitions()).toContainEqual({ name: "analytics_events_default", rows: 4 });
    const work = await t.services.analyticsPartitions.tick(slot(2), NOW);
    expect(work).toEqual({ created: ["analytics_events_y2030m05"], moved: 4, dropped: [] });
    expect(await partitions()).toEqual([
      { name: "analytics_events_default", rows: 0 },
      { name: "analytics_events_y2030m05", rows: 4 },
      { name: "analytics_events_y2030m06", rows: 3 },
      { name: "analytics_events_y2030m07", rows: 0 },
      { name: "analytics_events_y2030m08", rows: 0 },
    ]);
    before = await dashboard();
    expect(before.summary).toMatchObject({ uniqueVisitors: 5, pageViews: 7, totalVisitors: 5 });
    expect(before.rawEventsSince).toBeNull();
    // v-may-1, v-late (May) and v-june-1 viewed `/`.
    expect(await landingVisitors()).toBe(3);
  });

  it("drops the month past the retention, keeps the current one, and the older range answers the same from the rollups", async () => {
    const work = await otherJob().tick(slot(3), NOW);
    expect(work!.dropped).toContain("analytics_events_y2030m05");
    expect(work!.dropped).not.toContain("analytics_events_y2030m06");
    expect((await partitions()).map((partition) => partition.name)).toEqual([
      "analytics_events_default",
      "analytics_events_y2030m06",
      "analytics_events_y2030m07",
      "analytics_events_y2030m08",
    ]);

    const after = await dashboard();
    expect(figuresOf(after)).toEqual(figuresOf(before));
    expect(after.rawEventsSince).toBe("2030-06-01T00:00:00.000Z");
    expect(await landingVisitors()).toBe(3);
    // A later pass drops nothing more.
    expect((await otherJob().tick(slot(4), NOW))!.dropped).toEqual([]);
  });

  it("a rebuild recomputes only the period the events cover, keeping the dropped month's rollups", async () => {
    await rebuildRollups(t.db);
    expect(figuresOf(await dashboard())).toEqual(figuresOf(before));
    expect(await landingVisitors()).toBe(3);
  });

  it("backs up the events of both kept partitions and the rollups of the dropped month, and restores them", async () => {
    // An event of July, so the events span two partitions.
    await insertAnalyticsEvents(t.db)([event("v-july", "s-july", "2030-07-02T10:00:00Z", "/", "US")]);
    const figures = figuresOf(await dashboard());
    const tables = tablesOfCategory("analytics").map((shape) => shape.name);
    // A session's id is only a row number: the rebuild after the restore numbers the sessions it recomputes anew.
    const kept = tables.filter((name) => name !== "analytics_sessions");
    const sums = await tableChecksums(t.db, kept);
    const sessions = async () =>
      rowsOf(await t.db.execute(sql`select session_id, started_at, ended_at, events, page_views from analytics_sessions order by 1, 2`));
    const sessionsBefore = await sessions();
    const row = await createBackup({ db: t.db, storage: t.deps.storage, keep: 14 }, { categories: ["analytics"], author: "schedule" });
    expect(row.counts).toMatchObject({ analytics_events: 4, analytics_visitor_hours: 7, analytics_sessions: 6 });
    const file = Buffer.concat((await (await t.deps.storage.get(row.storageKey))!.body.toArray()) as Buffer[]);

    await t.db.execute(sql`truncate ${sql.raw(tables.join(", "))}`);
    await restoreBackup(t.db, Readable.from([file]), { dryRun: false });
    expect(await tableChecksums(t.db, kept)).toEqual(sums);
    expect(await sessions()).toEqual(sessionsBefore);
    expect(figuresOf(await dashboard())).toEqual(figures);
    expect(await landingVisitors()).toBe(3);
    expect((await partitions()).filter((partition) => partition.rows > 0)).toEqual([
      { name: "analytics_events_y2030m06", rows: 3 },
      { name: "analytics_events_y2030m07", rows: 1 },
    ]);
  });
});
