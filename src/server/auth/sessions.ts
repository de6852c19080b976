import { and, eq, isNull, ne } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema/index.ts";
import type { SignInClient } from "./sign-in-client";
import { generateToken, hashToken } from "./tokens";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * How stale a session's "last seen" may get: a request moves it forward only when it is older than this, so a busy
 * session costs one write every few minutes instead of one per request.
 */
export const SESSION_SEEN_PRECISION_MS = 5 * 60 * 1000;

export type Session = { id: string; userId: string; expiresAt: Date };
export type SessionValidation = { session: Session; user: SessionUser; renewed: boolean };

const NO_CLIENT: SignInClient = { userAgent: null, place: null };

/** `db` may carry a CTE for the insert to run with (`db.with(...)`): one statement, no transaction. */
export async function createSession(
  db: Pick<Executor, "insert">,
  userId: string,
  client: SignInClient = NO_CLIENT,
): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const session: Session = { id: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) };
  await db.insert(sessions).values({ ...session, ...client });
  return { token, session };
}

/**
 * Looks a token up, in the database on every request (no instance caches sessions, so an ended session or a
 * disabled account is refused at once everywhere). An expired session is deleted, one past half its life slides
 * forward 30 days; a disabled account's session counts as none.
 */
export async function validateSessionToken(db: Database, token: string): Promise<SessionValidation | null> {
  const sessionId = hashToken(token);
  const [row] = await db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
      user: { id: users.id, email: users.email, name: users.name, role: users.role, emailVerifiedAt: users.emailVerifiedAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(users.disabledAt)));
  if (!row) return null;
  const now = Date.now();
  if (now >= row.session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const { lastSeenAt, ...session } = row.session;
  const renewed = now >= session.expiresAt.getTime() - SESSION_LIFETIME_MS / 2;
  if (renewed) session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
  if (renewed || now - lastSeenAt.getTime() >= SESSION_SEEN_PRECISION_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: session.expiresAt, lastSeenAt: new Date(now) })
      .where(eq(sessions.id, sessionId));
  }
  const { emailVerifiedAt, ...user } = row.user;
  return { session, user: { ...user, emailVerified: emailVerifiedAt !== null }, renewed };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the account, or every one but `exceptSessionId` (the caller's own). */
export async function invalidateUserSessions(db: Executor, userId: string, exceptSessionId?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .returning({ id: sessions.id });
  return ended.length;
}
