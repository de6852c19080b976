import { createHash } from "node:crypto";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { insideHeavyRead } from "#server/infra/heavy-reads.ts";
import { PACKAGE_ROOT } from "#server/infra/package-root.ts";
import { createWorkLimiter } from "#server/infra/work-limiter.ts";
import type { Logger } from "#server/infra/logger.ts";
import { DatabasePoolExhaustedError, type PoolFigures } from "./errors";
import { listenPostgres, type ListenEvents } from "./listen-postgres";
import * as schema from "#server/db/schema/index.ts";

export type Schema = typeof schema;
/** The common face of both drivers; services only ever see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A database or an open transaction: what helpers that may run inside a transaction accept. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Whether `db` can run a second transaction while one is open: a Postgres pool of two connections or more can;
 * PGlite, a single connection, would queue it behind the first (which would wait for it: a deadlock).
 */
export function runsTransactionsSideBySide(db: Database): boolean {
  const client = poolOf(db);
  return client !== null && (client.options.max ?? 10) > 1;
}

/** The node-postgres pool under `db`; null on PGlite. */
const poolOf = (db: Database): pg.Pool | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/**
 * Runs a read with Postgres' JIT compilation off. Reads of many rows are costed above `jit_above_cost`, so
 * Postgres compiles their plans before it runs them: for the dashboard's last hour at 10 million events, 75 ms of
 * a 362 ms statement went to compiling, and the compiled plan ran no faster (218 ms without JIT). The setting is
 * made with SET LOCAL in a read-only transaction of the read's own, so it ends with it: a startup option would be
 * refused by the poolers in front of managed Postgres, and a SET on a pooled connection would outlive the read.
 * PGlite has no JIT: the read runs as is.
 */
export async function readWithoutJit(db: Database, statement: SQL): Promise<unknown> {
  if (!poolOf(db)) return db.execute(statement);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return tx.execute(statement);
    },
    { accessMode: "read only" },
  );
}

/**
 * A statement each connection parses once and then runs with new values: a named prepared statement on
 * Postgres, which plans it again only while a plan made for the given values looks cheaper than its generic
 * plan (so a statement whose plan does not depend on its values is not planned each time). PGlite runs it as
 * it would any statement. The values go in through `sql.placeholder(key)`; the name comes from the text, so two
 * different statements never share one. It goes through drizzle's session because `execute` cannot name a
 * statement. A pooler between the app and Postgres has to carry named statements across its connections
 * (PgBouncer in transaction mode does from 1.21, with max_prepared_statements set); the app connects directly.
 */
export function preparedStatement(statement: SQL): (executor: Executor, values: Record<string, unknown>) => Promise<unknown> {
  const query = new PgDialect().sqlToQuery(statement);
  const name = `prepared_${createHash("sha256").update(query.sql).digest("hex").slice(0, 32)}`;
  return (executor, values) => executor._.session.prepareQuery(query, undefined, name, false).execute(values);
}

/** The rows of a raw `db.execute(sql...)`: node-postgres and PGlite both return them as `result.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "pglite";
  /** Applies the committed drizzle-kit migrations; the same files on both drivers. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** The Postgres pool's figures now (undefined on PGlite, which has no pool). */
  pool?: () => PoolStatus;
  /**
   * Hears every NOTIFY on `channel`, from any connection to this database (this process's own included),
   * until the returned function is called. On Postgres over a dedicated connection, reopened when lost.
   */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  /** NOTIFY `channel` with a small text payload (at most 8000 bytes). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
};

/** A Postgres pool as the status banner shows it. */
export type PoolStatus = PoolFigures & {
  /** When a wait for a connection last timed out with every connection busy; null if never since start. */
  lastExhaustedAt: Date | null;
  /** How many waits for a connection timed out with every connection busy, since start. */
  exhaustions: number;
};

export const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, "drizzle");
/** Any fixed number: serialises start-up migrations when several app instances share one Postgres. */
const MIGRATION_LOCK_KEY = 7_100_100;

export class DataDirInUseError extends Error {}

export type DatabaseTarget =
  /**
   * `connectTimeoutMs`: how long a wait for a connection may last (5 s unless a test says otherwise);
   * `heavyReadConnections`: how many of the pool's connections heavy reads may hold at once (half the pool unless given).
   */
  | {
      kind: "postgres";
      url: string;
      maxConnections?: number;
      heavyReadConnections?: number;
      connectTimeoutMs?: number;
      logger?: Pick<Logger, "warn">;
    }
  | { kind: "pglite"; dataDir: string }
  /** In memory; from a snapshot of a data folder (snapshotMigratedPglite in pglite.ts) instead of an empty one when given. */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target);
  // The embedded database's code (about 1 MB resident, before its WebAssembly) loads only where it is used.
  const embedded = await import("./pglite");
  return target.kind === "pglite-memory" ? embedded.openPgliteInMemory(target.loadDataDir) : embedded.openPgliteFolder(target.dataDir);
}

/**
 * Waiting for a connection (opening one, or a free one from a busy pool) fails after this long, so a
 * request made while the database is away answers 503 quickly instead of hanging.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pooled connection idle this long is closed: longer than the analytics dashboard's live refresh (30 s), where
 * node-postgres's default (10 s) closed them between two refreshes of a quiet site. A new Postgres backend fills
 * its catalog caches on its first statements: at 10 million events the 24-hour range took 37 to 38 ms over fresh
 * connections against 24 to 31 ms over kept ones (decision 025). Idle connections never keep a script's process
 * alive (allowExitOnIdle).
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * node-postgres (docs/decisions/008-database-driver.md): a pool that opens connections on demand and
 * throws away broken ones, so the app recovers by itself once the database is back.
 */
function openPostgres({
  url,
  maxConnections = 10,
  heavyReadConnections = defaultHeavyReadConnections(maxConnections),
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  logger,
}: Extract<DatabaseTarget, { kind: "postgres" }>): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    allowExitOnIdle: true,
    keepAlive: true,
  });
  // A connection the server drops while idle in the pool is reported here; unheard, it would crash the process.
  pool.on("error", (error) => logger?.warn({ err: error }, "database: an idle connection was lost; the pool opens a new one when needed"));
  releaseLostConnections(pool);
  const poolStatus = reportExhaustion(pool, { size: maxConnections, waitMs: connectTimeoutMs }, logger);
  keepConnectionsFromHeavyReads(pool, { share: heavyReadConnections, waitMs: connectTimeoutMs });
  const db = drizzlePostgres({ client: pool, schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: async () => {
      // The advisory lock belongs to a connection, so migrate over one dedicated connection.
      const single = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      single.on("error", () => {});
      await single.connect();
      try {
        await single.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres({ client: single }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await single.end();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    pool: poolStatus,
    listen: (channel, events) => listenPostgres(url, channel, events),
    notify: async (channel, payload) => {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close: () => pool.end(),
  };
}

/** pg-pool's error when a wait in its queue for a connection outlasts connectionTimeoutMillis. */
const POOL_WAIT_TIMEOUT = "timeout exceeded when trying to connect";
/** The "database pool exhausted" warning is logged at most this often (every request waiting would repeat it). */
const EXHAUSTION_LOG_INTERVAL_MS = 10_000;

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Tells an exhausted pool from a lost database: node-postgres fails both with a connection timeout, but when
 * it fires while every connection is checked out (counted from the pool's acquire and release events), the
 * database is fine and this instance asked too much of it at once. Such a failure becomes a
 * DatabasePoolExhaustedError (still a 503 for the caller), is logged as "database pool exhausted", and is
 * remembered for the status banner. pool.query checks out through pool.connect too, so wrapping connect
 * covers every query.
 */
function reportExhaustion(
  pool: pg.Pool,
  { size, waitMs }: { size: number; waitMs: number },
  logger: Pick<Logger, "warn"> | undefined,
): () => PoolStatus {
  let inUse = 0;
  let lastExhaustedAt: Date | null = null;
  let exhaustions = 0;
  let lastLoggedAt = 0;
  pool.on("acquire", () => (inUse += 1));
  pool.on("release", () => (inUse -= 1));
  const figures = (): PoolFigures => ({ size, inUse, waiting: pool.waitingCount });

  const classify = (error: Error | undefined): Error | undefined => {
    if (!error || error.message !== POOL_WAIT_TIMEOUT || inUse < size) return error;
    const exhausted = new DatabasePoolExhaustedError(figures(), waitMs, { cause: error });
    lastExhaustedAt = new Date();
    exhaustions += 1;
    if (lastExhaustedAt.getTime() - lastLoggedAt >= EXHAUSTION_LOG_INTERVAL_MS) {
      lastLoggedAt = lastExhaustedAt.getTime();
      logger?.warn(
        { pool: exhausted.figures, exhaustions },
        `${exhausted.message}: raise DATABASE_POOL_SIZE (within the server's max_connections) or lower HEAVY_READ_LIMIT`,
      );
    }
    return exhausted;
  };

  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return connect((error, client, done) => callback(classify(error), client, done));
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((error, client) => (error ? reject(classify(error)) : resolve(client!))),
    );
  }) as typeof pool.connect;

  return () => ({ ...figures(), lastExhaustedAt, exhaustions });
}

/**
 * Half the pool, at least 1. A dashboard starts seven queries at once, and the session lookups of the dashboard
 * requests the heavy-read limit then refuses come on top: without a share they held every connection of a pool
 * of ten under load, and a sign-in waited behind them for each of its two queries (measured: pool waits p50
 * 0.9 s; decision 031). Half still lets one dashboard on a quiet site run most of its queries at once.
 */
export const defaultHeavyReadConnections = (poolSize: number) => Math.max(1, Math.floor(poolSize / 2));

/**
 * Heavy reads (the code inside infra/heavy-reads.ts's scope) hold at most `share` of the pool's connections at
 * once; the rest stay for sign-ins, writes, the beacon's flushes and session lookups, which then wait behind
 * each other only, never behind a dashboard's slow queries. A heavy read's query past its share waits here,
 * outside the pool's queue, until one of the share's connections is handed back; a wait longer than the
 * pool's own fails the same way, as an exhausted pool (503), without counting as the whole pool's exhaustion.
 */
function keepConnectionsFromHeavyReads(pool: pg.Pool, { share, waitMs }: { share: number; waitMs: number }) {
  const slots = createWorkLimiter(share, {
    maxWaitMs: waitMs,
    busy: () =>
      new DatabasePoolExhaustedError({ size: share, inUse: share, waiting: slots.load.waiting }, waitMs, { heavyReadShare: true }),
  });
  const heldByHeavyReads = new Map<pg.PoolClient, () => void>();
  pool.on("release", (_error, client) => {
    const free = heldByHeavyReads.get(client);
    heldByHeavyReads.delete(client);
    free?.();
  });

  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  const connectForHeavyRead = (callback: ConnectCallback) =>
    void slots.acquire().then(
      (free) =>
        connect((error, client, done) => {
          if (client && !error) heldByHeavyReads.set(client, free);
          else free();
          callback(error, client, done);
        }),
      (error: Error) => callback(error, undefined, () => {}),
    );
  const connectAny = (callback: ConnectCallback) => (insideHeavyRead() ? connectForHeavyRead(callback) : connect(callback));
  pool.connect = ((callback?: ConnectCallback) => {
    if (callback) return connectAny(callback);
    return new Promise<pg.PoolClient>((resolve, reject) => connectAny((error, client) => (error ? reject(error) : resolve(client!))));
  }) as typeof pool.connect;
}

/**
 * A connection checked out for a transaction has no pool listener: unheard, its failure would crash the
 * process. And drizzle releases a transaction's connection only once BEGIN succeeded, so one lost before
 * that would stay checked out forever: ten of them and the pool is wedged. So a checked-out connection
 * that fails is handed back at once (the pool discards it), and drizzle's own release later does nothing.
 * The query waiting on the connection gets the failure either way.
 */
function releaseLostConnections(pool: pg.Pool) {
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) =>
    client.on("error", (error) => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => {};
      release.call(client, error);
    }),
  );
}
