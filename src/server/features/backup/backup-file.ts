import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from "#common/backup/backup.ts";
import { unprocessable } from "#server/infra/errors.ts";
import type { BackupMeta } from "./backup-writer";

/**
 * What reading a backup file yields: its meta first, then its rows by table, in batches. A batch is a JSON
 * array of row objects as text, handed to Postgres as it is (json_populate_recordset): rows are never
 * turned into JavaScript objects on the way.
 */
export type BackupFileEvent =
  | { type: "meta"; meta: BackupMeta; /** Only a file in the writer's layout can carry a signature that checks. */ layout: "lines" | "any" }
  | RowsBatch
  | { type: "end"; /** Whether the file carries a signature made with this site's secret over everything before it. */ signed: boolean };
export type RowsBatch = { type: "rows"; table: string; count: number; json: string };

/** Rows handed on at once: one INSERT each on restore. */
export const BATCH_ROWS = 5_000;

const MB = 1024 * 1024;

/**
 * What a restore reads from any file, whatever its layout, so that a crafted file is refused with a 422 and
 * memory stays bounded (the server may run in 128 MB of heap). Rows are a few hundred bytes to a few
 * kilobytes; a chapter's body or an email template is well under a megabyte.
 */
export const READ_LIMITS = {
  /** A line of the writer's layout: one row. */
  lineBytes: 16 * MB,
  /** One value (a string, a key or a number's digits), and one row in any layout: never more than a line holds. */
  valueBytes: 16 * MB,
  /** The head: the format, the version, the meta and any field before the tables. */
  headBytes: 1 * MB,
  /** A batch is handed on once it holds this much, even before BATCH_ROWS. */
  batchBytes: 8 * MB,
  /** Rows of one table (a 1 GB upload of the smallest real rows holds fewer). */
  rowsPerTable: 20_000_000,
  /** Levels of objects and lists inside a row (the row itself is the first). */
  rowDepth: 64,
} as const;

export const inMegabytes = (bytes: number) => `${bytes / MB} MB`;

export const valueTooLarge = (where: string) =>
  unprocessable(
    `The backup has a value larger than ${inMegabytes(READ_LIMITS.valueBytes)} at ${where}; this site restores values up to that size.`,
  );
export const nestedTooDeep = (where: string) =>
  unprocessable(
    `The backup has values nested deeper than ${READ_LIMITS.rowDepth} levels at ${where}; this site restores rows nested up to that depth.`,
  );
export const tooManyRows = (table: string) =>
  unprocessable(
    `The backup holds more than ${READ_LIMITS.rowsPerTable.toLocaleString("en-US")} rows of ${table}; this site restores at most that many per table.`,
  );

/** The signature's line, the last of a signed file: `"signature":"hmac-sha256:<hex>"}`. */
export const SIGNATURE_PREFIX = "hmac-sha256:";

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

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
