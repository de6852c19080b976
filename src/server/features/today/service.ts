import { and, eq } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import {
  greetingFor,
  localDateAndHour,
  PLAN_PRIORITIES,
  type DailyPlan,
  type DailyPlanInput,
  type PlanTask,
  type PlanTaskDoneInput,
} from "#common/today/today.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { dailyPlanCompletions, dailyPlans } from "#server/db/schema/index.ts";
import { notFound } from "#server/infra/errors.ts";
import { formatMetrics, insightFrom, readPlanFigures } from "./metrics";
import { TASK_SOURCES } from "#server/features/today/sources/index.ts";

export const PLAN_TASK_NOT_FOUND = "This task is not part of that day's plan";

/** Who the plan is for: the signed-in admin. */
export type PlanOwner = Pick<SessionUser, "id" | "name" | "email">;

type StoredPlan = typeof dailyPlans.$inferSelect;

const priorityRank = (task: PlanTask) => PLAN_PRIORITIES.indexOf(task.priority);

/** Today's tasks and figures, computed from the site's state at `now`: high priority first, then in source order. */
export async function computePlan(db: Database, now: Date): Promise<Pick<StoredPlan, "tasks" | "metrics" | "insight">> {
  const [taskLists, figures] = await Promise.all([Promise.all(TASK_SOURCES.map((source) => source(db, now))), readPlanFigures(db, now)]);
  const tasks = taskLists.flat().sort((a, b) => priorityRank(a) - priorityRank(b));
  return { tasks, metrics: formatMetrics(figures), insight: insightFrom(figures) };
}

const firstName = (owner: PlanOwner) => owner.name.trim().split(/\s+/)[0] || owner.email;

async function completedTaskIds(db: Executor, userId: string, planDate: string): Promise<string[]> {
  const rows = await db
    .select({ taskId: dailyPlanCompletions.taskId })
    .from(dailyPlanCompletions)
    .where(and(eq(dailyPlanCompletions.userId, userId), eq(dailyPlanCompletions.planDate, planDate)));
  return rows.map((row) => row.taskId);
}

/** The greeting follows the hour of the request, not of the generation: the plan is kept all day. */
function toDailyPlan(plan: StoredPlan, owner: PlanOwner, hour: number, completed: string[]): DailyPlan {
  return {
    date: plan.planDate,
    greeting: `${greetingFor(hour)}, ${firstName(owner)}`,
    insight: plan.insight,
    generatedAt: plan.generatedAt.toISOString(),
    tasks: plan.tasks,
    metrics: plan.metrics,
    completedTaskIds: completed.filter((id) => plan.tasks.some((task) => task.id === id)),
  };
}

const findPlan = async (db: Executor, userId: string, planDate: string) =>
  (
    await db
      .select()
      .from(dailyPlans)
      .where(and(eq(dailyPlans.userId, userId), eq(dailyPlans.planDate, planDate)))
  )[0];

/** GET /api/today/generate: today's stored plan, or a new one computed and stored on the first visit of the day. */
export async function getDailyPlan(db: Database, owner: PlanOwner, input: DailyPlanInput, now = new Date()): Promise<DailyPlan> {
  const { date, hour } = localDateAndHour(now, input.timeZone);
  let plan = await findPlan(db, owner.id, date);
  if (!plan) {
    const computed = await computePlan(db, now);
    // Two tabs opening /today at once: the first insert wins and both show that plan.
    await db
      .insert(dailyPlans)
      .values({ userId: owner.id, planDate: date, generatedAt: now, ...computed })
      .onConflictDoNothing();
    plan = (await findPlan(db, owner.id, date))!;
  }
  return toDailyPlan(plan, owner, hour, await completedTaskIds(db, owner.id, date));
}

/** POST /api/today/regenerate: recomputes today's plan from the current state and clears its marks. */
export async function regenerateDailyPlan(db: Database, owner: PlanOwner, input: DailyPlanInput, now = new Date()): Promise<DailyPlan> {
  const { date, hour } = localDateAndHour(now, input.timeZone);
  const computed = await computePlan(db, now);
  const plan = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dailyPlans)
      .values({ userId: owner.id, planDate: date, generatedAt: now, ...computed })
      .onConflictDoUpdate({ target: [dailyPlans.userId, dailyPlans.planDate], set: { generatedAt: now, ...computed } })
      .returning();
    await tx.delete(dailyPlanCompletions).where(and(eq(dailyPlanCompletions.userId, owner.id), eq(dailyPlanCompletions.planDate, date)));
    return row!;
  });
  return toDailyPlan(plan, owner, hour, []);
}

/** Ticks or unticks one task of one of the admin's own plans; answers the plan's marks after the change. */
export async function setPlanTaskDone(
  db: Database,
  owner: PlanOwner,
  input: PlanTaskDoneInput,
): Promise<{ date: string; completedTaskIds: string[] }> {
  const plan = await findPlan(db, owner.id, input.date);
  if (!plan || !plan.tasks.some((task) => task.id === input.taskId)) throw notFound(PLAN_TASK_NOT_FOUND);
  const key = { userId: owner.id, planDate: input.date, taskId: input.taskId };
  if (input.done) {
    await db.insert(dailyPlanCompletions).values(key).onConflictDoNothing();
  } else {
    await db
      .delete(dailyPlanCompletions)
      .where(
        and(
          eq(dailyPlanCompletions.userId, key.userId),
          eq(dailyPlanCompletions.planDate, key.planDate),
          eq(dailyPlanCompletions.taskId, key.taskId),
        ),
      );
  }
  return { date: input.date, completedTaskIds: await completedTaskIds(db, owner.id, input.date) };
}
