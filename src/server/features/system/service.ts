import type { DatabaseHandle } from "../../db/client";
import { getLastBackupAt } from "../backup/service";
import { describeBackupAge, describeMailQueue, readMailQueueHealth } from "./queue-health";
import type { MailDriver } from "../../infra/mail";
import type { ObjectStorage } from "../../infra/storage";

export type CheckResult = { name: string; ok: boolean; detail: string };
export type SystemStatus = { ok: boolean; checks: CheckResult[] };

async function check(name: string, probe: () => Promise<string>): Promise<CheckResult> {
  try {
    return { name, ok: true, detail: await probe() };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A backup older than this puts the banner in a degraded state. A site that never made one is not degraded
 * (a new site has nothing to lose yet): the banner says "No backup yet" and the daily plan asks for one.
 */
const BACKUP_STALE_MS = 7 * 24 * 60 * 60 * 1000;

export function backupCheck(lastBackupAt: Date | null | Error, now = new Date()): CheckResult {
  if (lastBackupAt instanceof Error) return { name: "backup", ok: false, detail: lastBackupAt.message };
  const stale = lastBackupAt !== null && now.getTime() - lastBackupAt.getTime() > BACKUP_STALE_MS;
  return { name: "backup", ok: !stale, detail: describeBackupAge(lastBackupAt, now) };
}

/** What the back office's status banner reports: each dependency really probed. */
export async function getSystemStatus(deps: { database: DatabaseHandle; mailDriver: MailDriver; storage: ObjectStorage }): Promise<SystemStatus> {
  const checks = await Promise.all([
    check("database", async () => {
      await deps.database.ping();
      return deps.database.kind === "pglite" ? "Embedded PGlite" : "Postgres";
    }),
    check("storage", () => deps.storage.probe()),
    check("mail", async () => {
      await deps.mailDriver.verify();
      return deps.mailDriver.delivers ? `Delivering through ${deps.mailDriver.provider}` : "Outbox only: mail is kept, not delivered (set MAIL_PROVIDER)";
    }),
    check("mailQueue", async () => {
      const health = await readMailQueueHealth(deps.database.db);
      if (health.failedLast24h > 0) throw new Error(describeMailQueue(health));
      return describeMailQueue(health);
    }),
  ]);
  checks.push(backupCheck(await getLastBackupAt(deps.database.db).catch((error: unknown) => error as Error)));
  return { ok: checks.every((c) => c.ok), checks };
}
