import type { PlanTask } from "#common/today/today.ts";
import type { Database } from "#server/db/client.ts";

/**
 * One kind of thing that can need the admin today, read from the site's state at `now`. A source answers no
 * task when all is well. Task ids must be stable for what they are about (the plan's marks refer to them).
 */
export type TaskSource = (db: Database, now: Date) => Promise<PlanTask[]>;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** "1 builder", "3 builders". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
