import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Role, SessionUser } from "#common/auth/accounts.ts";
import { buildApp } from "#server/app.ts";
import { createSession } from "#server/auth/sessions.ts";
import { loadConfig, type Config } from "#server/config.ts";
import { emailVerificationTokens, mailMessages, users } from "#server/db/schema/index.ts";
import type { AppDeps } from "#server/deps.ts";
import { createOrPromoteAdmin, signup } from "#server/features/auth/service.ts";
import { createGeoLookup } from "#server/infra/geo.ts";
import { createLogger, type Logger } from "#server/infra/logger.ts";
import { openDatabase } from "#server/db/client.ts";
import { createMailDriver } from "#server/infra/mail/index.ts";
import { createRateLimits } from "#server/infra/rate-limit.ts";
import { createObjectStorage, type ObjectStorage } from "#server/infra/storage/index.ts";
import { createServices, stopServices, type Services } from "#server/services.ts";
import { createTestDatabase, type TestDatabase } from "./test-database";

export type TestUser = { user: SessionUser; token: string; headers: { authorization: string } };
export type TrpcResult<T = unknown> = { status: number; data: T; error?: { message: string; data: { code: string; httpStatus: number } } };

/**
 * `clientDir`: a folder shaped like dist/client to serve; by default none, as before any build.
 * `ssrEntry`: the server renderer of public pages (src/client/entry-server.tsx); by default none.
 * `redis` builds the app's Redis client (the rate-limit store) once the test logger exists.
 * `storage`: by default the local driver in the test's temp data folder (or what `env` configures).
 * `logLevel`: the level the captured log is written at; info by default.
 * `sameDatabaseAs`: another test app whose Postgres database this one uses too (two instances of one site),
 * instead of a fresh one. Declare it after that app, so that its database exists first.
 */
type Options = {
  rateLimits?: boolean;
  env?: Record<string, string>;
  clientDir?: string;
  ssrEntry?: string;
  redis?: (logger: Logger) => Redis | Promise<Redis>;
  storage?: () => ObjectStorage;
  logLevel?: "trace" | "debug" | "info";
  sameDatabaseAs?: { readonly database: TestDatabase };
};

/**
 * One app and one fresh database per test file. Error logs fail the test that caused them,
 * unless the test claims them with `expectErrorLog`. Of the app's services (services.ts), the cache bus and
 * the analytics pipeline run, as in main.ts; the mail worker and the backup scheduler are built, not started
 * (drainMail runs the mail worker's passes when a test asks).
 */
export function useTestApp(options: Options = {}) {
  const logs: Array<{ level: number; msg: string }> = [];
  const state = {} as { app: FastifyInstance; database: TestDatabase; deps: AppDeps; config: Config; redis?: Redis; services: Services };
  let claimed = 0;
  let userCount = 0;
  let dataDir: string | undefined;

  beforeAll(async () => {
    const database = options.sameDatabaseAs ? await openSameDatabase(options.sameDatabaseAs.database) : await createTestDatabase();
    // The database is the test database; the data folder only holds what the app writes to disk.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "lab-test-data-"));
    // `rateLimits: false` turns off the named budgets and the overall request ceiling alike.
    const limits = options.rateLimits === false ? { RATE_LIMITS: "off" } : {};
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: dataDir, ...limits, ...options.env });
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    // The app's own logger (its serializers included), writing to the sink the tests read.
    const logger = createLogger({ level: options.logLevel ?? "info", env: "test", destination: sink });
    const redis = await options.redis?.(logger);
    const baseDeps = {
      config: { ...config, clientDir: options.clientDir ?? "/nonexistent", ssrEntry: options.ssrEntry ?? "/nonexistent" },
      database,
      logger,
      mailDriver: createMailDriver(config, logger),
      rateLimits: createRateLimits({ enabled: options.rateLimits ?? true, ...(redis ? { redis } : {}) }),
      geo: createGeoLookup({ trustProxy: config.behindProxy }),
      storage: options.storage?.() ?? (await createObjectStorage(config.storage)),
    };
    const services = createServices(baseDeps);
    await services.cacheBus.start();
    await services.analytics.start();
    const deps: AppDeps & { redis?: Redis } = { ...baseDeps, services, ...(redis ? { redis } : {}) };
    const app = await buildApp(deps);
    await app.ready();
    Object.assign(state, { app, database, deps, config: deps.config, redis, services });
  });

  afterEach(() => {
    const errors = logs.filter((entry) => entry.level >= 50);
    logs.length = 0;
    const unexpected = errors.length - claimed;
    claimed = 0;
    if (unexpected > 0) throw new Error(`Unexpected error logged: ${errors.map((e) => e.msg).join("; ")}`);
  });

  afterAll(async () => {
    await state.app?.close();
    if (state.services) await stopServices(state.services);
    state.redis?.disconnect();
    await state.database?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const inject = (opts: InjectOptions): Promise<LightMyRequestResponse> => state.app.inject(opts);

  return {
    get app() {
      return state.app;
    },
    get db() {
      return state.database.db;
    },
    get database() {
      return state.database;
    },
    get deps() {
      return state.deps;
    },
    /** The app's long-lived services: `t.services.analytics.writer.flush()` writes the buffered events now. */
    get services() {
      return state.services;
    },
    logs,
    /**
     * Runs the mail worker (with the app's driver, as main.ts does) until no message is due: what the app
     * queued is then kept by the outbox (its links logged) or delivered. Returns how many it handled.
     */
    drainMail(): Promise<number> {
      return state.services.mailWorker.drain();
    },
    /** Claims error logs the test provokes on purpose. */
    expectErrorLog(count = 1) {
      claimed += count;
    },
    inject,
    /**
     * A signed-in user of the role, made through the services (no rate limit spent). A member's address counts as
     * verified unless `verified: false` (then signup's confirmation mail stays queued); admins are always verified.
     */
    async createUser(
      role: Role = "member",
      overrides: { email?: string; password?: string; name?: string; verified?: boolean } = {},
    ): Promise<TestUser> {
      userCount += 1;
      const email = overrides.email ?? `${role}${userCount}-${Date.now()}@example.com`;
      const password = overrides.password ?? "correct-horse";
      const name = overrides.name ?? `${role} ${userCount}`;
      let user: SessionUser;
      if (role === "member") {
        user = (await signup({ db: state.database.db, publicUrl: state.config.publicUrl }, { email, password, name })).user;
        if (overrides.verified !== false) {
          // As if the link were opened: verified, and its mail and token gone (tests that count mail see none).
          const db = state.database.db;
          await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
          await db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
          await db
            .delete(mailMessages)
            .where(and(eq(mailMessages.toAddress, email.trim().toLowerCase()), eq(mailMessages.subject, "Confirm your email address")));
          user = { ...user, emailVerified: true };
        }
      } else {
        user = (await createOrPromoteAdmin(state.database.db, { email, password, name, role })).user;
      }
      const { token } = await createSession(state.database.db, user.id);
      return { user, token, headers: { authorization: `Bearer ${token}` } };
    },
    async trpcQuery<T = unknown>(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcResult<T>> {
      const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return toTrpcResult<T>(await inject({ method: "GET", url: `/trpc/${path}${query}`, headers }));
    },
    async trpcMutation<T = unknown>(path: string, input?: unknown, headers: Record<string, string> = {}): Promise<TrpcResult<T>> {
      return toTrpcResult<T>(
        await inject({
          method: "POST",
          url: `/trpc/${path}`,
          headers: { "content-type": "application/json", ...headers },
          payload: JSON.stringify(input ?? null),
        }),
      );
    },
  };
}

export type TestApp = ReturnType<typeof useTestApp>;

/** A second handle on another test app's Postgres database: closing it leaves the database to its owner. */
async function openSameDatabase(other: TestDatabase): Promise<TestDatabase> {
  if (!other.url) throw new Error("sameDatabaseAs needs Postgres (TEST_DATABASE_URL): an embedded database has one process");
  return { ...(await openDatabase({ kind: "postgres", url: other.url, maxConnections: 20 })), url: other.url };
}

function toTrpcResult<T>(response: LightMyRequestResponse): TrpcResult<T> {
  const body = response.json() as { result?: { data: T }; error?: TrpcResult["error"] };
  return { status: response.statusCode, data: body.result?.data as T, ...(body.error ? { error: body.error } : {}) };
}

/** The session cookie a response set, ready to send back. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "session");
  if (!cookie) throw new Error("no session cookie set");
  return `session=${cookie.value}`;
}
