import type { IncomingHttpHeaders } from "node:http";
import { eq, sql } from "drizzle-orm";
import {
  waitlistJoinedMessage,
  waitlistWelcomeBackMessage,
  type WaitlistJoinResult,
  type WaitlistSource,
} from "#common/waitlist/waitlist.ts";
import type { WaitlistJoinInput } from "#common/waitlist/input.ts";
import type { Database } from "#server/db/client.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import type { GeoLocation, GeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import { queueWaitlistWelcome } from "./welcome-mail";

/**
 * Any fixed number, distinct from the other advisory lock keys of the app (migrations use 7_100_100).
 * Held for the length of one join transaction: it turns "read max(position), insert max + 1" into a
 * critical section, so positions are unique, contiguous and in join order across every connection
 * and every app instance sharing the database.
 */
export const WAITLIST_POSITION_LOCK_KEY = 7_100_201;

export type WaitlistDeps = { db: Database; geo: GeoLookup; logger: Logger };

/** Who is joining, as far as the stored location needs: the client address and the request headers. */
export type WaitlistVisitor = { ip: string; headers: IncomingHttpHeaders };

/** A public join, or an operator adding someone (source "admin"), both through the same function. */
export type WaitlistJoin = Omit<WaitlistJoinInput, "source"> & { source: WaitlistSource };

type StoredPosition = { position: number; created: boolean };

/**
 * Puts the email on the waitlist at the next position, or answers "Welcome back" with the position
 * it already has. A repeat join changes nothing: not the name, interests, source, location nor time.
 */
export async function joinWaitlist(deps: WaitlistDeps, input: WaitlistJoin, visitor: WaitlistVisitor): Promise<WaitlistJoinResult> {
  // Cheap path for the common repeat: no lock, no location lookup.
  const existing = await findPosition(deps.db, input.email);
  if (existing !== null) return welcomeBack(existing);

  const location = await locate(deps, visitor);
  const stored = await insertAtNextPosition(deps, input, location);
  return stored.created
    ? { message: waitlistJoinedMessage(stored.position), position: stored.position, alreadyJoined: false }
    : welcomeBack(stored.position);
}

const welcomeBack = (position: number): WaitlistJoinResult => ({
  message: waitlistWelcomeBackMessage(position),
  position,
  alreadyJoined: true,
});

async function findPosition(db: Database, email: string): Promise<number | null> {
  const [row] = await db.select({ position: waitlistEntries.position }).from(waitlistEntries).where(eq(waitlistEntries.email, email));
  return row?.position ?? null;
}

/**
 * A new entry's welcome mail is queued in the same transaction (a "welcome back" queues none).
 * Under the advisory lock (released at commit, after the row became visible), max(position) + 1 is
 * read from committed rows only, and no other join can take the same number. The email may still have
 * been stored since the check above (two tabs, a double click): ON CONFLICT DO NOTHING then inserts
 * nothing, so no position is used up, and the row already there answers "Welcome back" instead of a 500.
 */
async function insertAtNextPosition(deps: WaitlistDeps, input: WaitlistJoin, location: GeoLocation): Promise<StoredPosition> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_POSITION_LOCK_KEY})`);
    const [next] = await tx
      .select({ position: sql<number>`coalesce(max(${waitlistEntries.position}), 0) + 1`.mapWith(Number) })
      .from(waitlistEntries);
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({
        position: next!.position,
        email: input.email,
        name: input.name,
        interests: input.interests,
        source: input.source,
        country: location.country,
        city: location.city,
        utmSource: input.utm_source,
        utmCampaign: input.utm_campaign,
        // The time the position was taken (now() would be the transaction's start, before the lock wait),
        // so that joined-at order and position order agree.
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing({ target: waitlistEntries.email })
      .returning({ id: waitlistEntries.id, position: waitlistEntries.position });
    if (inserted) {
      await queueWaitlistWelcome(tx, deps.logger, { id: inserted.id, email: input.email });
      return { position: inserted.position, created: true };
    }

    const [already] = await tx
      .select({ position: waitlistEntries.position })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.email, input.email));
    if (!already) throw new Error("waitlist insert conflicted on an email that cannot be read back");
    return { position: already.position, created: false };
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
