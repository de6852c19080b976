import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { desc, eq, sql } from "drizzle-orm";
import {
  BACKUP_RECOMMEND_AFTER_HOURS,
  backupFileName,
  NO_CATEGORIES_SELECTED,
  type BackupCategoryInfo,
  type BackupHistoryItem,
  type BackupStatus,
  type BackupStoreStats,
  type RestoreReport,
} from "../../../common/backup";
import { rowsOf, type Database } from "../../db/client";
import { backups, type BackupRow } from "../../db/schema";
import { invalid, notFound } from "../../infra/errors";
import type { ObjectStorage } from "../../infra/storage";
import { tablesOfCategory } from "./backup-tables";
import { writeBackup } from "./backup-writer";
import { BACKUP_CATEGORIES } from "./categories";
import { restoreBackup } from "./restore";
import { pipeWithBackpressure } from "./stream-writer";

export type BackupContext = { db: Database; storage: ObjectStorage; /** Backups kept in the history (BACKUP_KEEP). */ keep: number };
export type BackupAuthor = { id: string; email: string } | "schedule";

const HISTORY_SHOWN = 50;
export const BACKUP_NOT_FOUND = "Backup not found";

/** The registry as the page shows it (the tables by name). */
export function listBackupCategories(): BackupCategoryInfo[] {
  return BACKUP_CATEGORIES.map(({ tables: _tables, ...category }) => ({ ...category, keys: tablesOfCategory(category.id).map((shape) => shape.name) }));
}

/** The ids in registry order (the order a restore needs), refusing unknown ones. */
export function checkedCategories(ids: readonly string[]): string[] {
  if (ids.length === 0) throw invalid(NO_CATEGORIES_SELECTED);
  const unknown = ids.filter((id) => !BACKUP_CATEGORIES.some((category) => category.id === id));
  if (unknown.length > 0) throw invalid(`Unknown backup category: ${unknown.join(", ")} (known: ${BACKUP_CATEGORIES.map((c) => c.id).join(", ")})`);
  return BACKUP_CATEGORIES.filter((category) => ids.includes(category.id)).map((category) => category.id);
}

/** When the newest backup in the history was made (the dashboard's banner and the daily plan read it). */
export async function getLastBackupAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ createdAt: backups.createdAt }).from(backups).orderBy(desc(backups.createdAt)).limit(1);
  return row?.createdAt ?? null;
}

export async function getBackupStatus(db: Database, now = new Date()): Promise<BackupStatus> {
  const history = await db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).limit(HISTORY_SHOWN);
  const backupHistory = history.map(historyItem);
  const last = history[0];
  const recommendsBackup = !last || now.getTime() - last.createdAt.getTime() > BACKUP_RECOMMEND_AFTER_HOURS * 3_600_000;
  return { currentStats: await currentStats(db), lastBackup: last ? summaryOf(historyItem(last)) : null, backupHistory, recommendsBackup };
}

/** Rows per category now: one count per table, in one statement. */
async function currentStats(db: Database): Promise<Record<string, BackupStoreStats>> {
  const counts = BACKUP_CATEGORIES.map(
    (category) => sql`(select ${sql.join(tablesOfCategory(category.id).map((shape) => sql`(select count(*) from ${shape.table})`), sql` + `)})::bigint`,
  );
  const result = await db.execute(sql`select array[${sql.join(counts, sql`, `)}]::text[] as counts`);
  const values = rowsOf<{ counts: string[] }>(result)[0]?.counts ?? [];
  return Object.fromEntries(BACKUP_CATEGORIES.map((category, index) => [category.id, { keys: Number(values[index] ?? 0), available: values[index] !== undefined }]));
}

const summaryOf = ({ timestamp, createdBy, namespaces, totalKeys, sizeBytes }: BackupHistoryItem) => ({ timestamp, createdBy, namespaces, totalKeys, sizeBytes });

function historyItem(row: BackupRow): BackupHistoryItem {
  return {
    id: row.id,
    timestamp: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    namespaces: row.categories,
    totalKeys: row.totalRows,
    sizeBytes: row.sizeBytes,
    trigger: row.trigger,
    fileName: backupFileName(row.categories, row.createdAt),
  };
}

/**
 * Writes a backup of the categories into object storage (streamed: memory stays flat however large the
 * tables), records it in the history and applies the retention. Returns the history row.
 */
export async function createBackup(ctx: BackupContext, input: { categories: readonly string[]; author: BackupAuthor }): Promise<BackupRow> {
  const categories = checkedCategories(input.categories);
  const id = randomUUID();
  const storageKey = `backups/${id}.json`;
  const createdAt = new Date();
  const createdBy = input.author === "schedule" ? "schedule" : input.author.email;
  const { result: meta, stored } = await pipeWithBackpressure(
    (write) => writeBackup(ctx.db, { categories, createdBy, createdAt }, write),
    (body) => ctx.storage.put(storageKey, body, { contentType: "application/json" }),
  );
  const totalRows = Object.values(meta.counts).reduce((sum, count) => sum + count, 0);
  const [row] = await ctx.db
    .insert(backups)
    .values({
      id,
      createdAt,
      createdById: input.author === "schedule" ? null : input.author.id,
      createdBy,
      trigger: input.author === "schedule" ? "scheduled" : "manual",
      categories,
      counts: meta.counts,
      totalRows,
      sizeBytes: stored.size,
      storageKey,
    })
    .returning();
  await pruneBackups(ctx);
  return row!;
}

/** Keeps the newest `keep` backups (whoever made them) and removes the others' files and rows. */
export async function pruneBackups(ctx: BackupContext): Promise<number> {
  const stale = await ctx.db.select().from(backups).orderBy(desc(backups.createdAt), desc(backups.id)).offset(ctx.keep);
  for (const row of stale) await removeBackup(ctx, row);
  return stale.length;
}

async function removeBackup(ctx: BackupContext, row: BackupRow): Promise<void> {
  // The row goes first: a file without a row is only wasted space, a row without a file a broken download.
  await ctx.db.delete(backups).where(eq(backups.id, row.id));
  await ctx.storage.delete(row.storageKey);
}

export async function findBackup(db: Database, id: string): Promise<BackupRow> {
  const [row] = await db.select().from(backups).where(eq(backups.id, id));
  if (!row) throw notFound(BACKUP_NOT_FOUND);
  return row;
}

export async function deleteBackup(ctx: BackupContext, id: string): Promise<{ deleted: true }> {
  await removeBackup(ctx, await findBackup(ctx.db, id));
  return { deleted: true };
}

/** A dry run or a restore of a backup in the history, read straight from storage. */
export async function restoreFromHistory(ctx: BackupContext, id: string, dryRun: boolean): Promise<RestoreReport> {
  const row = await findBackup(ctx.db, id);
  const object = await ctx.storage.get(row.storageKey);
  if (!object) throw notFound("The backup's file is missing from storage");
  return restoreFromStream(ctx.db, object.body, dryRun);
}

export async function restoreFromStream(db: Database, body: Readable, dryRun: boolean): Promise<RestoreReport> {
  try {
    return await restoreBackup(db, body, { dryRun });
  } finally {
    body.destroy();
  }
}
