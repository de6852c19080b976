import type { Executor } from "#server/db/client.ts";
import { jobSlots } from "#server/db/schema/index.ts";

/**
 * Claims one run of a timed job that every app instance schedules: the first instance to insert
 * (job, slot) gets true and does the work; the others' inserts do nothing and they skip it. `slot` is the
 * time the run was due, the same on every instance (a cron second, an hour). Nothing is kept in memory
 * that a crash would lose.
 */
export async function claimSlot(db: Executor, job: string, slot: Date): Promise<boolean> {
  const claimed = await db.insert(jobSlots).values({ job, slot }).onConflictDoNothing().returning({ slot: jobSlots.slot });
  return claimed.length > 0;
}
