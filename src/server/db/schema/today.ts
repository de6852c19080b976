import { date, foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PlanMetric, PlanTask } from "#common/today/today.ts";
import { userRef } from "./users";

/**
 * Each admin's daily plan, one row per admin and plan date: what GET /api/today/generate computed first that
 * day, kept so that the plan stays the same all day until the admin regenerates it.
 */
export const dailyPlans = pgTable(
  "daily_plans",
  {
    userId: userRef("user_id"),
    planDate: date("plan_date", { mode: "string" }).notNull(),
    insight: text("insight").notNull(),
    tasks: jsonb("tasks").$type<PlanTask[]>().notNull(),
    metrics: jsonb("metrics").$type<PlanMetric[]>().notNull(),
    generatedAt: timestamp("generated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.planDate] })],
);

/** The tasks an admin ticked on a plan: one row per tick, so two tabs ticking different tasks both keep theirs. */
export const dailyPlanCompletions = pgTable(
  "daily_plan_completions",
  {
    userId: uuid("user_id").notNull(),
    planDate: date("plan_date", { mode: "string" }).notNull(),
    taskId: text("task_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.planDate, t.taskId] }),
    foreignKey({ columns: [t.userId, t.planDate], foreignColumns: [dailyPlans.userId, dailyPlans.planDate] }).onDelete("cascade"),
  ],
);
