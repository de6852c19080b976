import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { eq, sql } from "drizzle-orm";
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
import type { Database, Executor } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { isDisposableEmail, normalisedEmail } from "#server/infra/disposable-email.ts";
import { invalid } from "#server/infra/errors.ts";
import type { GeoLocation, GeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import { queueRendered, queueWaitlistWelcome, renderWaitlistConfirm, type MailContext } from "./mails";
import { creditReferral, rankKeyColumns, rankOfKey } from "./ranks";
import { unsubscribeSecret } from "./unsubscribe";

/**
 * Any fixed number, distinct from the other advisory lock keys of the app (migrations use 7_100_100).
 * Held for the length of one join transaction: it turns "read max(position), insert max + 1" into a
 * critical section, so join numbers are unique, contiguous and in join order across every connection
 * and every app instance sharing the database.
 */
export const WAITLIST_POSITION_LOCK_KEY = 7_100_201;

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

export const mailContext = async (deps: Omit<WaitlistDeps, "geo">): Promise<MailContext> => ({
  logger: deps.logger,
  publicUrl: deps.publicUrl,
  secret: await unsubscribeSecret(deps.db, deps.configuredSecret),
});

/**
 * Puts the email on the waitlist with the next join number, or answers "Welcome back" with the rank it has
 * now. A repeat join changes nothing: not the name, interests, source, referrer, location nor time.
 * A disposable address is refused (WAITLIST_BLOCK_DISPOSABLE); one already on the list is welcomed back.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: WaitlistJoin, visitor: WaitlistVisitor): Promise<WaitlistJoinResult> {
  // Cheap path for the common repeat: no lock, no location lookup.
  const existing = await findEntryId(deps.db, input.email);
  if (existing !== null) return answer(deps, existing, true);
  if (deps.settings.blockDisposable && isDisposableEmail(input.email)) throw invalid(DISPOSABLE_EMAIL_REFUSED);

  const [location, referrerId, context] = await Promise.all([locate(deps, visitor), creditableReferrer(deps, input), mailContext(deps)]);
  const stored = await insertWithNextNumber(deps, context, { ...input, referrerId }, location);
  return answer(deps, stored.id, !stored.created);
}

async function findEntryId(db: Executor, email: string): Promise<string | null> {
  const [row] = await db.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.email, email));
  return row?.id ?? null;
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

/** A join's answer, on REST, tRPC and the scriptless form alike: the entry's current rank and referral link. */
export async function answer(
  deps: Pick<WaitlistDeps, "db" | "publicUrl">,
  entryId: string,
  alreadyJoined: boolean,
): Promise<WaitlistJoinResult> {
  const [row] = await deps.db
    .select({ ...rankKeyColumns, referralCode: waitlistEntries.referralCode, confirmedAt: waitlistEntries.confirmedAt })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId));
  if (!row) throw new Error("waitlist entry vanished while answering its join");
  const position = await rankOfKey(deps.db, row);
  const joinNumber = row.position;
  return {
    message: !alreadyJoined
      ? waitlistJoinedMessage(position)
      : movedUp({ position, joinNumber })
        ? waitlistMovedUpMessage(position, joinNumber)
        : waitlistWelcomeBackMessage(position),
    position,
    joinNumber,
    alreadyJoined,
    referralCode: row.referralCode,
    referralUrl: referralUrlOf(deps.publicUrl, row.referralCode),
    referrals: row.referralCount,
    confirmed: row.confirmedAt !== null,
  };
}

/**
 * A new entry's mail is queued in the same transaction: the confirmation link (double opt-in), or, with
 * WAITLIST_CONFIRM off, the welcome at once, the join counting as confirmed (its referral is credited now).
 * The confirmation is rendered before the lock (the entry's id is drawn here, for its link), so the lock is
 * held for two inserts, not for a template render: joins queue behind it one at a time.
 * Under the advisory lock (released at commit, after the row became visible), max(position) + 1 is read from
 * committed rows only, and no other join can take the same number. The email may still have been stored since
 * the check above (two tabs, a double click): ON CONFLICT DO NOTHING then inserts nothing, so no number is
 * used up, and the row already there answers "Welcome back" instead of a 500.
 */
async function insertWithNextNumber(
  deps: WaitlistDeps,
  context: MailContext,
  input: WaitlistJoin & { referrerId: string | null },
  location: GeoLocation,
): Promise<{ id: string; created: boolean }> {
  const confirmedAtJoin = !deps.settings.confirm;
  const id = randomUUID();
  const confirmation = confirmedAtJoin ? null : await renderWaitlistConfirm(deps.db, context, { id, name: input.name });
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_POSITION_LOCK_KEY})`);
    const [next] = await tx
      .select({ position: sql<number>`coalesce(max(${waitlistEntries.position}), 0) + 1`.mapWith(Number) })
      .from(waitlistEntries);
    // The time the number was taken (now() would be the transaction's start, before the lock wait), so that
    // joined-at order and join-number order agree.
    const joinedAt = sql`clock_timestamp()`;
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({
        id,
        position: next!.position,
        email: input.email,
        name: input.name,
        interests: input.interests,
        source: input.source,
        country: location.country,
        city: location.city,
        utmSource: input.utm_source,
        utmCampaign: input.utm_campaign,
        referredBy: input.referrerId,
        createdAt: joinedAt,
        ...(confirmedAtJoin ? { confirmedAt: joinedAt, ...(input.referrerId ? { referralCounted: joinedAt } : {}) } : {}),
      })
      .onConflictDoNothing({ target: waitlistEntries.email })
      .returning({ id: waitlistEntries.id });
    if (!inserted) {
      const already = await findEntryId(tx, input.email);
      if (!already) throw new Error("waitlist insert conflicted on an email that cannot be read back");
      return { id: already, created: false };
    }
    const entry = { id: inserted.id, email: input.email, name: input.name };
    if (confirmation) {
      await queueRendered(tx, confirmation, entry.email, `waitlist-confirm/${entry.id}`);
    } else {
      if (input.referrerId) await creditReferral(tx, input.referrerId, deps.settings.referralBoost);
      await queueWaitlistWelcome(tx, context, entry);
    }
    return { id: inserted.id, created: true };
  });
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
