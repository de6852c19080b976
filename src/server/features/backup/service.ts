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
} from "#common/backup/backup.ts";
import { rowsOf, type Database } from "#server/db/client.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import { backups, users, type BackupRow } from "#server/db/schema/index.ts";
import { forbidden, invalid, notFound, rateLimited } from "#server/infra/errors.ts";
import { RATE_LIMIT_BUDGETS, retryAfterSeconds, type RateLimits } from "#server/infra/rate-limit.ts";
import { storedSiteSecret } from "#server/infra/site-secret.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { tablesOfCategory } from "./backup-tables";
import { writeBackup } from "./backup-writer";
import { BACKUP_CATEGORIES, BACKUP_SECRET_SETTING } from "./categories";
import { confirmationOf, inspectBackup, restoreBackup } from "./restore";
import { pipeWithBackpressure } from "./stream-writer";

export type BackupContext = { db: Database; storage: ObjectStorage; /** Backups kept in the history (BACKUP_KEEP). */ keep: number };
export type BackupAuthor = { id: string; email: string } | "schedule";

const HISTORY_SHOWN = 50;
export const BACKUP_NOT_FOUND = "Backup not found";

/** The registry as the page shows it (the tables by name). */
export function listBackupCategories(): BackupCategoryInfo[] {
  return BACKUP_CATEGORIES.map(({ tables: _tables, ...category }) => ({
    ...category,
    keys: tablesOfCategory(category.id).map((shape) => shape.name),
  }));
}

/** The ids in registry order (the order a restore needs), refusing unknown ones. */
export function checkedCategories(ids: readonly string[]): string[] {
  if (ids.length === 0) throw invalid(NO_CATEGORIES_SELECTED);
  const unknown = ids.filter((id) => !BACKUP_CATEGORIES.some((category) => category.id === id));
  if (unknown.length > 0)
    throw invalid(`Unknown backup category: ${unknown.join(", ")} (known: ${BACKUP_CATEGORIES.map((c) => c.id).join(", ")})`);
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
    (category) =>
      sql`(select ${sql.join(
        tablesOfCategory(category.id).map((shape) => sql`(select count(*) from ${shape.table})`),
        sql` + `,
      )})::bigint`,
  );
  const result = await db.execute(sql`select array[${sql.join(counts, sql`, `)}]::text[] as counts`);
  const values = rowsOf<{ counts: string[] }>(result)[0]?.counts ?? [];
  return Object.fromEntries(
    BACKUP_CATEGORIES.map((category, index) => [category.id, { keys: Number(values[index] ?? 0), available: values[index] !== undefined }]),
  );
}

const summaryOf = ({ timestamp, createdBy, namespaces, totalKeys, sizeBytes }: BackupHistoryItem) => ({
  timestamp,
  createdBy,
  namespaces,
  totalKeys,
  sizeBytes,
});

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
  const secret = await backupSecret(ctx.db);
  const { result: meta, stored } = await pipeWithBackpressure(
    (write) => writeBackup(ctx.db, { categories, createdBy, createdAt, secret }, write),
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

/** The secret this site signs its backups with (made once, kept in site_settings, never backed up). */
export const backupSecret = (db: Database) => storedSiteSecret(db, BACKUP_SECRET_SETTING);

export const WRONG_OWNER_PASSWORD =
  "That is not the owner's password. Type the password of the site's owner account to confirm the restore.";

/**
 * What a restore is asked with: a dry run, or the restore itself, with the owner's password when it needs one,
 * and who asks (their wrong passwords spend the restorePasswordFailures budget).
 */
export type RestoreRequest = {
  dryRun: boolean;
  password?: string | undefined;
  asker: { userId: string; rateLimits: RateLimits };
};

/** A dry run or a restore of a backup in the history, read straight from storage. */
export async function restoreFromHistory(ctx: BackupContext, id: string, request: RestoreRequest): Promise<RestoreReport> {
  const row = await findBackup(ctx.db, id);
  return restoreFrom(
    ctx.db,
    async () => {
      const object = await ctx.storage.get(row.storageKey);
      if (!object) throw notFound("The backup's file is missing from storage");
      return object.body;
    },
    request,
  );
}

/**
 * A dry run or a restore of the file `open` reads (it may be opened twice: once to check the signature to
 * the end before anything is written, then to restore). A dry run writes nothing and needs no password: it
 * reports whether the file is signed and what a restore would need. A restore of a file this site did not
 * sign, or of one holding accounts, needs the password of an owner account; without it nothing is written
 * and the answer (403) says what the restore would replace.
 */
export async function restoreFrom(
  db: Database,
  open: () => Promise<Readable>,
  { dryRun, password, asker }: RestoreRequest,
): Promise<RestoreReport> {
  const secret = await backupSecret(db);
  if (dryRun) return withSource(open, (body) => restoreBackup(db, body, { dryRun, secret }));
  if (password) {
    await checkOwnerPassword(db, password, asker);
  } else {
    const { meta, signed } = await withSource(open, (body) => inspectBackup(body, secret));
    const { passwordRequired, confirmation } = confirmationOf(meta, signed);
    if (passwordRequired) throw forbidden(confirmation ?? WRONG_OWNER_PASSWORD);
  }
  return withSource(open, (body) => restoreBackup(db, body, { dryRun, secret }));
}

async function withSource<T>(open: () => Promise<Readable>, read: (body: Readable) => Promise<T>): Promise<T> {
  const body = await open();
  try {
    return await read(body);
  } finally {
    body.destroy();
  }
}

/**
 * Refuses a wrong owner password (403) and, past the asker's budget of failures, any password (429 with
 * Retry-After), as sign-in does: every try is counted before the check, so parallel guesses cannot slip
 * through together, and a right password gives its count back.
 */
async function checkOwnerPassword(db: Database, password: string, { userId, rateLimits }: RestoreRequest["asker"]): Promise<void> {
  const tries = await rateLimits.count("restorePasswordFailures", userId);
  if (tries.consumed > RATE_LIMIT_BUDGETS.restorePasswordFailures.points)
    throw rateLimited(
      `Too many wrong passwords for a restore. Please try again in ${Math.ceil(tries.msBeforeReset / 60_000)} minutes.`,
      retryAfterSeconds(tries.msBeforeReset),
    );
  if (!(await isOwnerPassword(db, password))) throw forbidden(WRONG_OWNER_PASSWORD);
  await rateLimits.refund("restorePasswordFailures", userId);
}

/** Whether the password is that of an owner account (argon2id, as at sign-in). */
async function isOwnerPassword(db: Database, password: string): Promise<boolean> {
  const owners = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.role, "owner"));
  if (owners.length === 0) return verifyPassword(undefined, password);
  for (const owner of owners) {
    if (await verifyPassword(owner.passwordHash, password)) return true;
  }
  return false;
}
