import type { Database } from "../../db/client";

/**
 * When the last backup was made, for the status banner and the Backup Data Quick Action: a Date, or null when
 * there has never been one. The backup feature is built on another branch; until it is merged this answers
 * `undefined` ("not known"), and the dashboard shows no backup figure at all rather than a made-up one.
 *
 * MERGE: replace the body with `return getLastBackupAt(db);` (from ../backup/service).
 */
export async function readLastBackupAt(_db: Database): Promise<Date | null | undefined> {
  return undefined;
}
