import { and, count, gte, isNull } from "drizzle-orm";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { daysBefore, plural, type TaskSource } from "./task-source";

/** People who joined the waitlist in the last day: a personal hello converts better than the automatic one. */
export const newSignups: TaskSource = async (db, now) => {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(gte(waitlistEntries.createdAt, daysBefore(now, 1)), isNull(waitlistEntries.unsubscribedAt)));
  const n = row?.n ?? 0;
  if (n === 0) return [];
  return [
    {
      id: "waitlist-welcome",
      category: "community",
      priority: n >= 10 ? "high" : "medium",
      title: `Welcome ${plural(n, "new waitlist signup")}`,
      description: "They joined in the last 24 hours. Send a short personal note and ask what brought them here.",
      estimatedTime: `${Math.min(45, Math.max(10, n * 2))} min`,
      link: "/admin/waitlist",
    },
  ];
};
