import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { PACKAGE_ROOT } from "#server/infra/package-root.ts";
import { maintenanceUrl, withDatabase } from "../helpers/global-setup";

const MIGRATION = "0027_analytics-events-partitioned";
const allMigrations = path.join(PACKAGE_ROOT, "drizzle");

/** A copy of the migrations folder that stops before the partitioning migration: the database as it was. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "migrations-before-"));
  await fs.cp(allMigrations, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await fs.readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, index);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

type Migrator = {
  run(statement: string): Promise<unknown[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

async function openMigrator(): Promise<Migrator> {
  const templateUrl = inject("templateDatabaseUrl");
  if (!templateUrl) {
    const client = new PGlite();
    const db = drizzlePglite({ client });
    return {
      run: async (statement) => rowsOf(await db.execute(sql.raw(statement))),
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `app_test_migration_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: maintenanceUrl(templateUrl) });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const client = new pg.Client({ connectionString: withDatabase(templateUrl, name) });
  await client.connect();
  const db = drizzlePostgres({ client });
  return {
    run: async (statement) => (await client.query(statement)).rows,
    migrate: (folder) => migratePostgres(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => fs.rm(folder, { recursive: true, force: true }))));

const monthStart = (date: Date, offset: number) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
const partitionName = (month: Date) => `analytics_events_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, "0")}`;

describe("migration: analytics_events partitioned by month", () => {
  it("keeps every row of the old table, in a partition per month, and continues the ids after the highest", async () => {
    const before = await migrationsBefore(MIGRATION);
    folders.push(before);
    const database = await openMigrator();
    try {
      await database.migrate(before);
      const now = new Date();
      // Rows in four months: 14 months ago, 2 months ago, last month and now; ids with a gap.
      const times = [monthStart(now, -14), new Date(monthStart(now, -2).getTime() + 86_400_000 * 3), monthStart(now, -1), now];
      for (const [index, at] of times.entries()) {
        await database.run(`
          insert into analytics_events (received_at, event, page, session_id, visitor_id, utm_campaign)
          values ('${at.toISOString()}', 'page_view', '/p${index}', 's${index}', 'v${index}', ${index === 1 ? "'spring'" : "null"})`);
      }
      await database.run(`delete from analytics_events where page = '/p3'`);
      await database.run(
        `insert into analytics_events (received_at, event, page, session_id, visitor_id) values (now(), 'page_view', '/p4', 's4', 'v4')`,
      );
      const old = await database.run(`select id, received_at, page, utm_campaign from analytics_events order by id`);

      await database.migrate(allMigrations);

      expect(await database.run(`select id, received_at, page, utm_campaign from analytics_events order by id`)).toEqual(old);
      const partitions = (await database.run(`
        select c.relname as name, (select count(*)::int from analytics_events e where e.tableoid = c.oid) as rows
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'analytics_events'::regclass order by 1`)) as Array<{ name: string; rows: number }>;
      const byName = new Map(partitions.map((partition) => [partition.name, partition.rows]));
      // Every month from the oldest row's to the next one has its partition; the rows sit in theirs, none in DEFAULT.
      expect(partitions).toHaveLength(17);
      expect(byName.get(partitionName(monthStart(now, -14)))).toBe(1);
      expect(byName.get(partitionName(monthStart(now, -2)))).toBe(1);
      expect(byName.get(partitionName(monthStart(now, -1)))).toBe(1);
      expect(byName.get(partitionName(monthStart(now, 0)))).toBe(1);
      expect(byName.get(partitionName(monthStart(now, 1)))).toBe(0);
      expect(byName.get("analytics_events_default")).toBe(0);

      const [next] = (await database.run(
        `insert into analytics_events (event, page, session_id, visitor_id) values ('page_view', '/new', 's', 'v') returning id`,
      )) as Array<{ id: string | number }>;
      expect(Number(next!.id)).toBe(6);
      // The indexes are the parent's, so on every partition (those of later migrations too).
      const indexes = (await database.run(`select indexname from pg_indexes where tablename = 'analytics_events' order by 1`)) as Array<{
        indexname: string;
      }>;
      expect(indexes.map((index) => index.indexname)).toEqual([
        "analytics_events_campaign_landing_idx",
        "analytics_events_campaign_received_at_idx",
        "analytics_events_id_received_at_pk",
        "analytics_events_page_views_idx",
        "analytics_events_received_at_campaign_idx",
        "analytics_events_received_at_session_idx",
        "analytics_events_received_at_visitor_idx",
        "analytics_events_referral_landing_idx",
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("makes the current and next months' partitions for a table without rows", async () => {
    const database = await openMigrator();
    try {
      await database.migrate(allMigrations);
      const now = new Date();
      const names = (await database.run(`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'analytics_events'::regclass order by 1`)) as Array<{ name: string }>;
      expect(names.map((row) => row.name)).toEqual(
        ["analytics_events_default", partitionName(monthStart(now, 0)), partitionName(monthStart(now, 1))].sort(),
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
