import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import lockfile from "proper-lockfile";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The common face of both drivers; services only ever see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** A database or an open transaction: what helpers that may run inside a transaction accept. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The rows of a raw `db.execute(sql...)`: postgres.js returns them as the result, PGlite as `result.rows`. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

export type DatabaseHandle = {
  db: Database;
  kind: "postgres" | "pglite";
  /** Applies the committed drizzle-kit migrations; the same files on both drivers. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, "../../../drizzle");
/** Any fixed number: serialises start-up migrations when several app instances share one Postgres. */
const MIGRATION_LOCK_KEY = 7_100_100;

export class DataDirInUseError extends Error {}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; maxConnections?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory; from a snapshot of a data folder (see snapshotMigratedPglite) instead of an empty one when given. */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.maxConnections ?? 10);
  if (target.kind === "pglite-memory") return wrapPglite(new PGlite({ loadDataDir: target.loadDataDir }), async () => {});
  return openPgliteFolder(target.dataDir);
}

function openPostgres(url: string, max: number): DatabaseHandle {
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    migrate: async () => {
      // The advisory lock belongs to a connection, so migrate over one dedicated connection.
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
        await migratePostgres(drizzlePostgres({ client: single }), { migrationsFolder });
      } finally {
        await single.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** PGlite is one process at a time: a lock file in the data folder says who holds it. */
async function openPgliteFolder(dataDir: string): Promise<DatabaseHandle> {
  await fs.mkdir(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "app.lock"),
      stale: 15_000,
      update: 5_000,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirInUseError(
        `The data folder ${dataDir} is in use by another process (the embedded database allows one at a time). ` +
          "Stop the other process, or set DATA_DIR to another folder, or DATABASE_URL to a Postgres server.",
      );
    }
    throw error;
  }
  const client = new PGlite(path.join(dataDir, "pglite"));
  return wrapPglite(client, release);
}

/**
 * A migrated in-memory database as a tarball of its data folder. Opening `pglite-memory` from it skips
 * initdb and the migrations (about 0.5 s instead of 2 to 3 s): the tests start each file from one.
 */
export async function snapshotMigratedPglite(): Promise<Blob> {
  const client = new PGlite();
  try {
    await wrapPglite(client, async () => {}).migrate();
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}

function wrapPglite(client: PGlite, release: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      await release();
    },
  };
}
