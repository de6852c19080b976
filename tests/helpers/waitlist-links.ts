import { and, desc, eq, like } from "drizzle-orm";
import { mailMessages } from "#server/db/schema/index.ts";
import type { Database } from "#server/db/client.ts";

/**
 * The token of the newest link to `path` (/waitlist/confirm or /waitlist/me) in the mail queued to `to`, as a
 * person clicking it would send it. Null when no such mail was queued.
 */
export async function mailedToken(db: Database, to: string, path: string, idempotencyPrefix = ""): Promise<string | null> {
  const mails = await db
    .select({ html: mailMessages.htmlBody })
    .from(mailMessages)
    .where(and(eq(mailMessages.toAddress, to), like(mailMessages.idempotencyKey, `${idempotencyPrefix}%`)))
    .orderBy(desc(mailMessages.createdAt));
  for (const mail of mails) {
    const match = new RegExp(`href="[^"]*${path}\\?token=([^"&]+)"`).exec(mail.html ?? "");
    if (match) return decodeURIComponent(match[1]!);
  }
  return null;
}
