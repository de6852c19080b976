import type { BaseDeps } from "./deps";
import {
  createAnalyticsPipeline,
  createPartitionJob,
  type AnalyticsPipeline,
  type PartitionJob,
} from "#server/features/analytics/index.ts";
import { createBackupScheduler, type BackupScheduler } from "#server/features/backup/index.ts";
import { createWaitlistJoins, type WaitlistJoins } from "#server/features/waitlist/index.ts";
import { createCacheBus, type CacheBus } from "#server/infra/cache-bus.ts";
import { createHeavyReadLimiter } from "#server/infra/heavy-reads.ts";
import { createMailWorker, type MailWorker } from "#server/infra/mail/index.ts";
import type { WorkLimiter } from "#server/infra/work-limiter.ts";
import { createUploadSpoolSweeper, type UploadSpoolSweeper } from "#server/infra/upload-spool-sweeper.ts";

/**
 * The app's long-lived services, built once per process here and nowhere else. Building one starts nothing:
 * main.ts starts them all (startServices); a test starts the ones it needs.
 */
export type Services = {
  /** Tells every instance which cached pages a write made stale (LISTEN/NOTIFY on the database). */
  cacheBus: CacheBus;
  analytics: AnalyticsPipeline;
  /** Makes analytics_events' monthly partitions ahead and drops those past ANALYTICS_RETENTION_DAYS (hourly, one instance a run). */
  analyticsPartitions: PartitionJob;
  mailWorker: MailWorker;
  backupScheduler: BackupScheduler;
  /** Heavy reads at once on this instance (HEAVY_READ_LIMIT): procedures with `heavyRead` meta and the export routes. */
  heavyReads: WorkLimiter;
  /** Removes upload files a killed server left in DATA_DIR/tmp/uploads (at start, then hourly). */
  uploadSpoolSweeper: UploadSpoolSweeper;
  /** Stores waitlist joins that arrive together in one transaction (group commit); nothing to start or stop. */
  waitlistJoins: WaitlistJoins;
};

export function createServices(deps: BaseDeps): Services {
  const { config, database, logger } = deps;
  return {
    cacheBus: createCacheBus({ database, logger }),
    analytics: createAnalyticsPipeline({ config, database, logger }),
    analyticsPartitions: createPartitionJob({ db: database.db, logger, retentionDays: config.analyticsRetentionDays }),
    mailWorker: createMailWorker({ db: database.db, driver: deps.mailDriver, logger, defaultFrom: config.mailFrom }),
    backupScheduler: createBackupScheduler({
      db: database.db,
      storage: deps.storage,
      logger,
      keep: config.backupKeep,
      schedule: config.backupSchedule,
    }),
    heavyReads: createHeavyReadLimiter(config.heavyReadLimit),
    uploadSpoolSweeper: createUploadSpoolSweeper({ dataDir: config.dataDir, logger }),
    waitlistJoins: createWaitlistJoins({
      db: database.db,
      logger,
      publicUrl: config.publicUrl,
      configuredSecret: config.unsubscribeSecret,
      settings: config.waitlist,
    }),
  };
}

export async function startServices(services: Services): Promise<void> {
  await services.cacheBus.start();
  await services.analytics.start();
  services.analyticsPartitions.start();
  services.mailWorker.start();
  services.backupScheduler.start();
  await services.uploadSpoolSweeper.start();
}

/**
 * After the HTTP server has stopped taking requests and before the database closes: the buffered analytics
 * are written, work in progress finishes. Stopping a service that was never started does nothing.
 */
export async function stopServices(services: Services): Promise<void> {
  await services.analytics.stop();
  await services.analyticsPartitions.stop();
  await services.mailWorker.stop();
  await services.backupScheduler.stop();
  services.uploadSpoolSweeper.stop();
  await services.cacheBus.stop();
}
