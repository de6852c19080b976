import { describe, expect, it } from "vitest";
import type { AdminOverview } from "#common/admin/overview.ts";
import { analyticsEvents, builders, waitlistEntries } from "#server/db/schema/index.ts";
import { getAdminOverview } from "#server/features/admin/service.ts";
import { expectAdminOnlyProcedure } from "../helpers/authorization";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

async function overviewAsAdmin(): Promise<AdminOverview> {
  const admin = await t.createUser("admin");
  const result = await t.trpcQuery<AdminOverview>("admin.overview", undefined, admin.headers);
  expect(result.status).toBe(200);
  return result.data;
}

describe("admin.overview", () => {
  it("is admin-only: 401 anonymous, 403 member, 200 admin and owner", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "admin.overview" });
  });

  it("answers zeros on an empty database", async () => {
    const overview = await overviewAsAdmin();
    expect(overview).toMatchObject({
      waitlist: { total: 0 },
      builders: { total: 0, pending: 0, approved: 0, verified: 0, rejected: 0 },
      visitors: { uniqueVisitors: 0, pageViews: 0 },
      recentSignups: [],
      seo: { done: 0, total: 5 },
      bangers: { drafts: 0, ready: 0, draftTweets: 0 },
      siteAssets: { done: 0, total: 3 },
    });
  });

  describe("on a hand-made data set", () => {
    // Fixed relative to the moment the rows are written; getAdminOverview is called with the same `now`.
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);

    it("counts the waitlist, builders by status, visitors over 24 h, and lists the 5 newest signups", async () => {
      await t.db.insert(waitlistEntries).values([
        {
          position: 1,
          email: "w1@example.com",
          name: "Oldest",
          country: "US",
          city: "Austin",
          source: "homepage",
          createdAt: ago(10 * HOUR),
        },
        { position: 2, email: "w2@example.com", name: "Second", country: "GB", source: "homepage", createdAt: ago(9 * HOUR) },
        { position: 3, email: "w3@example.com", name: null, country: null, source: "debug", createdAt: ago(8 * HOUR) },
        { position: 4, email: "w4@example.com", name: "Dana", country: "DE", city: "Berlin", source: "admin", createdAt: ago(7 * HOUR) },
        { position: 5, email: "w5@example.com", name: "Eli", country: null, source: "homepage", createdAt: ago(6 * HOUR) },
        { position: 6, email: "w6@example.com", name: "Fay", country: "FR", source: "homepage", createdAt: ago(5 * HOUR) },
        { position: 7, email: "w7@example.com", name: "Newest", country: "JP", source: "homepage", createdAt: ago(1 * MINUTE) },
      ]);
      const statuses = ["pending", "pending", "pending", "approved", "approved", "verified", "rejected", "rejected"] as const;
      await t.db.insert(builders).values(statuses.map((status, i) => ({ name: `B${i}`, email: `b${i}@example.com`, status })));

      const event = (visitorId: string, event: string, at: Date) => ({
        visitorId,
        event,
        receivedAt: at,
        page: "/",
        sessionId: `s-${visitorId}`,
      });
      await t.db.insert(analyticsEvents).values([
        // Inside the last 24 h: visitors a, b, c (c only clicked); 4 page views.
        event("a", "page_view", ago(23 * HOUR)),
        event("a", "page_view", ago(12 * HOUR)),
        event("a", "page_view", ago(1 * MINUTE)),
        event("b", "page_view", ago(2 * HOUR)),
        event("b", "button_click", ago(2 * HOUR)),
        event("c", "button_click", ago(30 * MINUTE)),
        // Outside: before the window (d, and a again), and after `now`.
        event("d", "page_view", ago(25 * HOUR)),
        event("a", "page_view", ago(30 * HOUR)),
        event("e", "page_view", new Date(now.getTime() + HOUR)),
      ]);

      const overview = await getAdminOverview(t.db, now);
      expect(overview.waitlist).toEqual({ total: 7 });
      expect(overview.builders).toEqual({ total: 8, pending: 3, approved: 2, verified: 1, rejected: 2 });
      expect(overview.visitors).toEqual({ uniqueVisitors: 3, pageViews: 4, since: ago(24 * HOUR).toISOString() });
      expect(overview.recentSignups.map((s) => s.position)).toEqual([7, 6, 5, 4, 3]);
      expect(overview.recentSignups[0]).toEqual({
        position: 7,
        name: "Newest",
        country: "JP",
        city: null,
        source: "homepage",
        joinedAt: ago(1 * MINUTE).toISOString(),
      });
      // Empty fields come back empty; the dashboard shows its documented fallbacks.
      expect(overview.recentSignups[4]).toMatchObject({ position: 3, name: null, country: null });
      expect(overview.generatedAt).toBe(now.toISOString());
    });

    it("serves the same figures over tRPC, with SEO progress from the shared checklist", async () => {
      const admin = await t.createUser("admin");
      for (const id of [2, 5]) {
        expect((await t.trpcMutation("seo.toggle", { id, checked: true }, admin.headers)).status).toBe(200);
      }
      const overview = await overviewAsAdmin();
      expect(overview.waitlist.total).toBe(7);
      expect(overview.builders).toEqual({ total: 8, pending: 3, approved: 2, verified: 1, rejected: 2 });
      // The live window ends at the request's now, a moment after the rows were written: e is still in the future.
      expect(overview.visitors).toMatchObject({ uniqueVisitors: 3, pageViews: 4 });
      expect(overview.recentSignups).toHaveLength(5);
      expect(overview.seo).toEqual({ done: 2, total: 5 });
    });
  });
});
