import { and, countDistinct, eq, gte, lte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsFunnel, FunnelRow } from "#common/analytics/funnel.ts";
import { analyticsEvents, waitlistEntries } from "#server/db/schema/index.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { getAnalyticsFunnel } from "#server/features/analytics/funnel.ts";
import { rebuildRollups } from "#server/features/analytics/rollups.ts";
import { useTestApp } from "../helpers/test-app";

/**
 * The waitlist Funnel: visitors of `/`, joins, confirmed, accounts, for the whole range, per campaign and for
 * referrals, from hand-made events, waitlist entries and users; every figure checked exactly.
 */
const t = useTestApp({ rateLimits: false });
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const view = (visitorId: string, receivedAt: Date, extra: Partial<AnalyticsEventRow> = {}): AnalyticsEventRow => ({
  receivedAt,
  event: "page_view",
  page: "/",
  url: "https://lab.example/",
  sessionId: `s-${visitorId}-${receivedAt.getTime()}`,
  visitorId,
  ...extra,
});
const tagged = (campaign: string) => ({ url: `https://lab.example/?utm_campaign=${campaign}`, utmSource: "x", utmCampaign: campaign });
const rowOf = (funnel: AnalyticsFunnel, kind: FunnelRow["kind"], campaign: string | null = null) =>
  funnel.rows.find((row) => row.kind === kind && row.campaign === campaign);

describe("the waitlist Funnel", () => {
  it("counts visitors of /, joins, confirmed and accounts, overall, per campaign and for referrals", async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const insert = insertAnalyticsEvents(t.db);
    await insert([
      // Seen on three days: one visitor.
      view("ada", ago(10 * DAY)),
      view("ada", ago(5 * DAY)),
      view("ada", ago(HOUR)),
      view("bob", ago(2 * DAY), tagged("launch")),
      view("bob", ago(2 * DAY - 60_000), { page: "/pricing", url: "https://lab.example/pricing" }),
      view("cy", ago(3 * HOUR), { url: "https://lab.example/?ref=abc123abc123" }),
      // Never on /: not a visitor of the landing page.
      view("dee", ago(DAY), { page: "/pricing", url: "https://lab.example/pricing" }),
      // Before the range, then in it: counted once.
      view("eve", ago(40 * DAY)),
      view("eve", ago(20 * DAY)),
      // A click on /, not a page view.
      view("fay", ago(2 * HOUR), { event: "button_click" }),
      view("gus", ago(3 * DAY), tagged("other")),
      view("gus", ago(2 * DAY), tagged("launch")),
    ]);

    const ada = await t.createUser("member", { email: "ada+news@example.com" });
    await t.createUser("member", { email: "bob@googlemail.com" });
    await t.createUser("member", { email: "old@example.com" });
    expect(ada.user.email).toBe("ada+news@example.com");
    const [referrer] = await t.db
      .insert(waitlistEntries)
      .values({ position: 1, email: "ada@example.com", utmCampaign: "launch", createdAt: ago(2 * DAY), confirmedAt: ago(DAY) })
      .returning();
    await t.db.insert(waitlistEntries).values([
      { position: 2, email: "B.o.b@gmail.com", utmCampaign: "launch", createdAt: ago(2 * DAY), confirmedAt: ago(DAY) },
      { position: 3, email: "cy@example.com", referredBy: referrer!.id, createdAt: ago(3 * HOUR), confirmedAt: ago(2 * HOUR) },
      { position: 4, email: "dee@example.com", createdAt: ago(DAY), confirmedAt: null },
      { position: 5, email: "old@example.com", createdAt: ago(40 * DAY), confirmedAt: ago(40 * DAY) },
      { position: 6, email: "quiet@example.com", utmCampaign: "quiet", createdAt: ago(4 * DAY), confirmedAt: ago(4 * DAY) },
    ]);

    const admin = await t.createUser("admin");
    const month = (await t.trpcQuery<AnalyticsFunnel>("analytics.funnel", { timeRange: "30d" }, admin.headers)).data!;
    expect(month.rows.map((row) => [row.kind, row.campaign])).toEqual([
      ["all", null],
      ["referrals", null],
      ["campaign", "launch"],
      ["campaign", "quiet"],
      ["campaign", "other"],
    ]);
    expect(rowOf(month, "all")).toMatchObject({ visitors: 5, joins: 5, confirmed: 4, accounts: 2 });
    expect(rowOf(month, "referrals")).toMatchObject({ visitors: 1, joins: 1, confirmed: 1, accounts: 0 });
    expect(rowOf(month, "campaign", "launch")).toMatchObject({ visitors: 2, joins: 2, confirmed: 2, accounts: 2 });
    expect(rowOf(month, "campaign", "quiet")).toMatchObject({ visitors: 0, joins: 1, confirmed: 1, accounts: 0 });
    expect(rowOf(month, "campaign", "other")).toMatchObject({ visitors: 1, joins: 0, confirmed: 0, accounts: 0 });

    const day = (await t.trpcQuery<AnalyticsFunnel>("analytics.funnel", { timeRange: "24h" }, admin.headers)).data!;
    expect(rowOf(day, "all")).toMatchObject({ visitors: 2, joins: 1, confirmed: 1, accounts: 0 });
    expect(rowOf(day, "referrals")).toMatchObject({ visitors: 1, joins: 1, confirmed: 1, accounts: 0 });
    expect(day.rows).toHaveLength(2);

    // A rebuild from the events gives the same rows as the writer's batches.
    await rebuildRollups(t.db);
    expect((await t.trpcQuery<AnalyticsFunnel>("analytics.funnel", { timeRange: "30d" }, admin.headers)).data!.rows).toEqual(month.rows);
  });

  it("counts a visitor once across the range's partial first day and late batches, as a distinct count over the events does", async () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const at = (iso: string) => new Date(`2026-03-${iso}Z`);
    const insert = insertAnalyticsEvents(t.db);
    // A later day's page view stored before the earlier one (another instance's batch overtook this one).
    await insert([view("ivy", at("10T09:00:00"))]);
    await insert([view("ivy", at("09T08:00:00"))]);
    await insert([
      // On the first day, before and after the range's start.
      view("hal", at("09T08:00:00")),
      view("hal", at("09T14:00:00")),
      // Only before the range's start.
      view("jo", at("09T08:00:00")),
      view("kit", at("09T13:00:00")),
      view("kit", at("10T11:00:00")),
      // After the range's end.
      view("lou", at("10T13:00:00")),
    ]);
    const truth = async (days: number) => {
      const [row] = await t.db
        .select({ visitors: countDistinct(analyticsEvents.visitorId) })
        .from(analyticsEvents)
        .where(
          and(
            eq(analyticsEvents.page, "/"),
            eq(analyticsEvents.event, "page_view"),
            gte(analyticsEvents.receivedAt, new Date(now.getTime() - days * DAY)),
            lte(analyticsEvents.receivedAt, now),
          ),
        );
      return row!.visitors;
    };
    const visitors = async (timeRange: "1h" | "24h" | "7d") => rowOf(await getAnalyticsFunnel(t.db, { timeRange, now }), "all")?.visitors;
    expect(await truth(1)).toBe(3);
    expect(await visitors("24h")).toBe(3);
    expect(await visitors("1h")).toBe(1);

    // Seven days: whole days from their summaries, the first partial day (03-03) row by row.
    await insert([
      view("hal", at("03T08:00:00")),
      view("mo", at("03T13:00:00")),
      view("mo", at("05T10:00:00")),
      view("ned", at("03T08:00:00")),
      view("ned", at("04T10:00:00")),
      view("ola", at("02T10:00:00")),
      view("ola", at("06T10:00:00")),
    ]);
    expect(await truth(7)).toBe(7);
    expect(await visitors("7d")).toBe(7);
    // A late batch for a whole past day drops that day's summary; the next count computes it again.
    await insert([view("pat", at("05T10:00:00")), view("jo", at("03T14:00:00"))]);
    expect(await truth(7)).toBe(8);
    expect(await visitors("7d")).toBe(8);
    await rebuildRollups(t.db);
    expect(await visitors("24h")).toBe(3);
    expect(await visitors("7d")).toBe(8);
  });
});
