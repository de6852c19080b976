import { and, count, desc, eq, gte, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { mailMessages } from "#server/db/schema/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type MailQueueHealth = {
  /** Messages refused for good in the last 24 hours. */
  failedLast24h: number;
  /** Waiting for a worker (queued or being sent). */
  waiting: number;
  /** The provider's reason for the newest failure of the last 24 hours. */
  latestError: string | null;
};

/** The mail queue as the status banner reports it (mail_messages_due_idx and the created_at index serve these). */
export async function readMailQueueHealth(db: Database, now = new Date()): Promise<MailQueueHealth> {
  const recentFailures = and(eq(mailMessages.status, "failed"), gte(mailMessages.createdAt, new Date(now.getTime() - DAY_MS)));
  const [[failed], [waiting], [latest]] = await Promise.all([
    db.select({ n: count() }).from(mailMessages).where(recentFailures),
    db
      .select({ n: count() })
      .from(mailMessages)
      .where(inArray(mailMessages.status, ["queued", "sending"])),
    db
      .select({ lastError: mailMessages.lastError })
      .from(mailMessages)
      .where(recentFailures)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(1),
  ]);
  return { failedLast24h: failed?.n ?? 0, waiting: waiting?.n ?? 0, latestError: latest?.lastError ?? null };
}

export function describeMailQueue(health: MailQueueHealth): string {
  const waiting = `${health.waiting} waiting to send`;
  if (health.failedLast24h === 0) return `No failed messages in the last 24 h · ${waiting}`;
  const reason = health.latestError ? ` (latest: ${health.latestError.slice(0, 120)})` : "";
  return `${health.failedLast24h} failed in the last 24 h${reason} · ${waiting}`;
}

/** "Last backup 3 hours ago", "No backup yet". */
export function describeBackupAge(lastBackupAt: Date | null, now = new Date()): string {
  if (lastBackupAt === null) return "No backup yet";
  const hours = Math.floor((now.getTime() - lastBackupAt.getTime()) / (60 * 60 * 1000));
  if (hours < 1) return "Last backup less than an hour ago";
  if (hours < 48) return `Last backup ${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `Last backup ${Math.floor(hours / 24)} days ago`;
}
