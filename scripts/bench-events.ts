/**
 * The benches' analytics events: BENCH_EVENTS-like sizes of generated traffic over the last 30 days, bulk-loaded
 * straight into analytics_events (npm run bench:dashboard, and the Funnel in npm run bench:waitlist). One visitor
 * per 50 events, one session per ~17: 50 pages (`/` about 30 % of events), 20 countries, three device types;
 * one session in ten lands through a tagged link (40 campaigns); a few sessions pause for 45 minutes.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { buildOnEveryPartition } from "#server/infra/deferred-indexes.ts";

export const COUNTRIES = [
  "US",
  "US",
  "US",
  "US",
  "GB",
  "GB",
  "DE",
  "DE",
  "FR",
  "CA",
  "JP",
  "AU",
  "BR",
  "IN",
  "CN",
  "ES",
  "IT",
  "NL",
  "SE",
  "NO",
];
export const CITIES = [
  "Austin",
  "Seattle",
  "Chicago",
  "New York",
  "London",
  "Leeds",
  "Berlin",
  "Munich",
  "Paris",
  "Toronto",
  "Tokyo",
  "Sydney",
  "Sao Paulo",
  "Bengaluru",
  "Shanghai",
  "Madrid",
  "Rome",
  "Amsterdam",
  "Stockholm",
  "Oslo",
];
const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(",")}]`;
/**
 * A session id in the tracker's shape (crypto.randomUUID), derived from a key so every run gets the same ones. Ids
 * that share a long prefix, as `bench-session-N` did, make every sort by session compare past it, which ids from the
 * tracker never do. The bulk load derives them in SQL the same way: md5(key)::uuid.
 */
export const sessionIdOf = (key: string) => {
  const hex = createHash("md5").update(key).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const deviceOf = (visitor: number) => (visitor % 20 < 12 ? "desktop" : visitor % 20 < 19 ? "mobile" : "tablet");

export type Size = { events: number; visitors: number; sessions: number };
export const sizeOf = (events: number): Size => ({ events, visitors: Math.round(events / 50), sessions: Math.round(events * 0.06) });
/**
 * Sessions first (a visitor, an end time within the 30 days before `now`, 1 to 33 events), then their
 * events, going back from the end time 10 s to 3 min apart. Visitors keep one address, place and device.
 * Two connections load half the sessions each, and the secondary indexes are dropped during the load and
 * built afterwards (one sort each instead of 10 million random inserts into four B-trees).
 */
export async function bulkLoad(url: string, size: Size, now: Date) {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  const admin = await connect();
  const { rows: indexes } = await admin.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'analytics_events' and indexname not in (select conname from pg_constraint where conrelid = 'analytics_events'::regclass)`,
  );
  for (const index of indexes) await admin.query(`drop index ${index.name}`);
  const part = async (half: number) => {
    const client = await connect();
    await client.query(`select setseed(${half === 0 ? 0.42 : -0.42})`);
    await client.query(`
    insert into analytics_events (received_at, event, page, url, session_id, visitor_id, masked_ip, country, region, city, timezone, device_type, browser, os, utm_source, utm_campaign)
    select
      e.at,
      e.event,
      e.page,
      'https://lab.example' || e.page,
      md5('bench-session-' || s.n)::uuid::text,
      md5('bench-visitor-' || s.visitor),
      '198.51.' || (s.visitor % 256) || '.0',
      (${sqlArray(COUNTRIES)})[1 + s.visitor % 20],
      null,
      (${sqlArray(CITIES)})[1 + s.visitor % 20],
      'UTC',
      case when s.visitor % 20 < 12 then 'desktop' when s.visitor % 20 < 19 then 'mobile' else 'tablet' end,
      (array['Chrome','Safari','Firefox','Edge'])[1 + s.visitor % 4],
      (array['Windows','macOS','iOS','Android','Linux'])[1 + s.visitor % 5],
      -- One session in ten lands through a tagged link (40 campaigns): its first event carries the utm tags.
      case when e.landing and s.n % 10 = 0 then 'x' end,
      case when e.landing and s.n % 10 = 0 then 'bench-' || (s.n % 40) end
    from (
      select n,
        floor(random() * ${size.visitors})::int as visitor,
        '${now.toISOString()}'::timestamptz - random() * interval '30 days' as ends_at,
        1 + floor(random() * 33)::int as events,
        random() < 0.03 as pauses
      from generate_series(${half + 1}, ${size.sessions}, 2) as n
    ) as s
    cross join lateral (
      select
        -- Never after now; a pausing session has a 45-minute break in the middle.
        s.ends_at - k * interval '1 second' * (10 + floor(random() * 170))
          - case when s.pauses and k > s.events / 2 then interval '45 minutes' else interval '0' end as at,
        case when random() < 0.7 then 'page_view' when random() < 0.85 then 'button_click' else 'feature_used' end as event,
        case when random() < 0.3 then '/' else '/page-' || floor(49 * power(random(), 2))::int end as page,
        k = s.events - 1 as landing
      from generate_series(0, s.events - 1) as k
    ) as e
    limit ${Math.ceil(size.events / 2)}`);
    await client.end();
  };
  await Promise.all([part(0), part(1)]);
  const build = async (list: typeof indexes) => {
    const client = await connect();
    await client.query("set maintenance_work_mem = '256MB'");
    for (const index of list) await client.query(buildOnEveryPartition(index.definition));
    await client.end();
  };
  await Promise.all([build(indexes.filter((_, i) => i % 2 === 0)), build(indexes.filter((_, i) => i % 2 === 1))]);
  await admin.end();
}
