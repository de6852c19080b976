import { Cron } from "croner";
import { claimSlot } from "#server/infra/job-slots.ts";
import type { Logger } from "#server/infra/logger.ts";
import { BACKUP_CATEGORIES } from "./categories";
import { createBackup, type BackupContext } from "./service";

export type BackupScheduler = {
  /** Starts the cron timer (BACKUP_SCHEDULE). */
  start(): void;
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
  /**
   * One scheduled run for the slot (the cron time it was due): claims the slot, and only if this instance
   * won it, writes a backup of every category and applies the retention. Returns whether it made the backup.
   */
  tick(slot: Date): Promise<boolean>;
};

/**
 * Scheduled backups on any number of app instances: each instance's timer fires at the cron time, and
 * the instance that claims the slot (claimSlot, job "backup") makes the backup; the others skip it.
 */
export function createBackupScheduler(ctx: BackupContext & { logger: Logger; schedule: string | undefined }): BackupScheduler {
  let job: Cron | undefined;
  let current: Promise<unknown> | undefined;

  async function tick(slot: Date): Promise<boolean> {
    if (!(await claimSlot(ctx.db, "backup", slot))) return false;
    const backup = await createBackup(ctx, { categories: BACKUP_CATEGORIES.map((category) => category.id), author: "schedule" });
    ctx.logger.info({ backupId: backup.id, rows: backup.totalRows, sizeBytes: backup.sizeBytes }, "backup: scheduled backup written");
    return true;
  }

  return {
    start() {
      if (job || !ctx.schedule) return;
      job = new Cron(ctx.schedule, { timezone: "UTC", protect: true, unref: true }, () => {
        // Instances fire within milliseconds of each other: the slot is the cron second they fired for.
        const slot = new Date(Math.round(Date.now() / 1000) * 1000);
        current = tick(slot).catch((error: unknown) => ctx.logger.error({ err: error, slot }, "backup: the scheduled backup failed"));
      });
    },
    async stop() {
      job?.stop();
      job = undefined;
      await current;
    },
    tick,
  };
}
