import { count, like } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  analyticsEvents,
  analyticsVisitorHours,
  bangers,
  builders,
  experimentUpdates,
  experiments,
  mailMessages,
  playbookChapters,
  users,
  waitlistEntries,
} from "#server/db/schema/index.ts";
import { describeSeedFailure, runSeed, seedDemoContent, SeedRefusedError } from "#server/seed/demo-content.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

const counts = async () => {
  const n = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    users: await n(users),
    builders: await n(builders),
    experiments: await n(experiments),
    updates: await n(experimentUpdates),
    chapters: await n(playbookChapters),
    bangers: await n(bangers),
    events: await n(analyticsEvents),
    visitorHours: await n(analyticsVisitorHours),
    waitlist: await n(waitlistEntries),
    mail: await n(mailMessages),
  };
};

describe("npm run seed", () => {
  it("adds demo content through the services, and a second run adds nothing", async () => {
    const first = await seedDemoContent(t.db);
    expect(first).toMatchObject({ members: 3, builders: 5, experiments: 5, updates: 7, bangers: 3, waitlist: 6 });
    expect(first.chapters).toBeGreaterThan(0);
    expect(first.events).toBeGreaterThan(100);
    const after = await counts();
    expect(after).toMatchObject({
      users: 3,
      builders: 5,
      experiments: 5,
      updates: 7,
      chapters: first.chapters,
      bangers: 3,
      events: first.events,
      waitlist: 6,
      mail: 0,
    });
    // The events went through the beacon's writer, so the dashboard's rollups hold them.
    expect(after.visitorHours).toBeGreaterThan(0);
    expect((await t.db.select({ n: count() }).from(analyticsEvents).where(like(analyticsEvents.sessionId, "seed:%")))[0]!.n).toBe(
      first.events,
    );

    const second = await seedDemoContent(t.db);
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    expect(await counts()).toEqual(after);

    const statuses = (await t.db.select({ status: builders.status }).from(builders)).map((row) => row.status).sort();
    expect(statuses).toEqual(["approved", "approved", "pending", "pending", "verified"]);
    const positions = (await t.db.select({ position: waitlistEntries.position }).from(waitlistEntries)).map((row) => row.position).sort();
    expect(positions).toEqual([1, 2, 3, 4, 5, 6]);
  }, 60_000);

  it("is refused in production unless forced, before touching any database", async () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://lab.example.com",
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/none",
    };
    const error = await runSeed([], production).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SeedRefusedError);
    expect(describeSeedFailure(error)).toMatch(/^Refused: NODE_ENV=production\..*--force/);
    // Forced, it goes on to the database (here an unreachable one): the refusal was the only thing in the way.
    await expect(runSeed(["--force"], production)).rejects.not.toBeInstanceOf(SeedRefusedError);
    expect(String(describeSeedFailure(await runSeed(["--colour"], {}).catch((e: unknown) => e)))).toContain("Usage: npm run seed");
  }, 60_000);
});
