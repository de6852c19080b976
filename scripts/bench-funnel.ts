/**
 * The waitlist Funnel at 10 million events (part of npm run bench:waitlist): a throwaway database loaded with
 * bench:dashboard's generated traffic (scripts/bench-events.ts; BENCH_EVENTS, default 10,000,000), one
 * landing page view of `/` in a hundred carrying `?ref=`, 100,000 waitlist entries over the last 60 days
 * (one in ten through a campaign, one in five referred, four in five confirmed) and 20,000 user accounts with
 * their addresses; the rollups built with rebuildRollups() and VACUUM ANALYZE. Then the Funnel for 30 days,
 * once to warm up and five times: the median against the 150 ms budget, and the visitors of `/` and of each
 * campaign checked against a distinct count straight from the events.
 */
import { sql } from "drizzle-orm";
import { getAnalyticsFunnel, rebuildRollups } from "#server/features/analytics/index.ts";
import { openDatabase, rowsOf } from "#server/db/client.ts";
import { bulkLoad, sizeOf } from "./bench-events";
import { createThrowawayDatabase, percentile } from "./bench-support";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const RUNS = 5;
const BUDGET_MS = 150;
const ENTRIES = 100_000;
const USERS = 20_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await work();
  console.log(`${label}: ${seconds(performance.now() - began)}`);
  return result;
}

/** Times the Funnel for 30 days and checks its visitors; whether it is within budget and exact. */
export async function benchFunnel(): Promise<boolean> {
  const database = await createThrowawayDatabase("bench_funnel");
  const handle = await openDatabase({ kind: "postgres", url: database.url, maxConnections: 10 });
  const now = new Date();
  try {
    const db = handle.db;
    await handle.migrate();
    await timed(`Funnel: loading ${EVENTS.toLocaleString("en")} events`, () => bulkLoad(database.url, sizeOf(EVENTS), now));
    await timed("Funnel: referral links, waitlist entries and users", async () => {
      await db.execute(
        sql`update analytics_events set url = url || '?ref=0123456789ab' where page = '/' and event = 'page_view' and id % 100 = 0`,
      );
      await db.execute(sql`select setseed(0.34)`);
      await db.execute(
        sql.raw(`
        insert into waitlist_entries (position, email, created_at, confirmed_at, utm_campaign)
        select n, 'funnel-' || n || '@lab.example', now() - random() * interval '60 days',
          case when n % 5 <> 0 then now() else null end, case when n % 10 = 0 then 'bench-' || (n % 40) end
        from generate_series(1, ${ENTRIES}) as n`),
      );
      await db.execute(
        sql.raw(
          `update waitlist_entries as e set referred_by = r.id from waitlist_entries as r where e.position % 5 = 1 and r.position = 1 + e.position / 7`,
        ),
      );
      await db.execute(
        sql.raw(`
        insert into users (email, name, password_hash)
        select 'Funnel-' || n || '+app@lab.example', 'Funnel ' || n, 'x' from generate_series(1, ${ENTRIES}, ${ENTRIES / USERS}) as n`),
      );
    });
    await timed("Funnel: rebuildRollups", () => rebuildRollups(db));
    await db.execute(sql`vacuum analyze`);

    await getAnalyticsFunnel(db, { timeRange: "30d", now });
    const times: number[] = [];
    let funnel;
    for (let run = 0; run < RUNS; run += 1) {
      const began = performance.now();
      funnel = await getAnalyticsFunnel(db, { timeRange: "30d", now });
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);

    const from = new Date(now.getTime() - 30 * 24 * 3_600_000);
    const truth = rowsOf<{ campaign: string | null; visitors: number }>(
      await db.execute(sql`
        select utm_campaign as campaign, count(distinct visitor_id)::int as visitors from analytics_events
        where page = '/' and event = 'page_view' and received_at >= ${from.toISOString()}::timestamptz and received_at <= ${now.toISOString()}::timestamptz
        group by grouping sets ((), (utm_campaign)) having grouping(utm_campaign) = 1 or utm_campaign is not null`),
    );
    const all = funnel!.rows[0]!;
    const exact = truth.every((row) =>
      row.campaign === null
        ? all.visitors === row.visitors
        : funnel!.rows.some((r) => r.campaign === row.campaign && r.visitors === row.visitors),
    );
    console.log(
      `Funnel for 30 days at ${EVENTS.toLocaleString("en")} events, median of ${RUNS}: ${median.toFixed(1)} ms (min ${times[0]!.toFixed(1)}, max ${times.at(-1)!.toFixed(1)}): ${median <= BUDGET_MS ? "within" : "OVER"} the ${BUDGET_MS} ms budget`,
    );
    console.log(
      `  All: ${all.visitors} visitors of /, ${all.joins} joins, ${all.confirmed} confirmed, ${all.accounts} accounts; referrals: ${funnel!.rows[1]!.visitors} visitors, ${funnel!.rows[1]!.joins} joins; ${funnel!.rows.length - 2} campaigns; visitors = events: ${exact ? "yes" : "NO"}`,
    );
    return exact && median <= BUDGET_MS;
  } finally {
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE === "1") console.log(`Kept ${database.url}`);
    else await database.drop();
  }
}
