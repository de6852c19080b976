import DataLoader from "dataloader";
import { inArray, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client.ts";
import { isDatabaseUnavailable } from "#server/db/errors.ts";
import { asError } from "#server/infra/errors.ts";
import { waitlistEntries, waitlistRankBlocks } from "#server/db/schema/index.ts";
import type { RenderedProductMail } from "#server/features/email-templates/index.ts";
import type { GeoLocation } from "#server/infra/geo.ts";
import { enqueueMails } from "#server/infra/mail/index.ts";
import { mailContext, queueWaitlistWelcome, type MailContext } from "./mails";
import { creditReferral } from "./ranks";
import type { WaitlistDeps, WaitlistJoin } from "./service";

/**
 * Any fixed number, distinct from the other advisory lock keys of the app (migrations use 7_100_100).
 * Held for the length of one batch's transaction: it turns "read max(position), insert max + 1..." into a
 * critical section, so join numbers are unique, contiguous and in join order across every connection and
 * every app instance sharing the database.
 */
export const WAITLIST_POSITION_LOCK_KEY = 7_100_201;

/** The most joins one transaction stores: a burst larger than this is stored by several, one after another. */
const MAX_BATCH = 500;

/** A join checked and prepared outside the lock: its id is drawn, its location found, its confirmation rendered. */
export type PreparedJoin = WaitlistJoin & {
  id: string;
  referrerId: string | null;
  location: GeoLocation;
  /** The double opt-in mail, or null when WAITLIST_CONFIRM is off (the welcome is then queued in the batch). */
  confirmation: RenderedProductMail | null;
};

/**
 * A stored join: a new entry with the rank it took (new entries rank last, behind everyone already on the
 * list, whose scores are all lower), or the entry the address already had (stored since the caller's check:
 * two tabs, a double click), which answers "Welcome back".
 */
export type StoredJoin =
  { created: true; id: string; rank: number; joinNumber: number; referralCode: string } | { created: false; id: string };

export type WaitlistJoins = { store(join: PreparedJoin): Promise<StoredJoin> };
type JoinsDeps = Omit<WaitlistDeps, "geo">;

/**
 * Group commit for joins. The lock above makes joins take turns, and each turn lasted a whole commit (its
 * flush to disk): 200 joins at once waited for 200 commits in a row. Joins that arrive while a batch is being
 * stored now wait together and go in the next batch, one transaction with one lock and one flush for all of
 * them. A lone join is stored at once, as before. DataLoader does the collecting; the scheduling function holds
 * the next batch back until the one in flight has committed.
 */
export function createWaitlistJoins(deps: JoinsDeps): WaitlistJoins {
  let inFlight: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<PreparedJoin, StoredJoin>(
    (joins) => {
      const stored = storeIsolated(deps, joins);
      inFlight = stored;
      return stored;
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => void inFlight.then(() => setImmediate(dispatch)),
    },
  );
  return { store: (join) => loader.load(join) };
}

/**
 * A batch whose transaction fails is stored again one join at a time, so that one join's failure (a drawn
 * referral code that collides) fails that join alone and not the people who came with it. A database that is
 * away fails the whole batch at once (each join answers 503): trying each join again would only wait longer.
 */
async function storeIsolated(deps: JoinsDeps, joins: readonly PreparedJoin[]): Promise<(StoredJoin | Error)[]> {
  try {
    return await storeBatch(deps, joins);
  } catch (error) {
    if (joins.length === 1 || isDatabaseUnavailable(error)) return joins.map(() => asError(error));
    const results: (StoredJoin | Error)[] = [];
    for (const join of joins) results.push(await storeBatch(deps, [join]).then(([stored]) => stored!, asError));
    return results;
  }
}

/**
 * Stores the joins in one transaction under the lock. Under the lock, the emails already on the list and
 * max(position) are read from committed rows only, and no other batch can take the same numbers: new entries
 * get the next numbers in arrival order, without a gap. An address twice in one batch is stored once.
 * Each new entry's mail is queued in the same transaction: the confirmation link (double opt-in), or, with
 * WAITLIST_CONFIRM off, the welcome at once, the join counting as confirmed (its referral is credited now).
 */
async function storeBatch(deps: JoinsDeps, joins: readonly PreparedJoin[]): Promise<StoredJoin[]> {
  const confirmedAtJoin = !deps.settings.confirm;
  // Read before the transaction: on the embedded database a read outside it would wait for it to end.
  const welcome = confirmedAtJoin ? await mailContext(deps) : null;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_POSITION_LOCK_KEY})`);
    const start = await listState(
      tx,
      joins.map((join) => join.email),
    );
    const idOfEmail = new Map(start.stored.map((entry) => [entry.email, entry.id]));
    const fresh: PreparedJoin[] = [];
    for (const join of joins) {
      if (idOfEmail.has(join.email)) continue;
      idOfEmail.set(join.email, join.id);
      fresh.push(join);
    }
    // The time each number was taken (now() would be the transaction's start, before the lock wait), so that
    // joined-at order and join-number order agree.
    const joinedAt = sql`clock_timestamp()`;
    const inserted =
      fresh.length === 0
        ? []
        : await tx
            .insert(waitlistEntries)
            .values(
              fresh.map((join, i) => ({
                id: join.id,
                position: start.lastNumber + i + 1,
                email: join.email,
                name: join.name,
                interests: join.interests,
                source: join.source,
                country: join.location.country,
                city: join.location.city,
                utmSource: join.utm_source,
                utmCampaign: join.utm_campaign,
                referredBy: join.referrerId,
                createdAt: joinedAt,
                ...(confirmedAtJoin ? { confirmedAt: joinedAt, ...(join.referrerId ? { referralCounted: joinedAt } : {}) } : {}),
              })),
            )
            .returning({ id: waitlistEntries.id, position: waitlistEntries.position, referralCode: waitlistEntries.referralCode });
    // Every entry already on the list scores lower than a new one, so the new ones rank last, in join order.
    const created = new Map(inserted.map((row) => [row.id, { ...row, rank: start.entries + row.position - start.lastNumber }]));
    if (welcome) await creditAndWelcome(tx, welcome, deps.settings.referralBoost, fresh);
    else
      await enqueueMails(
        tx,
        fresh.map((join) => ({ to: join.email, ...join.confirmation!, idempotencyKey: `waitlist-confirm/${join.id}` })),
      );
    return joins.map((join): StoredJoin => {
      const entry = created.get(join.id);
      if (entry) return { created: true, id: entry.id, rank: entry.rank, joinNumber: entry.position, referralCode: entry.referralCode };
      return { created: false, id: idOfEmail.get(join.email)! };
    });
  });
}

/**
 * What a batch reads under the lock, in one statement: which of its addresses are already on the list, the last
 * join number taken, and how many entries there are (the rank blocks' sum).
 */
async function listState(tx: Executor, emails: string[]) {
  const [state] = await tx
    .select({
      stored: sql<
        { id: string; email: string }[]
      >`(select coalesce(json_agg(json_build_object('id', ${waitlistEntries.id}, 'email', ${waitlistEntries.email})), '[]'::json) from ${waitlistEntries} where ${inArray(waitlistEntries.email, emails)})`,
      lastNumber: sql<number>`(select coalesce(max(${waitlistEntries.position}), 0) from ${waitlistEntries})`.mapWith(Number),
      entries: sql<number>`(select coalesce(sum(${waitlistRankBlocks.entries}), 0) from ${waitlistRankBlocks})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return state!;
}

/** WAITLIST_CONFIRM off: each join is confirmed as it is stored, so its referral counts and its welcome goes now. */
async function creditAndWelcome(tx: Executor, context: MailContext, boost: number, joins: PreparedJoin[]): Promise<void> {
  for (const join of joins) {
    if (join.referrerId) await creditReferral(tx, join.referrerId, boost);
    await queueWaitlistWelcome(tx, context, join);
  }
}
