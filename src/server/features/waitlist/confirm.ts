import { and, eq, isNull, sql } from "drizzle-orm";
import {
  CONFIRM_LINK_EXPIRED,
  CONFIRM_LINK_INVALID,
  CONFIRM_LINK_USED,
  CONFIRM_RESENT_MESSAGE,
  type WaitlistConfirmResult,
} from "#common/waitlist/waitlist.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { invalid } from "#server/infra/errors.ts";
import { checkConfirmToken } from "./links";
import { mailContext, queueRendered, queueWaitlistWelcome, renderWaitlistConfirm } from "./mails";
import { creditReferral } from "./ranks";
import { answerForEntry, type WaitlistDeps } from "./service";

/** A resend queues at most one mail per entry in each slot of this many minutes, however often it is asked. */
const RESEND_SLOT_MINUTES = 5;

type ConfirmDeps = Omit<WaitlistDeps, "geo">;

/**
 * Confirms the address of a mailed link: once (a second use is refused, saying the address is confirmed), within
 * 7 days. In the same transaction the entry's referral is credited to its referrer (a referral counts only once
 * the referred person proved their address) and the welcome mail is queued.
 */
export async function confirmByToken(deps: ConfirmDeps, token: string, now = new Date()): Promise<WaitlistConfirmResult> {
  const context = await mailContext(deps);
  const checked = checkConfirmToken(context.secret, token, now);
  if (!checked.ok) throw invalid(checked.reason === "expired" ? CONFIRM_LINK_EXPIRED : CONFIRM_LINK_INVALID);

  await deps.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(waitlistEntries)
      .set({ confirmedAt: sql`now()`, referralCounted: sql`case when ${waitlistEntries.referredBy} is null then null else now() end` })
      .where(and(eq(waitlistEntries.id, checked.entryId), isNull(waitlistEntries.confirmedAt)))
      .returning({ id: waitlistEntries.id, email: waitlistEntries.email, referredBy: waitlistEntries.referredBy });
    if (!confirmed) {
      const [entry] = await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.id, checked.entryId));
      // A deleted entry's link names no one any more: not valid, rather than "used".
      throw invalid(entry ? CONFIRM_LINK_USED : CONFIRM_LINK_INVALID);
    }
    await queueWaitlistWelcome(tx, context, confirmed);
    // The credit comes last: it locks the referrer's row and its rank blocks, which every confirmation of a
    // referral through the same blocks waits for until this commit. (The welcome's rank does not depend on it:
    // the referrer joined first, so it is already ahead.)
    if (confirmed.referredBy) await creditReferral(tx, confirmed.referredBy, deps.settings.referralBoost);
  });

  const joined = await answerForEntry(deps, checked.entryId);
  return { confirmed: true, position: joined.position, referralUrl: joined.referralUrl, referrals: joined.referrals };
}

/**
 * The success card's "Resend the link": a new confirmation mail for an entry still waiting for one. The answer
 * is the same whatever the address, and a slot key keeps repeated clicks to one mail per few minutes (the
 * address's rate limit bounds the rest).
 */
export async function resendConfirmation(deps: ConfirmDeps, email: string, now = new Date()): Promise<{ message: string }> {
  if (!deps.settings.confirm) return { message: CONFIRM_RESENT_MESSAGE };
  const [entry] = await deps.db
    .select({ id: waitlistEntries.id, email: waitlistEntries.email, name: waitlistEntries.name })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.email, email), isNull(waitlistEntries.confirmedAt)));
  if (entry) {
    const context = await mailContext(deps);
    const slot = Math.floor(now.getTime() / (RESEND_SLOT_MINUTES * 60_000));
    const rendered = await renderWaitlistConfirm(deps.db, context, entry);
    await queueRendered(deps.db, rendered, entry.email, `waitlist-confirm/${entry.id}/resend/${slot}`);
  }
  return { message: CONFIRM_RESENT_MESSAGE };
}
