import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HEAVY_READ_BUSY_MESSAGE, HEAVY_READ_RETRY_AFTER_SECONDS } from "#server/infra/heavy-reads.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

// One heavy read at once, two more may wait: the limit is saturated by holding three slots.
const t = useTestApp({ rateLimits: false, env: { HEAVY_READ_LIMIT: "1" } });

let admin: TestUser;
let held: Array<() => void> = [];

beforeAll(async () => {
  admin = await t.createUser("admin");
  await t.createUser("member", { email: "busy-day@example.com", password: "correct-horse" });
});

afterEach(() => {
  for (const release of held) release();
  held = [];
});

/** Takes every running and waiting slot of the heavy-read limit, as three long dashboards would. */
async function saturate() {
  const limiter = t.services.heavyReads;
  held.push(await limiter.acquire());
  const waiting = [limiter.acquire(), limiter.acquire()];
  expect(limiter.load).toEqual({ running: 1, waiting: 2 });
  held.push(() => void waiting.forEach((slot) => void slot.then((release) => release())));
}

const login = () =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email: "busy-day@example.com", password: "correct-horse" }),
  });

describe("heavy reads under their own limit", () => {
  it("answers the dashboard over REST with 503 and Retry-After while saturated, and a sign-in at the same time succeeds", async () => {
    await saturate();
    const [dashboard, signIn] = await Promise.all([
      t.inject({ method: "GET", url: "/api/analytics/dashboard?timeRange=24h", headers: admin.headers }),
      login(),
    ]);
    expect(dashboard.statusCode).toBe(503);
    expect(dashboard.headers["retry-after"]).toBe(String(HEAVY_READ_RETRY_AFTER_SECONDS));
    expect(dashboard.json()).toEqual({ error: HEAVY_READ_BUSY_MESSAGE });
    expect(signIn.statusCode).toBe(200);
  });

  it("answers the same over tRPC, for every procedure whose meta says heavyRead", async () => {
    await saturate();
    const dashboard = await t.trpcQuery("analytics.dashboard", { timeRange: "24h" }, admin.headers);
    expect(dashboard.status).toBe(503);
    expect(dashboard.error?.message).toBe(HEAVY_READ_BUSY_MESSAGE);
    expect(dashboard.error?.data.code).toBe("SERVICE_UNAVAILABLE");
    expect((await t.trpcQuery("admin.overview", undefined, admin.headers)).status).toBe(503);
    expect((await t.trpcQuery("today.plan", {}, admin.headers)).status).toBe(503);
    // A light read and a write are not limited.
    expect((await t.trpcQuery("auth.me", undefined, admin.headers)).status).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });

  it("limits the hand-written exports too", async () => {
    await saturate();
    const csv = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: admin.headers });
    expect(csv.statusCode).toBe(503);
    expect(csv.headers["retry-after"]).toBe(String(HEAVY_READ_RETRY_AFTER_SECONDS));
    const backup = await t.inject({
      method: "POST",
      url: "/api/backup/export",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: "{}",
    });
    expect(backup.statusCode).toBe(503);
  });

  it("checks access before taking a slot: a member gets 403, not 503", async () => {
    await saturate();
    const member = await t.createUser("member");
    expect((await t.inject({ method: "GET", url: "/api/analytics/dashboard", headers: member.headers })).statusCode).toBe(403);
  });

  it("answers again once a slot is free, and gives the slot back after the answer (the CSV's after its stream)", async () => {
    expect((await t.inject({ method: "GET", url: "/api/analytics/dashboard?timeRange=24h", headers: admin.headers })).statusCode).toBe(200);
    const csv = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    // The CSV's slot goes back when its stream closes, just after the last byte.
    await vi.waitFor(() => expect(t.services.heavyReads.load).toEqual({ running: 0, waiting: 0 }));
  });
});
