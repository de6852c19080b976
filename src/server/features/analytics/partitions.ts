import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Executor } from "#server/db/client.ts";
import { claimSlot } from "#server/infra/job-slots.ts";
import type { Logger } from "#server/infra/logger.ts";
import { lockRollups } from "./rollups";

/**
 * analytics_events is range-partitioned by the UTC month of received_at, one partition per month named
 * analytics_events_yYYYYmMM, plus analytics_events_default for rows of a month without one
 * (docs/decisions/033-analytics-partitions-and-retention.md). The migration made the first ones; this job
 * keeps the current month and the next MONTHS_AHEAD made ahead, gives rows that landed in DEFAULT their
 * month's partition, and with ANALYTICS_RETENTION_DAYS drops the months wholly older than the retention.
 */

const PARENT = "analytics_events";
const DEFAULT_PARTITION = "analytics_events_default";
/** Months made ahead beyond the current one: a stopped job leaves two months before rows reach DEFAULT. */
const MONTHS_AHEAD = 2;
const JOB = "analytics-partitions";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const monthStart = (date: Date, offset = 0) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
export const partitionName = (month: Date) => `${PARENT}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, "0")}`;
const MONTHLY = new RegExp(`^${PARENT}_y(\\d{4})m(\\d{2})$`);

/** The monthly partitions that exist, by their month's first instant (UTC). */
async function monthlyPartitions(db: Executor): Promise<Date[]> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass(${PARENT})`);
  return rowsOf<{ name: string }>(result).flatMap(({ name }) => {
    const match = MONTHLY.exec(name);
    return match ? [new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))] : [];
  });
}

/** The months of the rows that sit in DEFAULT (none, unless the job was stopped or old rows were restored). */
async function monthsInDefault(db: Executor): Promise<Date[]> {
  const result = await db.execute(
    sql`select distinct date_trunc('month', received_at, 'UTC') as month from ${sql.identifier(DEFAULT_PARTITION)}`,
  );
  return rowsOf<{ month: string | Date }>(result).map(({ month }) => new Date(month));
}

/**
 * Makes the month's partition. Postgres refuses to create one while DEFAULT holds rows of its range, so
 * those rows move in the same transaction: out of DEFAULT, the partition created, back in through the
 * parent (ids kept). The rollups' lock comes first (lockRollups), then the parent's, so no insert lands in
 * DEFAULT meanwhile.
 * Returns how many rows moved.
 */
async function createMonthPartition(db: Database, month: Date): Promise<number> {
  const from = month.toISOString();
  const to = monthStart(month, 1).toISOString();
  const name = sql.identifier(partitionName(month));
  const create = sql`create table if not exists ${name} partition of ${sql.identifier(PARENT)} for values from (${sql.raw(`'${from}'`)}) to (${sql.raw(`'${to}'`)})`;
  return db.transaction(async (tx) => {
    await lockRollups(tx);
    const inDefault = rowsOf<{ any: boolean }>(
      await tx.execute(sql`
        select exists (select 1 from ${sql.identifier(DEFAULT_PARTITION)} where received_at >= ${from}::timestamptz and received_at < ${to}::timestamptz) as any`),
    )[0]?.any;
    if (!inDefault) {
      await tx.execute(create);
      return 0;
    }
    await tx.execute(sql`lock table ${sql.identifier(PARENT)} in access exclusive mode`);
    await tx.execute(sql`create temporary table analytics_events_moving (like ${sql.identifier(PARENT)}) on commit drop`);
    const moved = await tx.execute(sql`
      with moved as (
        delete from ${sql.identifier(DEFAULT_PARTITION)} where received_at >= ${from}::timestamptz and received_at < ${to}::timestamptz returning *
      ),
      kept as (insert into analytics_events_moving select * from moved)
      select count(*)::int as rows from moved`);
    await tx.execute(create);
    await tx.execute(sql`insert into ${sql.identifier(PARENT)} overriding system value select * from analytics_events_moving`);
    return rowsOf<{ rows: number }>(moved)[0]?.rows ?? 0;
  });
}

export type PartitionWork = { created: string[]; moved: number; dropped: string[] };

/**
 * One pass: the partitions of the current month, the next MONTHS_AHEAD and every month with rows in
 * DEFAULT exist; with `retentionDays`, each monthly partition that ends at or before now - retention (so
 * every row in it is older, and it is never the current month) is dropped. The rollups are left as they are:
 * they keep the dropped months' figures.
 */
export async function maintainPartitions(
  db: Database,
  { now, retentionDays }: { now: Date; retentionDays: number | undefined },
): Promise<PartitionWork> {
  const existing = new Set((await monthlyPartitions(db)).map((month) => month.getTime()));
  const wanted = [...Array.from({ length: MONTHS_AHEAD + 1 }, (_, offset) => monthStart(now, offset)), ...(await monthsInDefault(db))];
  const work: PartitionWork = { created: [], moved: 0, dropped: [] };
  for (const month of wanted) {
    if (existing.has(month.getTime())) continue;
    work.moved += await createMonthPartition(db, month);
    existing.add(month.getTime());
    work.created.push(partitionName(month));
  }
  if (retentionDays === undefined) return work;
  const cutoff = now.getTime() - retentionDays * DAY_MS;
  for (const time of [...existing].sort((a, b) => a - b)) {
    const month = new Date(time);
    if (monthStart(month, 1).getTime() > cutoff) continue;
    await db.transaction(async (tx) => {
      await lockRollups(tx);
      await tx.execute(sql`drop table if exists ${sql.identifier(partitionName(month))}`);
    });
    work.dropped.push(partitionName(month));
  }
  return work;
}

export type PartitionJob = {
  /** Runs a pass now (start-up), then every hour. */
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
  /** One pass for the slot (the hour it is due): claims it, and only if this instance won it, does the work. */
  tick(slot: Date, now?: Date): Promise<PartitionWork | null>;
};

/** The partition upkeep on any number of app instances: each runs it hourly; one claims each hour's slot. */
export function createPartitionJob(deps: { db: Database; logger: Logger; retentionDays: number | undefined }): PartitionJob {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> | undefined;

  async function tick(slot: Date, now = new Date()): Promise<PartitionWork | null> {
    if (!(await claimSlot(deps.db, JOB, slot))) return null;
    const work = await maintainPartitions(deps.db, { now, retentionDays: deps.retentionDays });
    if (work.created.length > 0 || work.dropped.length > 0)
      deps.logger.info(work, "analytics: partitions made ahead and old months dropped");
    return work;
  }
  const run = () => {
    const slot = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
    current = tick(slot).catch((error: unknown) => deps.logger.error({ err: error, slot }, "analytics: the partition upkeep failed"));
  };

  return {
    start() {
      if (timer) return;
      run();
      timer = setInterval(run, HOUR_MS).unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
    },
    tick,
  };
}
