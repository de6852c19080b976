import { randomUUID } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "#server/db/client.ts";
import { maintenanceUrl, withDatabase } from "./global-setup";
import { openPooledPglite } from "./pglite-pool";

export type TestDatabase = DatabaseHandle & { url: string | undefined };

/**
 * A fresh, migrated database for one test file: a clone of the Postgres template, or the migrated PGlite
 * (booted from its snapshot, or emptied after an earlier file: see pglite-pool.ts).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = inject("templateDatabaseUrl");
  if (!templateUrl) return { ...(await openPooledPglite(inject("pgliteSnapshotPath")!)), url: undefined };
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `app_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(templateUrl) });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = withDatabase(templateUrl, name);
  const handle = await openDatabase({ kind: "postgres", url, maxConnections: 20 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: maintenanceUrl(templateUrl) });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const usesRealPostgres = () => Boolean(inject("templateDatabaseUrl"));

/**
 * Ends every connection to `databaseName` but `admin`'s own, and returns once their backends have exited.
 * Without the wait, pg_terminate_backend returns as soon as it has signalled them: a backend the machine has not
 * yet scheduled is still there, and a pooled connection the test uses next fails with 57P01 when it acts on the
 * signal, a failure of the test's timing rather than of the app.
 */
export const terminateConnections = (admin: pg.Client, databaseName: string) =>
  admin.query("select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
    databaseName,
  ]);
