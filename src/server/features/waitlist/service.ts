import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { eq, type SQL } from "drizzle-orm";
import {
  DISPOSABLE_EMAIL_REFUSED,
  referralUrlOf,
  waitlistJoinedMessage,
  movedUp,
  waitlistMovedUpMessage,
  waitlistWelcomeBackMessage,
  type WaitlistJoinResult,
  type WaitlistSource,
} from "#common/waitlist/waitlist.ts";
import type { WaitlistJoinInput } from "#common/waitlist/input.ts";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { isDisposableEmail, normalisedEmail } from "#server/infra/disposable-email.ts";
import { invalid } from "#server/infra/errors.ts";
import type { GeoLocation, GeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import type { WaitlistJoins } from "./join-batches";
import { mailContext, renderWaitlistConfirm } from "./mails";
import { entryRank, rankedEntry } from "./ranks";

export type WaitlistDeps = {
  db: Database;
  geo: GeoLookup;
  logger: Logger;
  publicUrl: string;
  /** UNSUBSCRIBE_SECRET, or undefined for the one stored in the database: it signs every waitlist link. */
  configuredSecret: string | undefined;
  settings: Config["waitlist"];
};

/** Who is joining, as far as the stored location needs: the client address and the request headers. */
export type WaitlistVisitor = { ip: string; headers: IncomingHttpHeaders };

/** A public join, or an operator adding someone (source "admin"), both through the same function. */
export type WaitlistJoin = Omit<WaitlistJoinInput, "source" | "ref"> & { source: WaitlistSource; ref?: string | null };

/**
 * Puts the email on the waitlist with the next join number, or answers "Welcome back" with the rank it has
 * now. A repeat join changes nothing: not the name, interests, source, referrer, location nor time.
 * A disposable address is refused (WAITLIST_BLOCK_DISPOSABLE); one already on the list is welcomed back.
 */
export async function joinWaitlist(
  deps: WaitlistDeps & { joins: WaitlistJoins },
  input: WaitlistJoin,
  visitor: WaitlistVisitor,
): Promise<WaitlistJoinResult> {
  // Cheap path for the common repeat: one statement, no lock, no location lookup.
  const existing = await readAnswer(deps, eq(rankedEntry.email, input.email));
  if (existing) return existing;
  if (deps.settings.blockDisposable && isDisposableEmail(input.email)) throw invalid(DISPOSABLE_EMAIL_REFUSED);

  // The entry's id is drawn here, for its confirmation link: the mail is rendered before the join waits for
  // its turn to be numbered, not while other joins wait behind it.
  const id = randomUUID();
  const [location, referrerId, confirmation] = await Promise.all([
    locate(deps, visitor),
    creditableReferrer(deps, input),
    deps.settings.confirm ? mailContext(deps).then((context) => renderWaitlistConfirm(deps.db, context, { id, name: input.name })) : null,
  ]);
  const stored = await deps.joins.store({ ...input, id, referrerId, location, confirmation });
  if (!stored.created) return answerForEntry(deps, stored.id);
  return resultOf(
    deps.publicUrl,
    { ...stored, position: stored.joinNumber, referralCount: 0, confirmed: !deps.settings.confirm },
    { rank: stored.rank, alreadyJoined: false },
  );
}

/**
 * The entry whose code `ref` is, when a referral from it can earn credit: an unknown code is ignored, and so
 * is the person referring themselves (the same address once normalised: plus-tags, Gmail dots) or a
 * referrer on a disposable domain (a farm of throwaway entries must not climb).
 */
async function creditableReferrer(deps: WaitlistDeps, input: WaitlistJoin): Promise<string | null> {
  if (!input.ref) return null;
  const [referrer] = await deps.db
    .select({ id: waitlistEntries.id, email: waitlistEntries.email })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.referralCode, input.ref));
  if (!referrer) return null;
  if (normalisedEmail(referrer.email) === normalisedEmail(input.email)) return null;
  if (isDisposableEmail(referrer.email)) return null;
  return referrer.id;
}

/**
 * The answer for an entry already on the list (a repeat join, a confirmation), on REST, tRPC and the scriptless
 * form alike: its current rank and referral link.
 */
export async function answerForEntry(deps: Pick<WaitlistDeps, "db" | "publicUrl">, entryId: string): Promise<WaitlistJoinResult> {
  const result = await readAnswer(deps, eq(rankedEntry.id, entryId));
  if (!result) throw new Error("waitlist entry vanished while answering its join");
  return result;
}

/** The answer for the stored entry `where` picks (a condition on rankedEntry), read in one statement; null if none. */
async function readAnswer(deps: Pick<WaitlistDeps, "db" | "publicUrl">, where: SQL): Promise<WaitlistJoinResult | null> {
  const [row] = await deps.db
    .select({
      rank: entryRank,
      position: rankedEntry.position,
      referralCode: rankedEntry.referralCode,
      referralCount: rankedEntry.referralCount,
      confirmedAt: rankedEntry.confirmedAt,
    })
    .from(rankedEntry)
    .where(where);
  return row ? resultOf(deps.publicUrl, { ...row, confirmed: row.confirmedAt !== null }, { rank: row.rank, alreadyJoined: true }) : null;
}

function resultOf(
  publicUrl: string,
  entry: { position: number; referralCode: string; referralCount: number; confirmed: boolean },
  { rank, alreadyJoined }: { rank: number; alreadyJoined: boolean },
): WaitlistJoinResult {
  const joinNumber = entry.position;
  return {
    message: !alreadyJoined
      ? waitlistJoinedMessage(rank)
      : movedUp({ position: rank, joinNumber })
        ? waitlistMovedUpMessage(rank, joinNumber)
        : waitlistWelcomeBackMessage(rank),
    position: rank,
    joinNumber,
    alreadyJoined,
    referralCode: entry.referralCode,
    referralUrl: referralUrlOf(publicUrl, entry.referralCode),
    referrals: entry.referralCount,
    confirmed: entry.confirmed,
  };
}

/** The location is a nice-to-have: a failed lookup stores no country rather than losing the signup. */
async function locate(deps: WaitlistDeps, visitor: WaitlistVisitor): Promise<GeoLocation> {
  try {
    return await deps.geo.locate(visitor.ip, visitor.headers);
  } catch (error) {
    deps.logger.warn({ err: error }, "waitlist: location lookup failed; storing the entry without one");
    return { country: null, region: null, city: null, timezone: null };
  }
}
