import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { EMAIL_CHANGE_CONFIRM_PATH, EMAIL_CHANGE_VALID_MS } from "#common/account/account.ts";
import type { AccountRenameInput, EmailChangeInput, PasswordChangeInput } from "#common/account/input.ts";
import type { SessionUser } from "#common/auth/accounts.ts";
import { hashPassword, verifyPassword } from "#server/auth/passwords.ts";
import { invalidateUserSessions } from "#server/auth/sessions.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Database } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { emailChangeTokens, passwordResetTokens, users, type UserRow } from "#server/db/schema/index.ts";
import { conflict, invalid, rateLimited, unauthorized } from "#server/infra/errors.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import { RATE_LIMIT_BUDGETS, retryAfterSeconds, type RateLimits } from "#server/infra/rate-limit.ts";

/** What the account's own changes need: the database, and the budgets that guard them. */
export type AccountDeps = { db: Database; rateLimits: RateLimits };

export const WRONG_PASSWORD = "Your current password is not correct";
export const EMAIL_IN_USE = "An account with this email already exists";
export const SAME_EMAIL = "This is already your email address";
export const EMAIL_CHANGE_SENT = "We sent a confirmation link to your new address. Your email changes once you open it (valid 24 hours).";

const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  emailVerified: row.emailVerifiedAt !== null,
});

/**
 * The account's row, once a proof of its holder (the password, a passkey) came right. A wrong proof is bad input
 * (400), not a lost session (401): the page keeps its signed-in state and shows the message. Past the account's
 * budget of wrong proofs any proof is refused (429), as sign-in does: every try is counted before the check, and a
 * right one gives its count back. Password and passkey share one budget, so neither way adds guesses to the other.
 */
export async function provenAccount(deps: AccountDeps, userId: string, prove: (row: UserRow) => Promise<void>): Promise<UserRow> {
  const tries = await deps.rateLimits.count("accountPasswordFailures", userId);
  if (tries.consumed > RATE_LIMIT_BUDGETS.accountPasswordFailures.points)
    throw rateLimited(
      `Too many wrong passwords. Please try again in ${Math.ceil(tries.msBeforeReset / 60_000)} minutes.`,
      retryAfterSeconds(tries.msBeforeReset),
    );
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  await prove(row);
  await deps.rateLimits.refund("accountPasswordFailures", userId);
  return row;
}

export const accountWithPassword = (deps: AccountDeps, userId: string, password: string): Promise<UserRow> =>
  provenAccount(deps, userId, async (row) => {
    if (!(await verifyPassword(row.passwordHash, password))) throw invalid(WRONG_PASSWORD);
  });

export async function renameAccount(db: Database, userId: string, input: AccountRenameInput): Promise<{ user: SessionUser }> {
  const [row] = await db.update(users).set({ name: input.name }).where(eq(users.id, userId)).returning();
  if (!row) throw unauthorized();
  return { user: toSessionUser(row) };
}

/**
 * A new password, proven by the current one. Every other session ends (whoever else holds one signed in with the
 * old password), and so does every pending reset link; the caller's session stays.
 */
export async function changePassword(
  deps: AccountDeps,
  owner: { userId: string; sessionId: string },
  input: PasswordChangeInput,
): Promise<{ ok: true; endedSessions: number }> {
  const { db } = deps;
  await accountWithPassword(deps, owner.userId, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessions = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, owner.userId));
    return invalidateUserSessions(tx, owner.userId, owner.sessionId);
  });
  return { ok: true, endedSessions };
}

/**
 * Asks to move the account to another address, proven by the current password: a single-use link (stored hashed,
 * valid 24 hours) is mailed to the new address, through the mail queue in the same transaction. Nothing changes
 * until it is opened.
 */
export async function requestEmailChange(
  deps: AccountDeps & { publicUrl: string },
  userId: string,
  input: EmailChangeInput,
): Promise<{ message: string }> {
  const row = await accountWithPassword(deps, userId, input.currentPassword);
  if (row.email === input.email) throw invalid(SAME_EMAIL);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(EMAIL_IN_USE);
  await deps.rateLimits.consume("emailChangeMail", userId);
  const token = generateToken();
  const link = `${deps.publicUrl}${EMAIL_CHANGE_CONFIRM_PATH}?token=${token}`;
  await deps.db.transaction(async (tx) => {
    // An earlier request's link would otherwise still work: only the newest one does.
    await tx
      .update(emailChangeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailChangeTokens.userId, userId), isNull(emailChangeTokens.usedAt)));
    await tx.insert(emailChangeTokens).values({
      id: hashToken(token),
      userId,
      newEmail: input.email,
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_VALID_MS),
    });
    await enqueueMail(tx, {
      to: input.email,
      subject: "Confirm your new email address",
      text: `Hi ${row.name},\n\nYou asked to use this address for your account at The $100 Lab. Open this link to confirm it:\n\n${link}\n\nThe link is valid for 24 hours and works once. If you did not ask for it, ignore this email: nothing changes.\n`,
    });
  });
  return { message: EMAIL_CHANGE_SENT };
}

/**
 * Opens an email change link: the account moves to the new address, which is proven by the opening, and the old
 * address is told (with the new one, so its owner can act if it was not them). Single use: the check and the
 * marking are one statement. An address another account took meanwhile refuses the link.
 */
export async function confirmEmailChange(db: Database, token: string): Promise<{ ok: boolean }> {
  if (!token || token.length > 200) return { ok: false };
  try {
    return await db.transaction(async (tx) => {
      const [used] = await tx
        .update(emailChangeTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(emailChangeTokens.id, hashToken(token)), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, new Date())),
        )
        .returning({ userId: emailChangeTokens.userId, newEmail: emailChangeTokens.newEmail });
      if (!used) return { ok: false };
      const [before] = await tx.select().from(users).where(eq(users.id, used.userId));
      if (!before) return { ok: false };
      await tx
        .update(users)
        .set({ email: used.newEmail, emailVerifiedAt: sql`now()` })
        .where(eq(users.id, used.userId));
      // Reset links mailed to the old address must not reach the account any more.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
      await enqueueMail(tx, {
        to: before.email,
        subject: "Your email address was changed",
        text: `Hi ${before.name},\n\nThe email address of your account at The $100 Lab was changed from this one to ${used.newEmail}.\n\nIf you did not do this, reply to this email at once to reach the site's administrators: whoever changed it knew your password.\n`,
      });
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false };
    throw error;
  }
}
