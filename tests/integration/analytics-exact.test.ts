import { describe, expect, it } from "vitest";
import { ANALYTICS_TIME_RANGES } from "#common/analytics/dashboard.ts";
import { getAnalyticsDashboard } from "#server/features/analytics/dashboard.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { rebuildRollups } from "#server/features/analytics/rollups.ts";
import { dashboardTruth, figuresOf } from "../helpers/analytics-truth";
import { useTestApp } from "../helpers/test-app";

/**
 * The dashboard's figures are exact: on random events (visitors seen on several days, a country that changes
 * mid-visit, equal timestamps, sessions bridged by late events), written in random batches and order, every
 * range at random instants (across a month boundary, inside a busy last hour that the rollups hold, and
 * inside one with events after the instant) equals a brute-force COUNT(DISTINCT) over the events; and
 * again after rebuildRollups.
 */
const t = useTestApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH_BOUNDARY = Date.parse("2030-07-01T00:00:00.000Z");

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const next = random(2030);
const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
const COUNTRIES = ["US", "DE", "GB", null, "FR"] as const;
const DEVICES = ["desktop", "mobile", "tablet"] as const;

/**
 * The live instant: a busy last hour that the rollups hold (nothing later), 6 minutes into a clock hour, so that
 * the last 10 minutes' visitors come from the rows of two hours.
 */
const LIVE_NOW = MONTH_BOUNDARY + 9 * DAY + 14 * HOUR + 6 * MINUTE + 7_123;
const LIVE_MINUTES = 40;

function events(): AnalyticsEventRow[] {
  const rows: AnalyticsEventRow[] = [];
  const visit = (visitor: number, session: string, from: number, count: number) => {
    let at = from;
    for (let k = 0; k < count; k += 1) {
      // Visitor 3 moves country mid-visit; others keep theirs.
      const country = visitor === 3 && k > 1 ? "JP" : COUNTRIES[visitor % COUNTRIES.length]!;
      rows.push({
        receivedAt: new Date(at),
        event: next() < 0.7 ? "page_view" : "button_click",
        page: pick(["/", "/blog", "/pricing", "/about", "/docs"]),
        sessionId: session,
        visitorId: `v-${visitor}`,
        maskedIp: `198.51.100.${visitor % 200}`,
        country,
        deviceType: DEVICES[visitor % DEVICES.length]!,
        utmCampaign: k === 0 && visitor % 4 === 0 ? `c-${visitor % 3}` : null,
        utmSource: k === 0 && visitor % 4 === 0 ? "x" : null,
      });
      // Mostly seconds to minutes apart, now and then a pause longer than a session gap, now and then the same instant.
      const roll = next();
      at += roll < 0.05 ? 0 : roll < 0.1 ? 35 * MINUTE : Math.floor(next() * 9 * MINUTE);
    }
  };
  // 40 days around the month boundary: 60 visitors, each on a few days.
  for (let visitor = 0; visitor < 60; visitor += 1) {
    const days = 1 + Math.floor(next() * 5);
    for (let d = 0; d < days; d += 1) {
      const from = MONTH_BOUNDARY - 30 * DAY + Math.floor(next() * 40 * DAY);
      visit(visitor, `s-${visitor}-${d}`, Math.min(from, LIVE_NOW - 3 * HOUR), 1 + Math.floor(next() * 8));
    }
  }
  // The live edge: 400 events of 40 visitors (half of them seen before) in the LIVE_MINUTES up to LIVE_NOW.
  for (let n = 0; n < 40; n += 1) {
    const visitor = n % 2 === 0 ? n : 100 + n;
    for (let k = 0; k < 10; k += 1) {
      const at = LIVE_NOW - Math.floor(next() * LIVE_MINUTES * MINUTE);
      visit(visitor, `live-${n}`, at, 1);
    }
  }
  return rows;
}

function shuffle<T>(values: T[]): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Random instants: around the month boundary, inside the data's hours, and exactly the live instant. */
const INSTANTS = [
  new Date(LIVE_NOW),
  new Date(MONTH_BOUNDARY + 3 * HOUR + 17 * MINUTE + 45_001),
  new Date(MONTH_BOUNDARY - 20 * MINUTE),
  new Date(MONTH_BOUNDARY),
  ...Array.from({ length: 4 }, () => new Date(MONTH_BOUNDARY - 5 * DAY + Math.floor(next() * 14 * DAY))),
];

async function expectExact(label: string) {
  for (const now of INSTANTS) {
    for (const timeRange of ANALYTICS_TIME_RANGES) {
      const dashboard = await getAnalyticsDashboard(t.db, { timeRange, now });
      expect(figuresOf(dashboard), `${label}: ${timeRange} at ${now.toISOString()}`).toEqual(await dashboardTruth(t.db, timeRange, now));
    }
  }
}

describe("dashboard figures equal a brute-force count over the events", () => {
  it("in random batches and order, at random instants, and after a rebuild", async () => {
    const rows = shuffle(events());
    const insert = insertAnalyticsEvents(t.db);
    for (let i = 0; i < rows.length;) {
      const size = 1 + Math.floor(next() * 60);
      await insert(rows.slice(i, i + size));
      i += size;
    }
    // The live instant reads its last hour from the rollups; the others (events after them) from the events.
    const live = await getAnalyticsDashboard(t.db, { timeRange: "24h", now: new Date(LIVE_NOW) });
    expect(live.debug.sources.events).toHaveLength(1);
    expect(live.debug.sources.hours.at(-1)?.to).toBe(new Date(LIVE_NOW).toISOString());
    expect(live.summary.uniqueVisitors).toBeGreaterThan(20);
    expect(live.realTime.last10min).toBeGreaterThan(5);

    await expectExact("incremental");
    // Late events into days whose summaries the dashboard has just computed: each batch must drop them.
    const late = (visitor: number, session: string, at: number): AnalyticsEventRow => ({
      receivedAt: new Date(at),
      event: "page_view",
      page: "/late",
      sessionId: session,
      visitorId: `v-${visitor}`,
      country: "NO",
      deviceType: "tablet",
    });
    await insert([late(1, "s-1-0", MONTH_BOUNDARY - 2 * DAY + 5 * HOUR), late(7, "late-7", MONTH_BOUNDARY - 10 * DAY)]);
    await insert([late(200, "late-200", MONTH_BOUNDARY + 2 * DAY), late(2, "s-2-1", MONTH_BOUNDARY - 1)]);
    await expectExact("after late events");
    await rebuildRollups(t.db);
    await expectExact("rebuilt");
  });
});
