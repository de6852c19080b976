import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents } from "#server/db/schema/analytics.ts";
import { withDatabase } from "../helpers/global-setup";
import { useTestApp } from "../helpers/test-app";
import { terminateConnections, usesRealPostgres } from "../helpers/test-database";

const t = useTestApp({ rateLimits: false });
const ONLY_ON_POSTGRES = "needs a real Postgres (set TEST_DATABASE_URL): embedded PGlite runs in-process and has no connections to lose";
const DEADLINE_MS = 30_000;

/** A second connection to the same server, on its maintenance database, so it survives what it does to the test database. */
let admin: pg.Client;
let databaseName: string;

beforeAll(async () => {
  if (!usesRealPostgres()) return;
  databaseName = new URL(t.database.url!).pathname.slice(1);
  admin = new pg.Client({ connectionString: withDatabase(t.database.url!, "postgres") });
  await admin.connect();
});

afterAll(async () => {
  if (!admin) return;
  await admin.query(`alter database "${databaseName}" allow_connections true`);
  await admin.end();
});

/** Drops every connection the app holds to its own test database (and nothing else on the server). */
const killAppConnections = () => terminateConnections(admin, databaseName);

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let sent = 0;
/** Posts one event of the session, as a browser's beacon. */
const postEvent = (sessionId: string) => {
  sent += 1;
  return t.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" },
    payload: { event: "page_view", page: `/outage/${sent}`, sessionId },
  });
};
const track = async (sessionId: string) => (await postEvent(sessionId)).statusCode;

const storedEvents = (sessionId: string) => t.db.$count(analyticsEvents, eq(analyticsEvents.sessionId, sessionId));

/**
 * What an outage is expected to log: the writer's error on the first failed write of each outage, and the visitor
 * alert's when its check (started by incoming events) happens to run while the database is away.
 */
const OUTAGE_ERRORS = ["analytics: writing events failed;", "visitor alert: the check failed"];

/** Runs an outage; the errors it is expected to log are claimed, any other fails the test. */
async function duringOutages(scenario: () => Promise<void>) {
  try {
    await scenario();
  } finally {
    t.expectErrorLog(t.logs.filter((entry) => entry.level >= 50 && OUTAGE_ERRORS.some((start) => entry.msg.startsWith(start))).length);
  }
}

describe("a database outage", () => {
  it("loses no acknowledged event when the app's connections are killed under writes", async (ctx) => {
    ctx.skip(!usesRealPostgres(), ONLY_ON_POSTGRES);
    await duringOutages(async () => {
      const statuses: number[] = [];
      const writers = Array.from({ length: 8 }, async () => {
        for (let i = 0; i < 40; i++) statuses.push(await track("killed"));
      });
      const killer = (async () => {
        for (let i = 0; i < 3; i++) {
          await new Promise((resolve) => setTimeout(resolve, 150));
          await killAppConnections();
        }
      })();
      await Promise.all([...writers, killer]);
      // An event that needs the database before it is buffered (the day's salt) may be refused, never failed.
      expect(statuses.filter((status) => status !== 202 && status !== 503)).toEqual([]);
      const answered = statuses.filter((status) => status === 202).length;
      expect(answered).toBeGreaterThan(0);

      // The process lives and heals: health returns by itself, and every answered event is stored.
      expect(
        (
          await until(
            () => t.inject({ url: "/healthz" }),
            (r) => r.statusCode === 200,
          )
        ).statusCode,
      ).toBe(200);
      await t.services.analytics.writer.flush();
      expect(await storedEvents("killed")).toBe(answered);
    });
  });

  it("answers reads with 503 {error} on REST and tRPC while connections are refused, keeps taking events, and recovers", async (ctx) => {
    ctx.skip(!usesRealPostgres(), ONLY_ON_POSTGRES);
    await duringOutages(async () => {
      expect((await t.inject({ url: "/api/builders" })).statusCode).toBe(200);
      const member = await t.createUser();
      await admin.query(`alter database "${databaseName}" allow_connections false`);
      await killAppConnections();

      const rest = await until(
        () => t.inject({ url: "/api/builders" }),
        (r) => r.statusCode === 503,
      );
      expect(rest.statusCode).toBe(503);
      expect(rest.json()).toEqual({ error: expect.any(String) });
      expect(rest.headers["retry-after"]).toBeDefined();
      const rpc = await t.trpcQuery("builders.list");
      expect([rpc.status, rpc.error?.data.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      // A signed-in call fails earlier, reading its session: the same answer.
      const me = await t.trpcQuery("auth.me", undefined, member.headers);
      expect([me.status, me.error?.data.code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect((await t.inject({ url: "/api/builders", headers: member.headers })).statusCode).toBe(503);
      expect((await t.inject({ url: "/healthz" })).statusCode).toBe(503);
      // Events are still answered: the writer holds them until the database is back.
      const during = await Promise.all(Array.from({ length: 20 }, () => track("refused")));
      expect(new Set(during)).toEqual(new Set([202]));
      // ...until the writer's buffer is full: then the beacon is refused with 503 and Retry-After, not answered.
      const writer = t.services.analytics.writer;
      let filled = 0;
      while (writer.push({ event: "page_view", page: "/filler", sessionId: "filler", visitorId: "filler" })) filled += 1;
      const full = await postEvent("refused-when-full");
      expect(full.statusCode).toBe(503);
      expect(full.json()).toEqual({ error: expect.any(String) });
      expect(Number(full.headers["retry-after"])).toBeGreaterThan(0);

      await admin.query(`alter database "${databaseName}" allow_connections true`);
      expect(
        (
          await until(
            () => t.inject({ url: "/healthz" }),
            (r) => r.statusCode === 200,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await until(
            () => t.inject({ url: "/api/builders" }),
            (r) => r.statusCode === 200,
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await until(
            () => t.trpcQuery("builders.list"),
            (r) => r.status === 200,
          )
        ).status,
      ).toBe(200);
      await t.services.analytics.writer.flush();
      expect(await storedEvents("refused")).toBe(20);
      expect(await storedEvents("filler")).toBe(filled);
      expect(await storedEvents("refused-when-full")).toBe(0);
    });
  });
});
