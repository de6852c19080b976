/**
 * npm run bench:dashboard — the admin analytics dashboard over 1,000,000 events in real Postgres.
 *
 * Creates a throwaway database, migrates it, bulk-loads 1,000,000 events spread over the last 30 days
 * in one INSERT ... SELECT from generate_series (~20,000 visitors, ~60,000 sessions, 50 pages, 15
 * countries, three device types; a few sessions pause for 45 minutes, so they split in two), builds the
 * rollups with rebuildRollups() (the code the app uses to backfill them), runs VACUUM ANALYZE (what
 * autovacuum does after a bulk load), then calls the dashboard service in-process, once to warm up and
 * five times per range, and prints the median. Budget: 30 days at most 300 ms, 24 hours at most 50 ms.
 * Each range's unique visitors, page views, top page and top campaign are also checked against a count straight from
 * the events: the rollups must give exact figures.
 *
 * BENCH_DATABASE_URL overrides the server (default postgres://postgres@127.0.0.1:5432/postgres);
 * BENCH_KEEP_DATABASE=1 keeps the loaded database (its name is printed) for EXPLAIN ANALYZE.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { ANALYTICS_TIME_RANGE_MS, ANALYTICS_TIME_RANGES, type AnalyticsTimeRange } from "#common/analytics/dashboard.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/client.ts";
import { getAnalyticsDashboard } from "#server/features/analytics/index.ts";
import { rebuildRollups } from "#server/features/analytics/index.ts";
import { withDatabase } from "./bench-support";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const EVENTS = 1_000_000;
const VISITORS = 20_000;
const SESSIONS = 60_000;
const RUNS = 5;
const KEEP = process.env.BENCH_KEEP_DATABASE === "1";
const BUDGET_MS: Partial<Record<AnalyticsTimeRange, number>> = { "30d": 300, "24h": 50 };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  process.stdout.write(`${label}... `);
  const result = await work();
  process.stdout.write(`${seconds(performance.now() - began)}\n`);
  return result;
}

/**
 * Sessions first (a visitor, an end time within the last 30 days, 1 to 33 events), then their events,
 * going back from the end time 10 s to 3 min apart. Visitors keep one address, place and device.
 */
async function bulkLoad(handle: DatabaseHandle) {
  await handle.db.execute(sql`select setseed(0.42)`);
  await handle.db.execute(
    sql.raw(`
    insert into analytics_events (received_at, event, page, url, session_id, visitor_id, masked_ip, country, region, city, timezone, device_type, browser, os, utm_source, utm_campaign)
    select
      e.at,
      e.event,
      e.page,
      'https://lab.example' || e.page,
      'bench-session-' || s.n,
      md5('bench-visitor-' || s.visitor),
      '198.51.' || (s.visitor % 256) || '.0',
      (array['US','US','US','US','GB','GB','DE','DE','FR','CA','JP','AU','BR','IN','CN','ES','IT','NL','SE','NO'])[1 + s.visitor % 20],
      null,
      (array['Austin','Seattle','Chicago','New York','London','Leeds','Berlin','Munich','Paris','Toronto','Tokyo','Sydney','Sao Paulo','Bengaluru','Shanghai','Madrid','Rome','Amsterdam','Stockholm','Oslo'])[1 + s.visitor % 20],
      (array['America/Chicago','America/Los_Angeles','America/Chicago','America/New_York','Europe/London','Europe/London','Europe/Berlin','Europe/Berlin','Europe/Paris','America/Toronto','Asia/Tokyo','Australia/Sydney','America/Sao_Paulo','Asia/Kolkata','Asia/Shanghai','Europe/Madrid','Europe/Rome','Europe/Amsterdam','Europe/Stockholm','Europe/Oslo'])[1 + s.visitor % 20],
      case when s.visitor % 20 < 12 then 'desktop' when s.visitor % 20 < 19 then 'mobile' else 'tablet' end,
      (array['Chrome','Safari','Firefox','Edge'])[1 + s.visitor % 4],
      (array['Windows','macOS','iOS','Android','Linux'])[1 + s.visitor % 5],
      -- One session in ten lands through a tagged link (40 campaigns): its first event carries the utm tags.
      case when e.landing and s.n % 10 = 0 then 'x' end,
      case when e.landing and s.n % 10 = 0 then 'bench-' || (s.n % 40) end
    from (
      select n,
        floor(random() * ${VISITORS})::int as visitor,
        now() - random() * interval '30 days' as ends_at,
        1 + floor(random() * 33)::int as events,
        random() < 0.03 as pauses
      from generate_series(1, ${SESSIONS}) as n
    ) as s
    cross join lateral (
      select
        -- Never in the future; a pausing session has a 45-minute break in the middle.
        s.ends_at - k * interval '1 second' * (10 + floor(random() * 170))
          - case when s.pauses and k > s.events / 2 then interval '45 minutes' else interval '0' end as at,
        case when random() < 0.7 then 'page_view' when random() < 0.85 then 'button_click' else 'feature_used' end as event,
        case when random() < 0.3 then '/' else '/page-' || floor(49 * power(random(), 2))::int end as page,
        k = s.events - 1 as landing
      from generate_series(0, s.events - 1) as k
    ) as e
    limit ${EVENTS}`),
  );
}

/**
 * The dashboard at a pinned instant against the same figures counted straight from analytics_events:
 * unique visitors, page views, the top page and the top campaign must be equal (the rollups are exact, not estimates).
 */
async function matchesEvents(handle: DatabaseHandle, timeRange: AnalyticsTimeRange): Promise<boolean> {
  const now = new Date();
  const start = new Date(now.getTime() - ANALYTICS_TIME_RANGE_MS[timeRange]);
  const dashboard = await getAnalyticsDashboard(handle.db, { timeRange, now });
  const inRange = sql`received_at >= ${start.toISOString()}::timestamptz and received_at <= ${now.toISOString()}::timestamptz`;
  const [truth] = rowsOf<{ unique: number; views: number }>(
    await handle.db.execute(sql`
      select count(distinct visitor_id)::int as unique, (count(*) filter (where event = 'page_view'))::int as views
      from analytics_events where ${inRange}`),
  );
  const [top] = rowsOf<{ page: string; views: number }>(
    await handle.db.execute(sql`
      select page, count(*)::int as views from analytics_events where event = 'page_view' and ${inRange}
      group by page order by count(*) desc, page limit 1`),
  );
  const [campaign] = rowsOf<{ campaign: string; visitors: number }>(
    await handle.db.execute(sql`
      select utm_campaign as campaign, count(distinct visitor_id)::int as visitors from analytics_events
      where utm_campaign is not null and ${inRange}
      group by 1 order by 2 desc, 1 limit 1`),
  );
  return (
    dashboard.campaigns[0]?.campaign === campaign?.campaign &&
    dashboard.campaigns[0]?.visitors === campaign?.visitors &&
    dashboard.summary.uniqueVisitors === truth?.unique &&
    dashboard.summary.pageViews === truth.views &&
    dashboard.topPages[0]?.path === top?.page &&
    dashboard.topPages[0]?.views === top?.views
  );
}

async function main() {
  const name = `bench_dashboard_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(BASE_URL, name);
  const handle = await openDatabase({ kind: "postgres", url, maxConnections: 10 });
  let passed = true;
  try {
    await timed("migrating", () => handle.migrate());
    await timed(`loading ${EVENTS.toLocaleString("en")} events`, () => bulkLoad(handle));
    await timed("building the rollups (rebuildRollups)", () => rebuildRollups(handle.db));
    await timed("vacuum analyze", async () => {
      const direct = new pg.Client({ connectionString: url });
      await direct.connect();
      await direct.query("vacuum analyze");
      await direct.end();
    });

    const counts = rowsOf<Record<string, number>>(
      await handle.db.execute(sql`
        select (select count(*) from analytics_events)::int as events,
          (select count(distinct visitor_id) from analytics_events)::int as visitors,
          (select count(*) from analytics_sessions)::int as sessions,
          (select count(*) from analytics_visitor_hours)::int as visitor_hours,
          (select count(*) from analytics_visitor_days)::int as visitor_days,
          (select count(*) from analytics_page_hours)::int as page_hours,
          (select count(*) from analytics_page_days)::int as page_days`),
    )[0]!;
    console.log("\nloaded:", counts);

    const rows = [];
    for (const timeRange of ANALYTICS_TIME_RANGES) {
      await getAnalyticsDashboard(handle.db, { timeRange });
      const durations: number[] = [];
      let last;
      for (let run = 0; run < RUNS; run += 1) {
        const began = performance.now();
        last = await getAnalyticsDashboard(handle.db, { timeRange });
        durations.push(performance.now() - began);
      }
      durations.sort((a, b) => a - b);
      const exact = await matchesEvents(handle, timeRange);
      const median = durations[Math.floor(RUNS / 2)]!;
      const budget = BUDGET_MS[timeRange];
      const ok = budget === undefined || median <= budget;
      if (!ok) passed = false;
      rows.push({
        range: timeRange,
        "median ms": Number(median.toFixed(1)),
        "min ms": Number(durations[0]!.toFixed(1)),
        "max ms": Number(durations.at(-1)!.toFixed(1)),
        budget: budget === undefined ? "-" : `${budget} ms`,
        result: budget === undefined ? "-" : ok ? "ok" : "OVER",
        unique: last!.summary.uniqueVisitors,
        sessions: last!.summary.totalVisitors,
        "page views": last!.summary.pageViews,
        "= events": exact ? "yes" : "NO",
      });
      if (!exact) passed = false;
    }
    console.log(`\nGET /api/analytics/dashboard service, median of ${RUNS} calls after one warm-up:`);
    console.table(rows);
    console.log(passed ? "PASS" : "FAIL: over budget");
  } finally {
    await handle.close();
    if (KEEP) console.log(`kept the database: ${url}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  process.exitCode = passed ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
