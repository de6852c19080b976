import { count, eq, min } from "drizzle-orm";
import { builders } from "#server/db/schema/index.ts";
import { DAY_MS, plural, type TaskSource } from "./task-source";

/** A profile older than this is overdue: high priority. */
const OVERDUE_DAYS = 2;

/** Builders who asked to join and wait for an answer. */
export const pendingBuilders: TaskSource = async (db, now) => {
  const [row] = await db
    .select({ n: count(), oldest: min(builders.createdAt) })
    .from(builders)
    .where(eq(builders.status, "pending"));
  const n = row?.n ?? 0;
  if (n === 0) return [];
  const waitingDays = row?.oldest ? Math.floor((now.getTime() - row.oldest.getTime()) / DAY_MS) : 0;
  return [
    {
      id: "builders-pending",
      category: "community",
      priority: waitingDays >= OVERDUE_DAYS ? "high" : "medium",
      title: `Review ${plural(n, "pending builder")}`,
      description:
        waitingDays >= 1
          ? `The oldest request has waited ${plural(waitingDays, "day")}. Approve, verify or reject each profile.`
          : "New requests to join the community arrived today. Approve, verify or reject each profile.",
      estimatedTime: `${Math.min(60, Math.max(5, n * 3))} min`,
      link: "/admin/builders",
    },
  ];
};
