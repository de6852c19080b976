import { asc, gte, sql, TransactionRollbackError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsDashboard, AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import { analyticsPageDays, analyticsPageHours, analyticsSessions, analyticsVisitorHours } from "#server/db/schema/index.ts";
import { getAnalyticsDashboard } from "#server/features/analytics/dashboard.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { rebuildRollups } from "#server/features/analytics/rollups.ts";
import { dashboardTruth, figuresOf } from "../helpers/analytics-truth";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A pinned "now" far from the real clock, at :34:56 so every range has partial hours at both edges. */
const NOW = new Date("2030-06-15T12:34:56.000Z");
const at = (msBeforeNow: number) => new Date(NOW.getTime() - msBeforeNow);

type Visitor = { id: string; ip: string; country: string | null; city: string | null; device: string };
const A: Visitor = { id: "visitor-a", ip: "198.51.100.0", country: "US", city: "Austin", device: "desktop" };
const B: Visitor = { id: "visitor-b", ip: "203.0.113.0", country: "DE", city: "Berlin", device: "mobile" };
const C: Visitor = { id: "visitor-c", ip: "192.0.2.0", country: "US", city: "Boston", device: "desktop" };
const D: Visitor = { id: "visitor-d", ip: "2001:db8:85a3::", country: "GB", city: "London", device: "tablet" };
const E: Visitor = { id: "visitor-e", ip: "198.51.100.128", country: null, city: null, device: "desktop" };
const F: Visitor = { id: "visitor-f", ip: "203.0.113.64", country: "FR", city: "Paris", device: "mobile" };
const G: Visitor = { id: "visitor-g", ip: "192.0.2.64", country: "JP", city: "Tokyo", device: "mobile" };

const row = (visitor: Visitor, sessionId: string, receivedAt: Date, page: string, event = "page_view"): AnalyticsEventRow => ({
  receivedAt,
  event,
  page,
  sessionId,
  visitorId: visitor.id,
  maskedIp: visitor.ip,
  country: visitor.country,
  city: visitor.city,
  region: null,
  timezone: visitor.country === "US" ? "America/Chicago" : null,
  deviceType: visitor.device,
});

/**
 * The hand-made events, with the answers worked out by hand in the tests below.
 * 24 h = [NOW - 24 h, NOW]; the hours at both edges are partial.
 */
const EVENTS: AnalyticsEventRow[] = [
  // A: a visit three days ago, and one two hours ago (same visitor id on two days: one unique visitor).
  row(A, "s-a1", at(3 * DAY), "/"),
  row(A, "s-a1", at(3 * DAY - 5 * MINUTE), "/pricing"),
  row(A, "s-a2", at(2 * HOUR), "/"),
  row(A, "s-a2", at(2 * HOUR - 10 * MINUTE), "/blog"),
  row(A, "s-a2", at(2 * HOUR - 15 * MINUTE), "/blog", "button_click"),
  // B: one session id, split by a 31-minute gap: two sessions of 10 and 5 minutes.
  row(B, "s-b", at(5 * HOUR), "/"),
  row(B, "s-b", at(5 * HOUR - 10 * MINUTE), "/blog"),
  row(B, "s-b", at(5 * HOUR - 41 * MINUTE), "/pricing"),
  row(B, "s-b", at(5 * HOUR - 46 * MINUTE), "/pricing"),
  // C: straddles the start of the 24 h range: the first event is out, the second in; one 2-minute session.
  row(C, "s-c", at(DAY + MINUTE), "/pricing"),
  row(C, "s-c", at(DAY - MINUTE), "/"),
  // D: in the last 5 minutes. E: 8 minutes ago (last 10 minutes only).
  row(D, "s-d", at(3 * MINUTE), "/"),
  row(D, "s-d", at(MINUTE), "/blog"),
  row(E, "s-e", at(8 * MINUTE), "/pricing"),
  // F: twenty days ago (30 d only). G: 31 days ago (never). And one event a minute in the future (never).
  row(F, "s-f", at(20 * DAY), "/old"),
  row(G, "s-g", at(31 * DAY), "/"),
  row(G, "s-g2", at(-MINUTE), "/"),
];

async function insertInBatches(db: Database, events: AnalyticsEventRow[], batchSize: number) {
  const insert = insertAnalyticsEvents(db);
  for (let i = 0; i < events.length; i += batchSize) await insert(events.slice(i, i + batchSize));
}

const dashboard = (timeRange: AnalyticsTimeRange) => getAnalyticsDashboard(t.db, { timeRange, now: NOW });

describe("GET /api/analytics/dashboard and analytics.dashboard: access and input", () => {
  it("are admin-only", async () => {
    const rest = await expectAdminOnlyRest(t, { method: "GET", url: "/api/analytics/dashboard?timeRange=7d" });
    expect(rest.headers["cache-control"]).toBe("private, no-store");
    expect((rest.json() as AnalyticsDashboard).debug.timeRange).toBe("7d");
    const procedure = await expectAdminOnlyProcedure(t, { type: "query", path: "analytics.dashboard", input: { timeRange: "1h" } });
    expect((procedure.data as AnalyticsDashboard).debug.timeRange).toBe("1h");
  });

  it("defaults to 24h and refuses any other range with 400 {error}", async () => {
    const admin = await t.createUser("admin");
    const plain = await t.inject({ method: "GET", url: "/api/analytics/dashboard", headers: admin.headers });
    expect(plain.statusCode).toBe(200);
    const body = plain.json() as AnalyticsDashboard;
    expect(body.debug).toMatchObject({ dataSource: "postgres", timeRange: "24h" });
    expect(Date.parse(body.debug.endTime) - Date.parse(body.debug.startTime)).toBe(DAY);

    for (const bad of ["2h", "", "30D", "24h%20", "1h&timeRange=7d"]) {
      const response = await t.inject({ method: "GET", url: `/api/analytics/dashboard?timeRange=${bad}`, headers: admin.headers });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json(), bad).toEqual({ error: "timeRange must be one of 1h, 24h, 7d, 30d" });
    }
    const viaTrpc = await t.trpcQuery("analytics.dashboard", { timeRange: "90d" }, admin.headers);
    expect(viaTrpc.status).toBe(400);
    expect(viaTrpc.error?.message).toBe("timeRange must be one of 1h, 24h, 7d, 30d");
  });

  it("does not tell an anonymous caller whether the range was valid", async () => {
    const response = await t.inject({ method: "GET", url: "/api/analytics/dashboard?timeRange=nope" });
    expect(response.statusCode).toBe(401);
  });
});

describe("dashboard figures on hand-made events", () => {
  it("computes the 24 h figures exactly, edges included", async () => {
    // Out of order and in small batches, as several instances would write them.
    await insertInBatches(t.db, [...EVENTS].reverse(), 3);
    const d = await dashboard("24h");

    // A, B, C (its in-range event), D, E. Not F, not G, not the future event.
    expect(d.summary.uniqueVisitors).toBe(5);
    // A 2 (the click is no view), B 4, C 1 (its earlier view is out of range), D 2, E 1.
    expect(d.summary.pageViews).toBe(10);
    // s-a2 (15 min), s-b twice (10 and 5 min), s-c (2 min, overlaps the start), s-d (2 min), s-e (0).
    expect(d.summary.totalVisitors).toBe(6);
    expect(d.summary.avgSessionTime).toBe(Math.round(((15 + 10 + 5 + 2 + 2 + 0) * MINUTE) / 6));

    expect(d.topPages).toEqual([
      { path: "/", views: 4 },
      { path: "/blog", views: 3 },
      { path: "/pricing", views: 3 },
    ]);
    expect(d.locations).toEqual([
      { country: "US", visitors: 2, percentage: 40 },
      { country: "DE", visitors: 1, percentage: 20 },
      { country: "GB", visitors: 1, percentage: 20 },
      { country: null, visitors: 1, percentage: 20 },
    ]);
    expect(d.devices).toEqual([
      { type: "desktop", count: 3, percentage: 60 },
      { type: "mobile", count: 1, percentage: 20 },
      { type: "tablet", count: 1, percentage: 20 },
    ]);
    expect(d.realTime).toEqual({ current: 1, last10min: 2 });

    expect(d.visitors.map((v) => [v.ip, v.pages, v.lastSeen])).toEqual([
      [D.ip, 2, at(MINUTE).toISOString()],
      [E.ip, 1, at(8 * MINUTE).toISOString()],
      [A.ip, 2, at(2 * HOUR - 15 * MINUTE).toISOString()],
      [B.ip, 4, at(5 * HOUR - 46 * MINUTE).toISOString()],
      [C.ip, 1, at(DAY - MINUTE).toISOString()],
    ]);
    expect(d.visitors[2]).toMatchObject({ city: "Austin", country: "US", device: "desktop", timezone: "America/Chicago" });

    // Hourly buckets on UTC hours, the partial first and last included: 25 of them.
    expect(d.series.bucket).toBe("1h");
    expect(d.series.points).toHaveLength(25);
    expect(d.series.points[0]!.start).toBe("2030-06-14T12:00:00.000Z");
    expect(d.series.points.at(-1)!.start).toBe("2030-06-15T12:00:00.000Z");
    const sum = (key: "visitors" | "pageViews") => d.series.points.reduce((total, point) => total + point[key], 0);
    expect(sum("pageViews")).toBe(10);
    // The first bucket holds only C's in-range view; the last D and E.
    expect(d.series.points[0]).toMatchObject({ visitors: 1, pageViews: 1 });
    expect(d.series.points.at(-1)).toMatchObject({ visitors: 2, pageViews: 3 });

    expect(d.debug.sources).toEqual({
      days: null,
      hours: [
        { from: "2030-06-14T12:34:56.000Z", to: "2030-06-14T13:00:00.000Z" },
        { from: "2030-06-14T13:00:00.000Z", to: "2030-06-15T12:00:00.000Z" },
      ],
      events: [
        { from: "2030-06-14T12:34:56.000Z", to: "2030-06-14T13:00:00.000Z" },
        { from: "2030-06-15T12:00:00.000Z", to: "2030-06-15T12:34:56.000Z" },
      ],
    });
  });

  it("reads the first partial hour from its hourly rows: a visitor's place and device are their first event's in the range", async () => {
    // The range starts at 11:10, in the first half of its hour: the hour's page views are its rollup less those before.
    const now = new Date("2030-08-01T11:10:00.000Z");
    const start = now.getTime() - DAY;
    const since = (minutes: number) => new Date(start + minutes * MINUTE);
    const K: Visitor = { id: "visitor-k", ip: "198.51.100.1", country: "FR", city: "Paris", device: "mobile" };
    const L: Visitor = { id: "visitor-l", ip: "198.51.100.2", country: "US", city: "Austin", device: "desktop" };
    const M: Visitor = { id: "visitor-m", ip: "198.51.100.3", country: "DE", city: "Berlin", device: "mobile" };
    const N: Visitor = { id: "visitor-n", ip: "198.51.100.4", country: "GB", city: "London", device: "tablet" };
    const P: Visitor = { id: "visitor-p", ip: "198.51.100.5", country: "US", city: "Austin", device: "mobile" };
    const moved = (visitor: Visitor, country: string, device: string): Visitor => ({ ...visitor, country, device });
    await insertInBatches(
      t.db,
      [
        // K changes country and device after its first event, which is before the range: counted as JP on desktop.
        row(K, "s-k", since(-5), "/"),
        row(moved(K, "JP", "desktop"), "s-k", since(5), "/blog"),
        row(moved(K, "JP", "desktop"), "s-k", since(20), "/"),
        // L straddles the start and keeps one place and device: the row alone answers.
        row(L, "s-l", since(-2), "/pricing"),
        row(L, "s-l", since(1), "/pricing"),
        // M is seen only before the range.
        row(M, "s-m", since(-10), "/"),
        // N changes after its first event, which is in the range: counted as GB on a tablet.
        row(N, "s-n", since(30), "/docs"),
        row(moved(N, "DE", "tablet"), "s-n", since(40), "/docs"),
        // P in the live hour.
        row(P, "s-p", new Date(now.getTime() - 2 * MINUTE), "/"),
      ].reverse(),
      2,
    );
    // This test's hours only: the rows of the hour before the range's start and of the live hour.
    const variation = () =>
      t.db
        .select({ visitorId: analyticsVisitorHours.visitorId, varies: analyticsVisitorHours.countryOrDeviceVaries })
        .from(analyticsVisitorHours)
        .where(gte(analyticsVisitorHours.hour, new Date(start - HOUR)))
        .orderBy(asc(analyticsVisitorHours.visitorId));
    const hourRows = await variation();
    expect(hourRows).toEqual([
      { visitorId: "visitor-k", varies: true },
      { visitorId: "visitor-l", varies: false },
      { visitorId: "visitor-m", varies: false },
      { visitorId: "visitor-n", varies: true },
      { visitorId: "visitor-p", varies: false },
    ]);

    const check = async () => {
      const d = await getAnalyticsDashboard(t.db, { timeRange: "24h", now });
      expect(d.summary).toMatchObject({ uniqueVisitors: 4, pageViews: 6 });
      expect(d.locations.map((place) => [place.country, place.visitors])).toEqual([
        ["US", 2],
        ["GB", 1],
        ["JP", 1],
      ]);
      expect(d.devices.map((device) => [device.type, device.count])).toEqual([
        ["desktop", 2],
        ["mobile", 1],
        ["tablet", 1],
      ]);
      expect(d.topPages).toEqual([
        { path: "/", views: 2 },
        { path: "/docs", views: 2 },
        { path: "/blog", views: 1 },
        { path: "/pricing", views: 1 },
      ]);
      expect(d.series.points[0]).toMatchObject({ visitors: 3, pageViews: 5 });
      expect(d.visitors.map((v) => [v.ip, v.pages])).toEqual([
        [P.ip, 1],
        [N.ip, 2],
        [K.ip, 2],
        [L.ip, 1],
      ]);
      for (const timeRange of ["24h", "7d", "30d"] as const)
        expect(figuresOf(await getAnalyticsDashboard(t.db, { timeRange, now }))).toEqual(await dashboardTruth(t.db, timeRange, now));
    };
    await check();
    // The rebuild writes the same rows, the variation included.
    await rebuildRollups(t.db);
    expect(await variation()).toEqual(hourRows);
    await check();
  });

  it("computes a past hour's summaries again once a late batch changes its visitors or sessions", async () => {
    const now = new Date("2030-09-01T12:34:56.000Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    await insertInBatches(t.db, [row(A, "s-1", ago(300), "/"), row(B, "s-2", ago(200), "/blog")], 5);
    // Builds the summaries of the range's whole past hours.
    expect((await getAnalyticsDashboard(t.db, { timeRange: "24h", now })).summary).toMatchObject({ uniqueVisitors: 2, totalVisitors: 2 });

    // Late, into those hours: a new visitor, and an event that makes A's session 5 minutes long.
    await insertInBatches(t.db, [row(C, "s-3", ago(290), "/"), row(A, "s-1", ago(295), "/pricing")], 5);
    const d = await getAnalyticsDashboard(t.db, { timeRange: "24h", now });
    expect(d.summary).toEqual({ uniqueVisitors: 3, totalVisitors: 3, pageViews: 4, avgSessionTime: Math.round((5 * MINUTE) / 3) });
    expect(figuresOf(d)).toEqual(await dashboardTruth(t.db, "24h", now));
  });

  it("extends the live hour's rows in place: a batch's updates of them are heap-only, no index holds what it changes", async () => {
    const indexed = rowsOf<{ column: string }>(
      await t.db.execute(sql`
        select distinct a.attname as column from pg_index as i
        join pg_attribute as a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = 'analytics_visitor_hours'::regclass`),
    ).map((row) => row.column);
    expect(indexed).toEqual(expect.arrayContaining(["hour", "visitor_id"]));
    for (const changed of ["last_seen", "events", "page_views"]) expect(indexed).not.toContain(changed);

    // The transaction's statistics before and after its batches: the difference counts their updates alone (the
    // view also holds counts of earlier transactions not yet reported). Rolled back after. Visitors of their own: no
    // other test's rows of theirs for a batch to move forward.
    const now = new Date("2030-10-01T12:34:56.000Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    const a = { ...A, id: "visitor-hot-a" };
    const b = { ...B, id: "visitor-hot-b" };
    type Updates = { updated: number; hot: number };
    const updatesSoFar = async (tx: Database) =>
      rowsOf<Updates>(
        await tx.execute(sql`
          select n_tup_upd::int as updated, n_tup_hot_upd::int as hot from pg_stat_xact_user_tables
          where relid = 'analytics_visitor_hours'::regclass`),
      )[0]!;
    let counted: Updates | undefined;
    await expect(
      t.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const insert = insertAnalyticsEvents(tx);
        await insert([row(a, "s-hot-1", ago(20), "/"), row(b, "s-hot-2", ago(19), "/")]);
        const before = await updatesSoFar(tx);
        for (let minute = 18; minute > 10; minute -= 1)
          await insert([row(a, "s-hot-1", ago(minute), "/blog"), row(b, "s-hot-2", ago(minute), "/")]);
        const after = await updatesSoFar(tx);
        counted = { updated: after.updated - before.updated, hot: after.hot - before.hot };
        transaction.rollback();
      }),
    ).rejects.toBeInstanceOf(TransactionRollbackError);
    expect(counted).toEqual({ updated: 16, hot: 16 });
  });

  it("counts the last hour's visitors when the range ends on an hour's start (that hour is whole, and summarized too)", async () => {
    const now = new Date("2030-11-01T12:00:00.000Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    await insertInBatches(t.db, [row(A, "s-1", ago(500), "/"), row(B, "s-2", ago(30), "/"), row(C, "s-3", ago(15), "/blog")], 5);
    const d = await getAnalyticsDashboard(t.db, { timeRange: "24h", now });
    expect(d.summary).toMatchObject({ uniqueVisitors: 3, totalVisitors: 3, pageViews: 3 });
    expect(figuresOf(d)).toEqual(await dashboardTruth(t.db, "24h", now));
  });

  it("counts a visitor seen on several days once over 7 and 30 days", async () => {
    const week = await dashboard("7d");
    // Whole days from the daily rollups, the hours of the partial days from the hourly ones, the rest from events
    // (the first partial hour from both: its visitors from its hourly rows, its page views from its events).
    expect(week.debug.sources).toEqual({
      days: { from: "2030-06-09T00:00:00.000Z", to: "2030-06-15T00:00:00.000Z" },
      hours: [
        { from: "2030-06-08T12:34:56.000Z", to: "2030-06-08T13:00:00.000Z" },
        { from: "2030-06-08T13:00:00.000Z", to: "2030-06-09T00:00:00.000Z" },
        { from: "2030-06-15T00:00:00.000Z", to: "2030-06-15T12:00:00.000Z" },
      ],
      events: [
        { from: "2030-06-08T12:34:56.000Z", to: "2030-06-08T13:00:00.000Z" },
        { from: "2030-06-15T12:00:00.000Z", to: "2030-06-15T12:34:56.000Z" },
      ],
    });
    // A (three days ago and today) once, B, C, D, E.
    expect(week.summary.uniqueVisitors).toBe(5);
    expect(week.summary.pageViews).toBe(13);
    expect(week.summary.totalVisitors).toBe(7);
    expect(week.series.bucket).toBe("1d");
    expect(week.series.points).toHaveLength(8);
    expect(week.series.points[0]!.start).toBe("2030-06-08T00:00:00.000Z");
    // Daily buckets count distinct visitors per day: their sum exceeds the unique count, as it should.
    expect(week.series.points.reduce((total, point) => total + point.visitors, 0)).toBe(6);

    const month = await dashboard("30d");
    expect(month.summary.uniqueVisitors).toBe(6);
    expect(month.summary.pageViews).toBe(14);
    expect(month.topPages.find((page) => page.path === "/old")).toEqual({ path: "/old", views: 1 });
    expect(month.series.points).toHaveLength(31);
  });

  it("reads the last hour from the events, in 5-minute buckets", async () => {
    const hour = await dashboard("1h");
    expect(hour.summary).toMatchObject({ uniqueVisitors: 2, pageViews: 3, totalVisitors: 2 });
    expect(hour.debug.sources).toEqual({ days: null, hours: [], events: [{ from: "2030-06-15T11:34:56.000Z", to: NOW.toISOString() }] });
    expect(hour.series.bucket).toBe("5m");
    expect(hour.series.points).toHaveLength(13);
    expect(hour.alert).toMatchObject({ active: true, uniqueVisitorsLast10Min: 2, notifiedAt: null, recipients: 0 });
  });

  it("keeps the rollups equal to a rebuild from the events, whatever the batches and their order", async () => {
    const snapshot = async () => ({
      visitorHours: await t.db
        .select()
        .from(analyticsVisitorHours)
        .orderBy(asc(analyticsVisitorHours.hour), asc(analyticsVisitorHours.visitorId)),
      pageHours: await t.db.select().from(analyticsPageHours).orderBy(asc(analyticsPageHours.hour), asc(analyticsPageHours.page)),
      pageDays: await t.db.select().from(analyticsPageDays).orderBy(asc(analyticsPageDays.day), asc(analyticsPageDays.page)),
      sessions: (await t.db.select().from(analyticsSessions))
        .map(({ id: _id, ...session }) => session)
        .sort((a, b) => a.sessionId.localeCompare(b.sessionId) || a.startedAt.getTime() - b.startedAt.getTime()),
    });
    // A session whose events arrive late and bridge gaps: 0 and 40 minutes first (two runs), then 20
    // (one run), then 70 (a gap of exactly 30 minutes: still the same session), then 101 (a new one).
    const base = at(6 * DAY);
    const late = (minutes: number) => row(F, "s-late", new Date(base.getTime() + minutes * MINUTE), "/late");
    for (const batch of [[late(0), late(40)], [late(20)], [late(70), late(101)]]) await insertAnalyticsEvents(t.db)(batch);

    const incremental = await snapshot();
    const lateRuns = incremental.sessions.filter((session) => session.sessionId === "s-late");
    expect(lateRuns.map((run) => [run.events, run.endedAt.getTime() - run.startedAt.getTime()])).toEqual([
      [4, 70 * MINUTE],
      [1, 0],
    ]);
    const before = await dashboard("30d");

    await rebuildRollups(t.db);
    expect(await snapshot()).toEqual(incremental);
    const after = await dashboard("30d");
    expect({ ...after, debug: null }).toEqual({ ...before, debug: null });
  });

  it("never counts bots: the ingest drops them before they are stored", async () => {
    const send = (ua: string, ip: string) =>
      t.inject({
        method: "POST",
        url: "/api/analytics/track",
        headers: { "content-type": "application/json", "user-agent": ua },
        payload: JSON.stringify({ event: "page_view", page: "/bots-test", sessionId: `bots-${ip}` }),
        remoteAddress: ip,
      });
    const before = await getAnalyticsDashboard(t.db, { timeRange: "1h" });
    expect((await send("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "198.51.100.7")).statusCode).toBe(202);
    expect((await send("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "198.51.100.8")).statusCode).toBe(202);
    expect((await send("Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0", "198.51.100.9")).statusCode).toBe(202);
    await t.services.analytics.writer.flush();

    const after = await getAnalyticsDashboard(t.db, { timeRange: "1h" });
    expect(after.summary.uniqueVisitors - before.summary.uniqueVisitors).toBe(1);
    expect(after.summary.pageViews - before.summary.pageViews).toBe(1);
    expect(after.topPages).toContainEqual({ path: "/bots-test", views: 1 });
    expect(after.visitors[0]).toMatchObject({ ip: "198.51.100.0", pages: 1, device: "desktop" });
  });
});

describe("real-time visitors from the hourly rollups, in every range", () => {
  const H: Visitor = { ...A, id: "visitor-h" };
  const I: Visitor = { ...B, id: "visitor-i" };
  const J: Visitor = { ...C, id: "visitor-j" };

  it("count each visitor once, whether the last 10 minutes lie within one hour or across an hour's start", async () => {
    // Nothing after either pinned instant: both read the live hour from the rollups.
    const acrossHours = new Date("2031-01-01T12:04:56.000Z");
    const withinHour = new Date("2031-02-01T12:34:56.000Z");
    const before = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);
    await insertInBatches(
      t.db,
      [
        // H has a row in each hour of the window; I only before the hour; J before the window.
        row(H, "s-h", before(acrossHours, 9), "/"),
        row(H, "s-h", before(acrossHours, 4), "/blog"),
        row(I, "s-i", before(acrossHours, 8), "/"),
        row(J, "s-j", before(acrossHours, 15), "/"),
        // Within one hour: H twice (one row), I once, 7 minutes ago.
        row(H, "s-h2", before(withinHour, 9), "/"),
        row(H, "s-h2", before(withinHour, 2), "/blog"),
        row(I, "s-i2", before(withinHour, 7), "/"),
      ],
      10,
    );
    const realTimeAt = async (timeRange: AnalyticsTimeRange, now: Date) => (await getAnalyticsDashboard(t.db, { timeRange, now })).realTime;
    // The 1-hour range too, though its own figures come from its events (its chart buckets are minutes).
    for (const timeRange of ["1h", "24h"] as const) {
      expect(await realTimeAt(timeRange, acrossHours)).toEqual({ current: 1, last10min: 2 });
      expect(await realTimeAt(timeRange, withinHour)).toEqual({ current: 1, last10min: 2 });
    }

    // From the rollups, not the events: a visitor whose event was written around them (no rollup row) is not counted.
    await t.db.execute(sql`
      insert into analytics_events (received_at, event, page, session_id, visitor_id)
      values (${before(withinHour, 1).toISOString()}::timestamptz, 'page_view', '/', 's-k', 'visitor-k')`);
    expect(await realTimeAt("1h", withinHour)).toEqual({ current: 1, last10min: 2 });
  });
});
