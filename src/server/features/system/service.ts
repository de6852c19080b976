import type { DatabaseHandle, PoolStatus } from "#server/db/client.ts";
import { getLastBackupAt } from "#server/features/backup/index.ts";
import { describeBackupAge, describeMailQueue, readMailQueueHealth } from "./queue-health";
import type { GeoDataInfo, GeoLookup } from "#server/infra/geo.ts";
import type { MailDriver } from "#server/infra/mail/index.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";

/** `warning`: working, but something an operator should act on (the banner says so without calling it degraded). */
export type CheckResult = { name: string; ok: boolean; detail: string; warning?: boolean };
/** The Postgres pool's figures (absent on the embedded database). */
export type DatabasePoolFigures = { size: number; inUse: number; waiting: number; lastExhaustedAt: string | null };
export type SystemStatus = { ok: boolean; checks: CheckResult[]; databasePool?: DatabasePoolFigures };

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

/**
 * The GeoLite2 licence asks that a new release replace the old data within 30 days; MaxMind publishes twice a
 * week. Data older than this has missed at least one month of releases, so the banner asks for an update.
 */
const GEO_DATA_STALE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

export function geoDataCheck(info: GeoDataInfo | Error, now = new Date()): CheckResult {
  if (info instanceof Error) return { name: "geo", ok: false, detail: `Geo data could not be opened: ${info.message}` };
  const from = `Geo data from ${monthYear.format(info.builtAt)}${info.source === "bundled" ? " (bundled)" : ""}`;
  const ageDays = Math.floor((now.getTime() - info.builtAt.getTime()) / DAY_MS);
  if (ageDays <= GEO_DATA_STALE_DAYS) return { name: "geo", ok: true, detail: from };
  const how = info.source === "bundled" ? "set GEOIP_DB_PATH and run npm run geoip:update" : "run npm run geoip:update";
  return { name: "geo", ok: true, warning: true, detail: `${from}, ${ageDays} days old: ${how}` };
}

/** An exhaustion this recent puts a warning on the banner. */
export const POOL_EXHAUSTION_WARNING_MS = 10 * 60 * 1000;

/**
 * The pool as the banner shows it: size, in use and waiting, with a warning (not a failure: the database
 * answers) when a request timed out waiting for a connection in the last 10 minutes.
 */
export function databasePoolCheck(pool: PoolStatus, now = new Date()): CheckResult {
  const figures = `${pool.inUse} of ${pool.size} connections in use, ${pool.waiting} waiting`;
  const exhaustedAt = pool.lastExhaustedAt;
  if (!exhaustedAt || now.getTime() - exhaustedAt.getTime() > POOL_EXHAUSTION_WARNING_MS)
    return { name: "databasePool", ok: true, detail: figures };
  const minutes = Math.floor((now.getTime() - exhaustedAt.getTime()) / 60_000);
  const when = minutes < 1 ? "less than a minute ago" : `${minutes} min ago`;
  return {
    name: "databasePool",
    ok: true,
    warning: true,
    detail: `${figures}. Database pool exhausted ${when}: requests timed out waiting for a connection and got 503. Raise DATABASE_POOL_SIZE (within the server's max_connections) or lower HEAVY_READ_LIMIT`,
  };
}

/** What the back office's status banner reports: each dependency really probed. */
export async function getSystemStatus(deps: {
  database: DatabaseHandle;
  mailDriver: MailDriver;
  storage: ObjectStorage;
  geo?: GeoLookup;
}): Promise<SystemStatus> {
  const checks = await Promise.all([
    check("database", async () => {
      await deps.database.ping();
      return deps.database.kind === "pglite" ? "Embedded PGlite" : "Postgres";
    }),
    check("storage", () => deps.storage.probe()),
    check("mail", async () => {
      await deps.mailDriver.verify();
      return deps.mailDriver.delivers
        ? `Delivering through ${deps.mailDriver.provider}`
        : "Outbox only: mail is kept, not delivered (set MAIL_PROVIDER)";
    }),
    check("mailQueue", async () => {
      const health = await readMailQueueHealth(deps.database.db);
      if (health.failedLast24h > 0) throw new Error(describeMailQueue(health));
      return describeMailQueue(health);
    }),
  ]);
  checks.push(backupCheck(await getLastBackupAt(deps.database.db).catch((error: unknown) => error as Error)));
  if (deps.geo?.dataInfo) checks.push(geoDataCheck(await deps.geo.dataInfo().catch((error: unknown) => error as Error)));
  // Read after the probes, so the figures include a ping that found the pool exhausted.
  const pool = deps.database.pool?.();
  if (!pool) return { ok: checks.every((c) => c.ok), checks };
  checks.push(databasePoolCheck(pool));
  const databasePool = {
    size: pool.size,
    inUse: pool.inUse,
    waiting: pool.waiting,
    lastExhaustedAt: pool.lastExhaustedAt?.toISOString() ?? null,
  };
  return { ok: checks.every((c) => c.ok), checks, databasePool };
}
