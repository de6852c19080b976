import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ANALYTICS_LIVE_REFRESH_MS } from "#common/analytics/dashboard.ts";
import { openDatabase, rowsOf, type DatabaseHandle } from "#server/db/client.ts";
import { databaseUnavailableError, isDatabasePoolExhausted, isDatabaseUnavailable } from "#server/db/errors.ts";
import { probeHealth } from "#server/features/system/health.ts";
import { getSystemStatus } from "#server/features/system/service.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp();
const ONLY_ON_POSTGRES = "needs a real Postgres (set TEST_DATABASE_URL): embedded PGlite has no pool";

const opened: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of opened) await handle.close();
});

async function until(done: () => boolean) {
  for (let tries = 0; tries < 200 && !done(); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("an exhausted pool is reported as such", () => {
  it.skipIf(!usesRealPostgres())(
    `fails a wait with every connection busy as "database pool exhausted", logs it and shows it on the status (${ONLY_ON_POSTGRES})`,
    async () => {
      const warnings: string[] = [];
      const handle = await openDatabase({
        kind: "postgres",
        url: t.database.url!,
        maxConnections: 1,
        connectTimeoutMs: 200,
        logger: { warn: (_fields: unknown, message?: string) => void warnings.push(String(message)) } as never,
      });
      opened.push(handle);
      let letGo!: () => void;
      const gate = new Promise<void>((resolve) => (letGo = resolve));
      const holding = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate;
      });
      await until(() => handle.pool!().inUse === 1);

      const error = await handle.db.execute(sql`select 1`).catch((caught: unknown) => caught);
      expect(isDatabasePoolExhausted(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(databaseUnavailableError(error)).toMatchObject({ kind: "unavailable", retryAfterSeconds: 5 });
      expect(warnings.filter((message) => message.startsWith("database pool exhausted: all 1 connections were busy"))).toHaveLength(1);
      expect(handle.pool!()).toMatchObject({ size: 1, inUse: 1, exhaustions: 1 });
      // The load balancer's probe hears "busy", not "unreachable": the instance stays in rotation.
      expect(await probeHealth(handle)).toEqual({ code: 200, body: { status: "busy" } });

      letGo();
      await holding;
      const status = await getSystemStatus({ database: handle, mailDriver: t.deps.mailDriver, storage: t.deps.storage });
      const check = status.checks.find((entry) => entry.name === "databasePool");
      expect(check).toMatchObject({ ok: true, warning: true });
      expect(check?.detail).toContain("Database pool exhausted less than a minute ago");
      expect(status.databasePool).toMatchObject({ size: 1, inUse: 0, waiting: 0 });
      expect(status.databasePool?.lastExhaustedAt).not.toBeNull();
    },
  );

  it.skipIf(!usesRealPostgres())(
    `shows the app's pool on GET /api/admin/status, without a warning when it never ran out (${ONLY_ON_POSTGRES})`,
    async () => {
      const admin = await t.createUser("admin");
      const response = await t.inject({ method: "GET", url: "/api/admin/status", headers: admin.headers });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ checks: Array<{ name: string; warning?: boolean }>; databasePool: { size: number } }>();
      expect(body.databasePool.size).toBe(20);
      expect(body.checks.find((entry) => entry.name === "databasePool")?.warning).toBeUndefined();
    },
  );

  it("does not call a database that cannot be reached an exhausted pool", async () => {
    const handle = await openDatabase({ kind: "postgres", url: "postgres://postgres@127.0.0.1:1/nowhere", connectTimeoutMs: 200 });
    opened.push(handle);
    const error = await handle.db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabasePoolExhausted(error)).toBe(false);
    expect(handle.pool!().lastExhaustedAt).toBeNull();
    expect(await probeHealth(handle)).toEqual({ code: 503, body: { status: "unavailable", error: "Database unreachable" } });
  });
});

describe("idle connections", () => {
  it.skipIf(!usesRealPostgres())(
    `stay open across two refreshes of the live dashboard, so the next one finds a backend whose caches are warm (${ONLY_ON_POSTGRES})`,
    async () => {
      // The pool's idle timer is a setTimeout: faked, the time passes at once; the queries still go over the network.
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        const handle = await openDatabase({ kind: "postgres", url: t.database.url!, maxConnections: 1 });
        opened.push(handle);
        const backend = async () => rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`))[0]!.pid;
        const first = await backend();
        await vi.advanceTimersByTimeAsync(2 * ANALYTICS_LIVE_REFRESH_MS);
        expect(await backend()).toBe(first);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});
