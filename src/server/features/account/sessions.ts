import { and, desc, eq, gt } from "drizzle-orm";
import type { AccountSession } from "#common/account/account.ts";
import { invalidateUserSessions } from "#server/auth/sessions.ts";
import { describeUserAgent } from "#server/auth/sign-in-devices.ts";
import type { Database } from "#server/db/client.ts";
import { sessions } from "#server/db/schema/index.ts";
import { notFound } from "#server/infra/errors.ts";

export const SESSION_NOT_FOUND = "Session not found: it may have ended already";

/** Who asks: the account and the session the request came with. */
export type SessionOwner = { userId: string; sessionId: string };

/** The account's live sessions, the caller's first, then the most recently seen. */
export async function listAccountSessions(db: Database, owner: SessionOwner, now = new Date()): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, owner.userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows
    .map((row) => ({
      id: row.id,
      current: row.id === owner.sessionId,
      ...describeUserAgent(row.userAgent),
      place: row.place,
      lastSeenAt: row.lastSeenAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the account's sessions (its own included: that is signing out). Sessions are read from the database
 * on every request, so the ended one is refused at once, on every instance. Another account's session id is
 * "not found", like one that does not exist.
 */
export async function endAccountSession(db: Database, owner: SessionOwner, id: string): Promise<{ ok: true; current: boolean }> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, owner.userId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound(SESSION_NOT_FOUND);
  return { ok: true, current: id === owner.sessionId };
}

/** Ends every session of the account but the caller's. */
export async function endOtherAccountSessions(db: Database, owner: SessionOwner): Promise<{ ended: number }> {
  return { ended: await invalidateUserSessions(db, owner.userId, owner.sessionId) };
}
