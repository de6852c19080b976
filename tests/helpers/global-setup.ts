import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "#server/db/client.ts";
import { snapshotMigratedPglite } from "#server/db/pglite.ts";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    templateDatabaseUrl: string | undefined;
    /** Without TEST_DATABASE_URL: a tarball of a migrated PGlite data folder, loaded in memory per file. */
    pgliteSnapshotPath: string | undefined;
  }
}

/**
 * With TEST_DATABASE_URL, migrate one template database once; each test file then clones it
 * (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Without it, migrate one in-memory PGlite
 * once and hand its data folder to each file as a file (global setup runs in another process than the tests).
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    project.provide("templateDatabaseUrl", undefined);
    return setupPgliteSnapshot(project);
  }
  project.provide("pgliteSnapshotPath", undefined);
  const templateName = `app_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateName}`);
  await admin.query(`create database ${templateName}`);
  const templateUrl = withDatabase(baseUrl, templateName);
  const handle = await openDatabase({ kind: "postgres", url: templateUrl, maxConnections: 1 });
  await handle.migrate();
  await handle.close();
  project.provide("templateDatabaseUrl", templateUrl);
  return async () => {
    await admin.query(`drop database if exists ${templateName} with (force)`);
    await admin.end();
  };
}

async function setupPgliteSnapshot(project: TestProject) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "lab-test-pglite-"));
  const snapshotPath = path.join(folder, "migrated.tar");
  await fs.writeFile(snapshotPath, new Uint8Array(await (await snapshotMigratedPglite()).arrayBuffer()));
  project.provide("pgliteSnapshotPath", snapshotPath);
  return () => fs.rm(folder, { recursive: true, force: true });
}

/**
 * The server's own `postgres` database, for creating and dropping the test databases: a connection to the
 * template itself would make every CREATE DATABASE ... TEMPLATE made meanwhile (by another worker) fail.
 */
export const maintenanceUrl = (url: string): string => withDatabase(url, "postgres");

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
