import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../../src/server/db/client";

declare module "vitest" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    templateDatabaseUrl: string | undefined;
  }
}

/**
 * With TEST_DATABASE_URL, migrate one template database once; each test file then clones it
 * (CREATE DATABASE ... TEMPLATE), which takes milliseconds. Without it, files use in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    project.provide("templateDatabaseUrl", undefined);
    return;
  }
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

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
