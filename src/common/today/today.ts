// The daily plan (/today, GET /api/today/generate, POST /api/today/regenerate): its shape and its inputs.
import * as z from "zod/mini";

/** The daily plan's task categories and priorities. */
export const PLAN_CATEGORIES = ["marketing", "building", "admin", "strategy", "content", "analytics", "community"] as const;
export type PlanCategory = (typeof PLAN_CATEGORIES)[number];
export const PLAN_PRIORITIES = ["high", "medium", "low"] as const;
export type PlanPriority = (typeof PLAN_PRIORITIES)[number];

export type PlanTask = {
  /** Stable for what it is about (`builders-pending`, `seo-item-3`), so a plan's marks keep meaning. */
  id: string;
  category: PlanCategory;
  priority: PlanPriority;
  title: string;
  description: string;
  /** "10 min", "1 h". */
  estimatedTime: string;
  /** Where the task is done: a back-office path, or an outside address. */
  link?: string;
};

export type PlanMetric = { label: string; value: string };

/** The daily plan response, plus the ids this admin has ticked on this plan date. */
export type DailyPlan = {
  /** The plan date, YYYY-MM-DD in the admin's time zone. */
  date: string;
  greeting: string;
  insight: string;
  /** ISO time the tasks and metrics were computed (the plan is stored: stable until regenerated). */
  generatedAt: string;
  tasks: PlanTask[];
  metrics: PlanMetric[];
  completedTaskIds: string[];
};

export const PLAN_TASK_ID_MAX = 100;

const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== "string" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** The admin's IANA time zone decides the plan date and the greeting; UTC when absent. */
const timeZoneField = z.optional(z.custom<string>(isTimeZone, { error: "timeZone must be an IANA time zone, such as Europe/Paris" }));

/** `GET /api/today/generate?timeZone=`, `POST /api/today/regenerate {timeZone}`, `today.plan`, `today.regenerate`. */
export const dailyPlanInput = z.pipe(
  z.nullish(z.object({ timeZone: timeZoneField })),
  z.transform((input) => input ?? {}),
);
export type DailyPlanInput = z.output<typeof dailyPlanInput>;

/** `today.setTaskDone`: ticks or unticks one task of the plan of `date`. */
export const planTaskDoneInput = z.object({
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD")),
  taskId: z
    .string()
    .check(z.minLength(1, "taskId is required"), z.maxLength(PLAN_TASK_ID_MAX, `taskId must be at most ${PLAN_TASK_ID_MAX} characters`)),
  done: z.boolean({ error: "done must be true or false" }),
});
export type PlanTaskDoneInput = z.infer<typeof planTaskDoneInput>;

/** The plan date and hour of `now` in a time zone. */
export function localDateAndHour(now: Date, timeZone = "UTC"): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

export function greetingFor(hour: number): string {
  if (hour < 5) return "Working late";
  if (hour < 12) return "Good morning";
  if (hour < 18) return "Good afternoon";
  return "Good evening";
}

/** Progress as the page shows it: done/total and a whole percent (0 when there is nothing to do). */
export function planProgress(taskIds: readonly string[], completed: readonly string[]): { done: number; total: number; percent: number } {
  const done = taskIds.filter((id) => completed.includes(id)).length;
  const total = taskIds.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}
