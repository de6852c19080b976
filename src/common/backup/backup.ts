// Backup and restore (/admin/backup, /api/backup/*): the file format's constants, the inputs, the answers'
// shapes and the page's texts. The categories themselves (which tables each holds) live on the server, in
// src/server/features/backup/categories.ts: the page reads them from the status.
import * as z from "zod/mini";

/** The first field of every backup file, so that a restore can tell a backup from any other JSON. */
export const BACKUP_FORMAT = "hundred-dollar-lab-backup";
/** Bumped when the file's layout changes; a restore refuses any other version. */
export const BACKUP_FORMAT_VERSION = 1;

export const BACKUP_PRIORITIES = ["critical", "important", "optional", "system"] as const;
export type BackupPriority = (typeof BACKUP_PRIORITIES)[number];

/** What an export holds when no namespaces are sent. */
export const DEFAULT_BACKUP_NAMESPACES = ["analytics", "waitlist"] as const;

/** The server recommends a backup when the last one is older than this (or there is none). */
export const BACKUP_RECOMMEND_AFTER_HOURS = 24;

/** The largest backup file a restore accepts as an upload. */
export const BACKUP_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;

export const NO_CATEGORIES_SELECTED = "No categories selected. Please select data to backup.";

const CATEGORY_ID = /^[a-z][a-z0-9_-]{0,39}$/;

/**
 * POST /api/backup/export. The ids are checked against the category registry by the server; here only
 * their shape. Duplicates are dropped.
 */
export const backupExportInput = z.object({
  namespaces: z._default(
    z.pipe(
      z
        .array(z.string().check(z.regex(CATEGORY_ID, "Each namespace must be a category id")), {
          error: "Namespaces must be a list of category ids",
        })
        .check(z.minLength(1, NO_CATEGORIES_SELECTED), z.maxLength(20, "Too many namespaces")),
      z.transform((ids) => [...new Set(ids)]),
    ),
    [...DEFAULT_BACKUP_NAMESPACES],
  ),
});
export type BackupExportInput = z.input<typeof backupExportInput>;

export const backupIdInput = z.object({ id: z.uuid("Unknown backup") });

/** Restore from a backup in the history: a dry run first, then the real thing. */
export const backupRestoreInput = z.object({
  id: z.uuid("Unknown backup"),
  dryRun: z._default(z.boolean(), true),
  /** The owner's password, for a restore that asks for it (a file this site did not sign, or accounts). */
  password: z.optional(z.string().check(z.maxLength(1024, "The password is too long"))),
});

/** The restore upload's query: `?dryRun=1` counts what would change and writes nothing. */
export const backupUploadQuery = z.object({
  dryRun: z.pipe(
    z.optional(z.enum(["0", "1", "true", "false"], "dryRun must be 1 or 0")),
    z.transform((value) => value !== "0" && value !== "false"),
  ),
});

/** brand-backup-{categories}-{date}.json, a backup's file name; the date is the UTC day it was made. */
export const backupFileName = (categories: readonly string[], createdAt: Date) =>
  `brand-backup-${categories.join("-")}-${createdAt.toISOString().slice(0, 10)}.json`;

/** One store (category) on the status: its rows (as `keys`) and whether its tables answered. */
export type BackupStoreStats = { keys: number; available: boolean };

/** The status's `lastBackup`; history items add the id. */
export type BackupSummary = { timestamp: string; createdBy: string; namespaces: string[]; totalKeys: number; sizeBytes: number };
export type BackupHistoryItem = BackupSummary & { id: string; trigger: "manual" | "scheduled"; fileName: string };

export type BackupCategoryInfo = {
  id: string;
  name: string;
  /** A lucide icon name. */
  icon: string;
  priority: BackupPriority;
  description: string;
  contains: string[];
  /** Set when the category holds secrets of a kind (password hashes): the page warns before exporting it. */
  sensitive?: string;
  /** The database tables it holds. */
  keys: string[];
};

export type BackupStatus = {
  currentStats: Record<string, BackupStoreStats>;
  lastBackup: BackupSummary | null;
  backupHistory: BackupHistoryItem[];
  recommendsBackup: boolean;
};

/** Per table: rows in the file that are new, that differ from the stored row, and that are already there as they are. */
export type RestoreTableReport = { table: string; category: string; added: number; updated: number; unchanged: number };
export type RestoreReport = {
  dryRun: boolean;
  createdAt: string;
  createdBy: string;
  categories: string[];
  tables: RestoreTableReport[];
  /** Whether the file carries this site's signature over its contents (files made before signing did not). */
  signed: boolean;
  /** Whether restoring it needs the owner's password (not signed by this site, or it holds accounts). */
  passwordRequired: boolean;
  /** The sentence that asks for the password and says what the restore replaces; null when none is needed. */
  confirmation: string | null;
};

/** The error texts of the backup page. */
export const BACKUP_ERROR_TEXTS = {
  authExpired: "Authentication expired - please login again",
  notDeployed: "Backup endpoints not deployed - check worker deployment",
  server: (status: number, statusText: string) => `Server error: ${status} ${statusText}`.trim(),
  contextNotReady: "Authentication context not ready - please wait a moment and try again",
} as const;

/** The troubleshooting tips the page shows under a failure, chosen by what the message contains. */
export function backupTroubleshootingTips(message: string): string[] {
  if (message.includes("Authentication")) {
    return ["Sign out and sign in again: your session may have expired.", "Make sure your account has the admin role."];
  }
  if (message.includes("404")) {
    return [
      "The backup endpoints did not answer: check that the server is deployed at its latest version.",
      "Reload the page to pick up the latest client.",
    ];
  }
  if (message.includes("500")) {
    return [
      "The server failed while reading the data: check the server log for the request.",
      "Check that the database and file storage are reachable (the dashboard's status banner).",
    ];
  }
  return ["Check your connection and try again.", "If it keeps failing, check the server log."];
}
