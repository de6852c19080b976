import { eq } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema/index.ts";
import { generateToken, hashToken } from "./tokens";

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type Session = { id: string; userId: string; expiresAt: Date };
export type SessionValidation = { session: Session; user: SessionUser; renewed: boolean };

export async function createSession(db: Database, userId: string): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const session: Session = { id: hashToken(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) };
  await db.insert(sessions).values(session);
  return { token, session };
}

/** Looks a token up; an expired session is deleted, one past half its life slides forward 30 days. */
export async function validateSessionToken(db: Database, token: string): Promise<SessionValidation | null> {
  const sessionId = hashToken(token);
  const [row] = await db
    .select({
      session: { id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt },
      user: { id: users.id, email: users.email, name: users.name, role: users.role, emailVerifiedAt: users.emailVerifiedAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId));
  if (!row) return null;
  const now = Date.now();
  if (now >= row.session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  let renewed = false;
  if (now >= row.session.expiresAt.getTime() - SESSION_LIFETIME_MS / 2) {
    row.session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: row.session.expiresAt }).where(eq(sessions.id, sessionId));
    renewed = true;
  }
  const { emailVerifiedAt, ...user } = row.user;
  return { session: row.session, user: { ...user, emailVerified: emailVerifiedAt !== null }, renewed };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
