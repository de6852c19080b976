import { eq } from "drizzle-orm";
import { referralUrlOf } from "#common/waitlist/waitlist.ts";
import type { Database, Executor } from "#server/db/client.ts";
import type { Logger } from "#server/infra/logger.ts";
import {
  queueTemplatedMail,
  renderProductMail,
  waitlistEntryData,
  type RenderedProductMail,
} from "#server/features/email-templates/index.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { confirmPageUrl, confirmToken, managePageUrl, manageToken } from "./links";
import { entryRank, rankedEntry } from "./ranks";
import { unsubscribeSecret } from "./unsubscribe";

/** What the waitlist's mails need besides the transaction: where links point, and the secret that signs them. */
export type MailContext = { logger: Logger; publicUrl: string; secret: string };

export const mailContext = async (deps: {
  db: Database;
  logger: Logger;
  publicUrl: string;
  /** UNSUBSCRIBE_SECRET, or undefined for the one stored in the database. */
  configuredSecret: string | undefined;
}): Promise<MailContext> => ({
  logger: deps.logger,
  publicUrl: deps.publicUrl,
  secret: await unsubscribeSecret(deps.db, deps.configuredSecret),
});

/** The entry's current rank, code and referral count, read in the caller's transaction. */
async function standing(tx: Executor, entryId: string) {
  const [row] = await tx
    .select({ rank: entryRank, referralCode: rankedEntry.referralCode, referrals: rankedEntry.referralCount })
    .from(rankedEntry)
    .where(eq(rankedEntry.id, entryId));
  if (!row) throw new Error("waitlist mail for an entry that cannot be read back");
  return row;
}

/**
 * Queues the welcome mail in the caller's transaction (a rolled-back join or confirmation queues nothing):
 * the admins' waitlist_welcome template, or the built-in one. With double opt-in it follows the confirmation,
 * so it can carry the referral link that now counts.
 */
export async function queueWaitlistWelcome(tx: Executor, context: MailContext, entry: { id: string; email: string }): Promise<void> {
  const { rank, referralCode, referrals } = await standing(tx, entry.id);
  const data = {
    ...(await waitlistEntryData(tx, entry.id)),
    position: rank,
    referralUrl: referralUrlOf(context.publicUrl, referralCode),
    referrals,
    manageUrl: managePageUrl(context.publicUrl, manageToken(context.secret, entry.id)),
  };
  await queueTemplatedMail(tx, context.logger, {
    type: "waitlist_welcome",
    data,
    to: entry.email,
    idempotencyKey: `waitlist-welcome/${entry.id}`,
  });
}

/** The double opt-in mail of an entry, rendered with a fresh 7-day link: waitlist_confirm, or the built-in one. */
export function renderWaitlistConfirm(
  executor: Executor,
  context: MailContext,
  entry: { id: string; name: string | null },
): Promise<RenderedProductMail> {
  const data = {
    ...(entry.name ? { name: entry.name } : {}),
    confirmUrl: confirmPageUrl(context.publicUrl, confirmToken(context.secret, entry.id)),
    manageUrl: managePageUrl(context.publicUrl, manageToken(context.secret, entry.id)),
  };
  return renderProductMail(executor, context.logger, { type: "waitlist_confirm", data });
}

/**
 * Queues a rendered mail in the caller's transaction. `idempotencyKey` tells a join's confirmation (one per
 * entry) from a resend's (one per entry and time slot, so repeated clicks queue one mail).
 */
export async function queueRendered(tx: Executor, rendered: RenderedProductMail, to: string, idempotencyKey: string): Promise<void> {
  await enqueueMail(tx, { to, ...rendered, idempotencyKey });
}
