import { eq } from "drizzle-orm";
import { MANAGE_LINK_INVALID, referralUrlOf, type WaitlistMyData } from "#common/waitlist/waitlist.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { invalid } from "#server/infra/errors.ts";
import { entryIdOfManageToken } from "./links";
import { mailContext } from "./mails";
import { entryRank, rankedEntry } from "./ranks";
import type { WaitlistDeps } from "./service";
import { unsubscribePageUrl, unsubscribeToken } from "./unsubscribe";

/*
 * Data rights without an account: the "Manage your data" link of every waitlist mail names one entry, signed
 * (links.ts), and lets its person see everything stored about them, download it, unsubscribe and erase it. A
 * forged token and the token of an entry deleted since are refused alike: neither names anyone any more.
 */

type ManageDeps = Omit<WaitlistDeps, "geo">;

async function entryIdOf(deps: ManageDeps, token: string): Promise<{ entryId: string; secret: string }> {
  const { secret } = await mailContext(deps);
  const entryId = entryIdOfManageToken(secret, token);
  if (!entryId) throw invalid(MANAGE_LINK_INVALID);
  return { entryId, secret };
}

/** Every stored field of the token's entry, with its current place on the list. */
export async function myWaitlistData(deps: ManageDeps, token: string): Promise<WaitlistMyData> {
  const { entryId, secret } = await entryIdOf(deps, token);
  const [row] = await deps.db.select({ entry: rankedEntry, rank: entryRank }).from(rankedEntry).where(eq(rankedEntry.id, entryId));
  if (!row) throw invalid(MANAGE_LINK_INVALID);
  const { entry } = row;
  return {
    email: entry.email,
    name: entry.name,
    interests: entry.interests,
    country: entry.country,
    city: entry.city,
    source: entry.source,
    utmSource: entry.utmSource,
    utmCampaign: entry.utmCampaign,
    joinedAt: entry.createdAt.toISOString(),
    joinNumber: entry.position,
    position: row.rank,
    confirmedAt: entry.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: entry.unsubscribedAt?.toISOString() ?? null,
    referralCode: entry.referralCode,
    referralUrl: referralUrlOf(deps.publicUrl, entry.referralCode),
    referrals: entry.referralCount,
    joinedThroughReferral: entry.referredBy !== null,
    unsubscribeUrl: unsubscribePageUrl(deps.publicUrl, unsubscribeToken(secret, entry.id)),
  };
}

/**
 * "Delete me": erases the entry. Referral credit it already gave its referrer stays (a stored counter); the
 * referrer's referred people are the rows naming them, so this person is no longer among them.
 */
export async function deleteMyWaitlistEntry(deps: ManageDeps, token: string): Promise<{ deleted: true }> {
  const { entryId } = await entryIdOf(deps, token);
  const [deleted] = await deps.db.delete(waitlistEntries).where(eq(waitlistEntries.id, entryId)).returning({ id: waitlistEntries.id });
  if (!deleted) throw invalid(MANAGE_LINK_INVALID);
  return { deleted: true };
}
