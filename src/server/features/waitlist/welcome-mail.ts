import type { Executor } from "#server/db/client.ts";
import type { Logger } from "#server/infra/logger.ts";
import { queueTemplatedMail } from "#server/features/email-templates/index.ts";
import { waitlistEntryData } from "#server/features/email-templates/index.ts";

/**
 * Queues the welcome mail of a new waitlist entry in the join's own transaction (a rolled-back join queues
 * nothing): the admins' waitlist_welcome template, or the built-in one when there is none.
 */
export async function queueWaitlistWelcome(tx: Executor, logger: Logger, entry: { id: string; email: string }): Promise<void> {
  const data = await waitlistEntryData(tx, entry.id);
  await queueTemplatedMail(tx, logger, { type: "waitlist_welcome", data, to: entry.email, idempotencyKey: `waitlist-welcome/${entry.id}` });
}
