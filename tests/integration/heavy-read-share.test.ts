import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultHeavyReadConnections, openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { isDatabasePoolExhausted } from "#server/db/errors.ts";
import { asPartOfHeavyRead } from "#server/infra/heavy-reads.ts";
import { heavyReadCalls } from "#server/trpc/heavy-read-calls.ts";
import { appRouter } from "#server/trpc/router.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp({ rateLimits: false });
const ONLY_ON_POSTGRES = "needs a real Postgres (set TEST_DATABASE_URL): embedded PGlite has no pool";

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

async function until(done: () => boolean) {
  for (let tries = 0; tries < 300 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

/** Holds `count` connections as heavy reads (open transactions) until the returned function is called. */
async function holdHeavyConnections(handle: DatabaseHandle, count: number): Promise<() => Promise<void>> {
  let letGo!: () => void;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  const before = handle.pool!().inUse;
  const holding = Array.from({ length: count }, () =>
    asPartOfHeavyRead(() =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      }),
    ),
  );
  await until(() => handle.pool!().inUse === before + count);
  return async () => {
    letGo();
    await Promise.all(holding);
  };
}

describe("heavy reads hold at most their share of the pool", () => {
  it("is half the pool, at least one connection", () => {
    expect([1, 2, 3, 10, 20].map(defaultHeavyReadConnections)).toEqual([1, 1, 1, 5, 10]);
  });

  it.skipIf(!usesRealPostgres())(
    `keeps the rest of the pool for other work, and lets a heavy read wait for its share (${ONLY_ON_POSTGRES})`,
    async () => {
      const handle = await openDatabase({ kind: "postgres", url: t.database.url!, maxConnections: 3, heavyReadConnections: 1 });
      opened.push(handle);
      const release = await holdHeavyConnections(handle, 1);

      let second: unknown;
      const waiting = asPartOfHeavyRead(() => handle.db.execute(sql`select 2 as n`)).then((result) => (second = result));
      // The rest of the pool answers at once, while the second heavy query still waits for the share.
      await expect(handle.db.execute(sql`select 3 as n`)).resolves.toMatchObject({ rows: [{ n: 3 }] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(second).toBeUndefined();
      expect(handle.pool!().inUse).toBe(1);

      await release();
      await waiting;
      expect(second).toMatchObject({ rows: [{ n: 2 }] });
      expect(handle.pool!()).toMatchObject({ inUse: 0, exhaustions: 0 });
    },
  );

  it.skipIf(!usesRealPostgres())(
    `fails a heavy read that waited longer than the pool's wait, as a 503, without calling the pool exhausted (${ONLY_ON_POSTGRES})`,
    async () => {
      const warnings: string[] = [];
      const handle = await openDatabase({
        kind: "postgres",
        url: t.database.url!,
        maxConnections: 3,
        heavyReadConnections: 1,
        connectTimeoutMs: 200,
        logger: { warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) } as never,
      });
      opened.push(handle);
      const release = await holdHeavyConnections(handle, 1);

      const error = await asPartOfHeavyRead(() => handle.db.execute(sql`select 1`)).catch((caught: unknown) => caught);
      expect(isDatabasePoolExhausted(error)).toBe(true);
      expect(String((error as Error).cause ?? error)).toContain("all 1 connections heavy reads may hold were busy for 0.2 s");
      // The pool itself was never out of connections: no warning, nothing on the status banner.
      expect(warnings).toEqual([]);
      expect(handle.pool!()).toMatchObject({ exhaustions: 0, lastExhaustedAt: null });
      await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();

      await release();
      await expect(asPartOfHeavyRead(() => handle.db.execute(sql`select 1`))).resolves.toBeDefined();
    },
  );
});

describe("a heavy read's request is part of the heavy read from its session lookup on", () => {
  let admin: TestUser;
  let member: TestUser;
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    admin = await t.createUser("admin");
    member = await t.createUser("member", { email: "share@example.com", password: "correct-horse" });
  });
  afterEach(async () => {
    await release?.();
    release = undefined;
  });

  it("tells the tRPC calls that are heavy reads only", () => {
    const isHeavy = heavyReadCalls(appRouter);
    expect(isHeavy("/trpc/analytics.dashboard?input=%7B%7D")).toBe(true);
    expect(isHeavy("/trpc/analytics.dashboard,admin.overview?batch=1")).toBe(true);
    expect(isHeavy("/trpc/analytics.dashboard,auth.me?batch=1")).toBe(false);
    expect(isHeavy("/trpc/auth.login")).toBe(false);
    expect(isHeavy("/api/analytics/dashboard")).toBe(false);
    expect(isHeavy("/trpc/%E0%A4%A")).toBe(false);
  });

  it.skipIf(!usesRealPostgres())(
    `answers a sign-in while the heavy reads' share is taken, and the waiting dashboards once it is free (${ONLY_ON_POSTGRES})`,
    async () => {
      const database = t.database;
      release = await holdHeavyConnections(database, defaultHeavyReadConnections(database.pool!().size));

      const answered: string[] = [];
      const rest = t
        .inject({ method: "GET", url: "/api/analytics/dashboard", headers: admin.headers })
        .then((response) => (answered.push("rest"), response));
      const trpc = t
        .trpcQuery("analytics.dashboard", { timeRange: "24h" }, admin.headers)
        .then((result) => (answered.push("trpc"), result));
      // A member's call needs no heavy query at all: only its session lookup can keep it waiting.
      const refused = t
        .inject({ method: "GET", url: "/api/analytics/dashboard", headers: member.headers })
        .then((response) => (answered.push("member"), response));
      const login = await t.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ email: "share@example.com", password: "correct-horse" }),
      });
      expect(login.statusCode).toBe(200);
      // Even their session lookups wait for the share: the rest of the pool served the sign-in.
      expect(answered).toEqual([]);

      await release();
      release = undefined;
      expect((await rest).statusCode).toBe(200);
      expect((await trpc).status).toBe(200);
      expect((await refused).statusCode).toBe(403);
    },
  );
});
