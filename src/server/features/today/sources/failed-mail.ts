import { and, count, desc, eq, gte } from "drizzle-orm";
import { mailMessages } from "#server/db/schema/index.ts";
import { daysBefore, plural, type TaskSource } from "./task-source";

/** Failures older than this are old news. */
const WINDOW_DAYS = 7;

/** Mail the provider refused for good in the last week. */
export const failedMail: TaskSource = async (db, now) => {
  const since = daysBefore(now, WINDOW_DAYS);
  const where = and(eq(mailMessages.status, "failed"), gte(mailMessages.createdAt, since));
  const [row] = await db.select({ n: count() }).from(mailMessages).where(where);
  const n = row?.n ?? 0;
  if (n === 0) return [];
  const [latest] = await db
    .select({ lastError: mailMessages.lastError })
    .from(mailMessages)
    .where(where)
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(1);
  const reason = latest?.lastError ? ` The latest failure: ${latest.lastError.slice(0, 160)}` : "";
  return [
    {
      id: "mail-failed",
      category: "admin",
      priority: "high",
      title: `Fix mail delivery: ${plural(n, "email")} failed this week`,
      description: `Check the provider's credentials with a test send.${reason}`,
      estimatedTime: "15 min",
      link: "/admin/email-test",
    },
  ];
};
