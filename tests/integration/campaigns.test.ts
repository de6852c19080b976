import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsDashboard } from "#common/analytics/dashboard.ts";
import type { BangerCampaignResult, BangerResult } from "#common/bangers/bangers.ts";
import { analyticsEvents, waitlistEntries } from "#server/db/schema/index.ts";
import { insertAnalyticsEvents, type AnalyticsEventRow } from "#server/features/analytics/event-writer.ts";
import { useTestApp } from "../helpers/test-app";

/**
 * The content-to-growth loop: a posted banger's tagged link, the beacon keeping its utm parameters, waitlist
 * joins recording the campaign of their visit, and the figures computed from them (hand-made events and joins).
 */
const t = useTestApp({ rateLimits: false });
const json = { "content-type": "application/json" };
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const HOUR = 3_600_000;

const track = (url: string, ip: string, sessionId: string) =>
  t.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { ...json, "user-agent": CHROME },
    payload: JSON.stringify({ event: "page_view", page: "/", url, sessionId }),
    remoteAddress: ip,
  });
const join = (body: Record<string, unknown>, ip = "10.9.0.1") =>
  t.inject({ method: "POST", url: "/api/waitlist/join", headers: json, payload: JSON.stringify(body), remoteAddress: ip });

const handMade = (campaign: string | null, visitorId: string, receivedAt: Date): AnalyticsEventRow => ({
  receivedAt,
  event: "page_view",
  page: "/",
  sessionId: `s-${visitorId}`,
  visitorId,
  utmSource: campaign ? "x" : null,
  utmCampaign: campaign,
});

describe("the content-to-growth loop", () => {
  it("counts a posted banger's visitors and joins, and shows every campaign of the range on the dashboard", async () => {
    const admin = await t.createUser("admin");
    const created = await t.inject({
      method: "POST",
      url: "/api/content/bangers",
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify({ type: "tweet", title: "Day 1", content: "Day 1 of the $100 experiment.", metadata: { platform: "x" } }),
    });
    const { banger } = created.json<BangerResult>();
    await t.trpcMutation("bangers.setStatus", { id: banger.id, status: "ready" }, admin.headers);
    // An event of the campaign before it was posted (a preview click): not the post's figures.
    await insertAnalyticsEvents(t.db)([handMade(banger.campaign, "early-bird", new Date(Date.now() - HOUR))]);
    await t.trpcMutation("bangers.setStatus", { id: banger.id, status: "posted", postedUrl: "https://x.com/lab/status/1" }, admin.headers);
    const { link } = (await t.trpcQuery<BangerCampaignResult>("bangers.campaign", { id: banger.id }, admin.headers)).data;
    expect(link).toBe(`${new URL("/", t.deps.config.publicUrl).toString()}?utm_source=x&utm_medium=social&utm_campaign=${banger.campaign}`);

    // Through the real beacon route: two visitors land through the link (one twice), one comes without it.
    expect((await track(link, "198.51.100.7", "visit-1")).statusCode).toBe(202);
    expect((await track(link, "198.51.100.7", "visit-1")).statusCode).toBe(202);
    expect((await track(`${link}&token=secret`, "203.0.113.9", "visit-2")).statusCode).toBe(202);
    expect((await track("http://localhost/?utm_campaign=%3Cscript%3E", "192.0.2.1", "visit-3")).statusCode).toBe(202);
    await t.services.analytics.writer.flush();
    const [landing] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, "visit-2"));
    expect(landing).toMatchObject({ utmSource: "x", utmCampaign: banger.campaign });
    expect(landing!.url).not.toContain("token");
    const [malformed] = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.sessionId, "visit-3"));
    expect(malformed).toMatchObject({ utmSource: null, utmCampaign: null });

    // Two joins through the campaign (a repeat join is no new join), one with a malformed tag, one without.
    expect((await join({ email: "one@example.com", utm_source: "x", utm_campaign: banger.campaign })).statusCode).toBe(201);
    expect((await join({ email: "two@example.com", utm_source: "x", utm_campaign: banger.campaign })).statusCode).toBe(201);
    expect((await join({ email: "two@example.com", utm_source: "x", utm_campaign: banger.campaign })).statusCode).toBe(200);
    expect((await join({ email: "three@example.com", utm_source: "x y", utm_campaign: "<script>" })).statusCode).toBe(201);
    expect((await join({ email: "four@example.com" })).statusCode).toBe(201);
    const [one] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "one@example.com"));
    expect(one).toMatchObject({ utmSource: "x", utmCampaign: banger.campaign });
    const [three] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "three@example.com"));
    expect(three).toMatchObject({ utmSource: null, utmCampaign: null });

    const figures = await t.trpcQuery<BangerCampaignResult>("bangers.campaign", { id: banger.id }, admin.headers);
    expect(figures.data.figures).toEqual({ visitors: 2, joins: 2 });
    expect(figures.data.since).toBe(
      (await t.trpcQuery<{ bangers: Array<{ postedAt: string }> }>("bangers.list", {}, admin.headers)).data.bangers[0]!.postedAt,
    );

    // Another campaign with only hand-made events: one within the day, one three days ago.
    await insertAnalyticsEvents(t.db)([
      handMade("newsletter-june", "reader-1", new Date(Date.now() - 2 * HOUR)),
      handMade("newsletter-june", "reader-1", new Date(Date.now() - 2 * HOUR + 60_000)),
      handMade("newsletter-june", "reader-2", new Date(Date.now() - 72 * HOUR)),
      handMade(null, "plain-visitor", new Date(Date.now() - HOUR)),
    ]);

    const dashboard = async (timeRange: string) => {
      const response = await t.inject({ method: "GET", url: `/api/analytics/dashboard?timeRange=${timeRange}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      return response.json<AnalyticsDashboard>().campaigns;
    };
    // The dashboard counts over its range, so the campaign's pre-post visitor counts there.
    expect(await dashboard("24h")).toEqual([
      { campaign: banger.campaign, visitors: 3, joins: 2, banger: { id: banger.id, title: "Day 1" } },
      { campaign: "newsletter-june", visitors: 1, joins: 0, banger: null },
    ]);
    expect(await dashboard("7d")).toEqual([
      { campaign: banger.campaign, visitors: 3, joins: 2, banger: { id: banger.id, title: "Day 1" } },
      { campaign: "newsletter-june", visitors: 2, joins: 0, banger: null },
    ]);
    expect(await dashboard("1h")).toEqual([
      { campaign: banger.campaign, visitors: 2, joins: 2, banger: { id: banger.id, title: "Day 1" } },
    ]);

    // tRPC answers the same.
    const viaTrpc = await t.trpcQuery<AnalyticsDashboard>("analytics.dashboard", { timeRange: "7d" }, admin.headers);
    expect(viaTrpc.data.campaigns).toEqual(await dashboard("7d"));
  });
});
