import type { Executor } from "../../db/client";
import type { Logger } from "../../infra/logger";
import { enqueueMail } from "../../infra/mail";
import { renderForType, waitlistEntryData } from "../email-templates/service";

/**
 * Queues the welcome mail of a new waitlist entry in the join's own transaction (a rolled-back join queues
 * nothing): the admins' waitlist_welcome template, or the built-in one when there is none.
 */
export async function queueWaitlistWelcome(tx: Executor, logger: Logger, entry: { id: string; email: string }): Promise<void> {
  const mail = await renderForType(tx, "waitlist_welcome", await waitlistEntryData(tx, entry.id));
  if (mail.fallbackReason) logger.warn({ reason: mail.fallbackReason }, "waitlist: the waitlist_welcome template failed to render; sent the built-in one");
  await enqueueMail(tx, { to: entry.email, subject: mail.subject, html: mail.html, text: mail.text, idempotencyKey: `waitlist-welcome/${entry.id}` });
}
