// The embedded database (PGlite), the default when no DATABASE_URL is given. openDatabase loads this module only for
// an embedded target, so an instance on Postgres never loads PGlite.
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import lockfile from "proper-lockfile";
import * as schema from "#server/db/schema/index.ts";
import { DataDirInUseError, MIGRATIONS_FOLDER, type Database, type DatabaseHandle } from "./client";

/** In memory; from a snapshot of a data folder (see snapshotMigratedPglite) instead of an empty one when given. */
export function openPgliteInMemory(loadDataDir?: Blob): DatabaseHandle {
  const client = new PGlite({ loadDataDir });
  return wrapPglite(client, () => client.close());
}

/** PGlite is one process at a time: a lock file in the data folder says who holds it. */
export async function openPgliteFolder(dataDir: string): Promise<DatabaseHandle> {
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
  return wrapPglite(client, async () => {
    await client.close();
    await release();
  });
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

/**
 * A handle on an open PGlite; closing it is the opener's business: end the client (and release the data
 * folder's lock), or, in the tests' pool of embedded databases, empty it and keep it for the next test file.
 */
export function wrapPglite(client: PGlite, close: () => Promise<void>): DatabaseHandle {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query("select 1");
    },
    // One embedded database in this process: its connection is never lost, so onLost and onResume never run.
    listen: async (channel, events) => {
      const unlisten = await client.listen(channel, (payload) => events.onNotify(payload));
      return () => unlisten();
    },
    notify: async (channel, payload) => {
      await client.query("select pg_notify($1, $2)", [channel, payload]);
    },
    close,
  };
}
