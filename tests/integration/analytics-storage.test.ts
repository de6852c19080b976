import { Writable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { analyticsEvents, analyticsSalts } from "#server/db/schema/index.ts";
import { createDailySalts, utcDay } from "#server/features/analytics/daily-salt.ts";
import { createGeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import { createMailDriver } from "#server/infra/mail/index.ts";
import { createRateLimits } from "#server/infra/rate-limit.ts";
import { createObjectStorage } from "#server/infra/storage/index.ts";
import { createServices, stopServices } from "#server/services.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const HOUR = 3600 * 1000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/**
 * An app of its own (useTestApp closes its app only after the file), so a test can shut it down and look:
 * `shutDown` closes it as main.ts does, the app and then its services, before the database.
 */
async function buildOwnApp() {
  const errors: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        const entry = JSON.parse(line) as { level: number; msg: string };
        if (entry.level >= 50) errors.push(entry.msg);
      }
      done();
    },
  });
  const logger = pino({ level: "info" }, sink) as unknown as Logger;
  const config = { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: "/nonexistent" }), clientDir: "/nonexistent" };
  const baseDeps = {
    config,
    database,
    logger,
    mailDriver: createMailDriver(config, logger),
    rateLimits: createRateLimits({ enabled: true }),
    geo: createGeoLookup({ trustProxy: false }),
    storage: await createObjectStorage(config.storage),
  };
  const services = createServices(baseDeps);
  await services.analytics.start();
  const app = await buildApp({ ...baseDeps, services });
  await app.ready();
  const shutDown = async () => {
    await app.close();
    await stopServices(services);
  };
  return { app, services, shutDown, errors };
}

const trackFrom = (app: Awaited<ReturnType<typeof buildOwnApp>>["app"], sessionId: string) =>
  app.inject({
    method: "POST",
    url: "/api/analytics/track",
    headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0" },
    payload: JSON.stringify({ event: "page_view", page: "/", sessionId }),
    remoteAddress: "198.51.100.40",
  });

const storedFor = async (sessionId: string) =>
  (await database.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.sessionId, sessionId)))[0]!.n;

describe("the buffered event writer", () => {
  it("writes every buffered event when the app closes, before the database does", async () => {
    const { app, services, shutDown, errors } = await buildOwnApp();
    // Warm the salt and the geo database, so the events below are buffered within the flush interval.
    await trackFrom(app, "warm-up");
    await services.analytics.writer.flush();

    const responses = await Promise.all(Array.from({ length: 25 }, () => trackFrom(app, "closing")));
    expect(responses.every((r) => r.statusCode === 202)).toBe(true);
    expect(services.analytics.writer.pending).toBe(25);
    expect(await storedFor("closing")).toBe(0);

    await shutDown();
    expect(await storedFor("closing")).toBe(25);
    expect(errors).toEqual([]);
  });

  it("flushes on its own within the interval, without a close", async () => {
    const { app, shutDown, errors } = await buildOwnApp();
    await trackFrom(app, "interval");
    await expect.poll(() => storedFor("interval"), { timeout: 3000, interval: 50 }).toBe(1);
    await shutDown();
    expect(errors).toEqual([]);
  });
});

describe("the daily salt", () => {
  it("is one random value per UTC day that every instance agrees on, even when they race to create it", async () => {
    const day = new Date("2031-05-05T12:00:00Z");
    const [a, b] = await Promise.all([createDailySalts(database.db).saltFor(day), createDailySalts(database.db).saltFor(day)]);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(b).toBe(a);
    const rows = await database.db.select().from(analyticsSalts).where(eq(analyticsSalts.day, "2031-05-05"));
    expect(rows).toHaveLength(1);
    const nextDay = await createDailySalts(database.db).saltFor(new Date("2031-05-06T00:00:01Z"));
    expect(nextDay).not.toBe(a);
  });

  it("deletes salts older than 48 hours when a day's salt is first read", async () => {
    const now = new Date();
    await database.db.insert(analyticsSalts).values([
      { day: "2000-01-01", salt: "old", createdAt: new Date(now.getTime() - 72 * HOUR) },
      { day: "2000-01-02", salt: "just-too-old", createdAt: new Date(now.getTime() - 49 * HOUR) },
      { day: "2000-01-03", salt: "recent", createdAt: new Date(now.getTime() - 30 * HOUR) },
    ]);
    await createDailySalts(database.db).saltFor(now);
    const left = (await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day);
    expect(left).not.toContain("2000-01-01");
    expect(left).not.toContain("2000-01-02");
    expect(left).toContain("2000-01-03");
    expect(left).toContain(utcDay(now));
  });
});
