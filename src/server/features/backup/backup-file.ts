import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "../../../common/backup";
import { unprocessable } from "../../infra/errors";
import type { BackupMeta } from "./backup-writer";

/**
 * What reading a backup file yields: its meta first, then its rows by table, in batches. A batch is a JSON
 * array of row objects as text, handed to Postgres as it is (json_populate_recordset): rows are never
 * turned into JavaScript objects on the way.
 */
export type BackupFileEvent = { type: "meta"; meta: BackupMeta } | RowsBatch;
export type RowsBatch = { type: "rows"; table: string; count: number; json: string };

/** Rows handed on at once: one INSERT each on restore. */
export const BATCH_ROWS = 5_000;

export const NOT_A_BACKUP = "This file is not a backup of this site (expected a brand-backup-....json file made by Backup Data).";

/** The meta, once the file's format and version are known to be ours; a 422 with a clear message otherwise. */
export function checkedMeta(header: { format?: unknown; version?: unknown }, value: unknown): BackupMeta {
  if (header.format !== BACKUP_FORMAT) throw unprocessable(NOT_A_BACKUP);
  const version = Number(header.version);
  if (version !== BACKUP_FORMAT_VERSION) {
    throw unprocessable(
      `This backup file has schema version ${String(header.version)}; this site restores version ${BACKUP_FORMAT_VERSION} backups only. Restore it with the version of the site that made it.`,
    );
  }
  if (!isObject(value) || !Array.isArray(value.categories) || !isObject(value.counts)) throw unprocessable(NOT_A_BACKUP);
  return value as unknown as BackupMeta;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
