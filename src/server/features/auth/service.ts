import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Role, SessionUser } from "../../../common/auth";
import type { LoginInput, PasswordResetConfirmInput, PasswordResetRequestInput, SignupInput } from "../../../common/auth-input";
import { ADMIN_ROLES, RESET_LINK_VALID_MS } from "../../../common/auth";
import { hashPassword, verifyPassword } from "../../auth/passwords";
import { createSession, invalidateSession, invalidateUserSessions, type Session } from "../../auth/sessions";
import { generateToken, hashToken } from "../../auth/tokens";
import type { Database } from "../../db/client";
import { passwordResetTokens, users, type UserRow } from "../../db/schema";
import { conflict, invalid, unauthorized } from "../../infra/errors";
import { enqueueMail } from "../../infra/mail";
import type { RateLimits } from "../../infra/rate-limit";
import { isUniqueViolation } from "../../db/errors";
import { startLoginAttempt } from "./login-throttle";

export type SignedIn = { user: SessionUser; token: string; session: Session };

const toSessionUser = (row: Pick<UserRow, "id" | "email" | "name" | "role">): SessionUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists";
export const INVALID_RESET_LINK = "This reset link is invalid, used or expired. Please ask for a new one.";
export const RESET_REQUESTED = "If an account exists for that email, we sent a link to reset the password. It is valid for 1 hour.";

/** Sign-ups spend the address's "signup" budget whichever way they come (API, page script or form post). */
export async function signup(deps: { db: Database; rateLimits: RateLimits }, input: SignupInput, clientAddress: string): Promise<SignedIn> {
  const { db } = deps;
  await deps.rateLimits.consume("signup", clientAddress);
  const passwordHash = await hashPassword(input.password);
  let row: UserRow | undefined;
  try {
    [row] = await db.insert(users).values({ email: input.email, name: input.name, passwordHash }).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  const { token, session } = await createSession(db, row!.id);
  return { user: toSessionUser(row!), token, session };
}

/** `clientAddress` is the address the login budgets count failures against (login-throttle.ts). */
export async function login(deps: { db: Database; rateLimits: RateLimits }, input: LoginInput, clientAddress: string): Promise<SignedIn> {
  const attempt = await startLoginAttempt(deps.rateLimits, input.email, clientAddress);
  const [row] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const valid = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS);
  await attempt.succeeded();
  const { token, session } = await createSession(deps.db, row.id);
  return { user: toSessionUser(row), token, session };
}

/** Ends the caller's session, if there is one: logging out twice, or after the session expired, is no error. */
export async function logout(db: Database, sessionId: string | null): Promise<{ ok: true }> {
  if (sessionId) await invalidateSession(db, sessionId);
  return { ok: true };
}

/**
 * Answers the same whether or not the account exists, so the form cannot be used to probe for emails;
 * the budget per email is spent either way, so its refusal tells nothing either.
 */
export async function requestPasswordReset(
  deps: { db: Database; publicUrl: string; rateLimits: RateLimits },
  input: PasswordResetRequestInput,
  clientAddress: string,
): Promise<{ message: string }> {
  await deps.rateLimits.consume("passwordReset", clientAddress);
  await deps.rateLimits.consume("passwordResetPerEmail", input.email);
  const [row] = await deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, input.email));
  if (row) {
    const token = generateToken();
    const link = `${deps.publicUrl}/reset-password?token=${token}`;
    // The token and its mail are written together: no mail for a token that was not stored, and no stored
    // token whose mail was lost. The mail worker delivers it.
    await deps.db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({ id: hashToken(token), userId: row.id, expiresAt: new Date(Date.now() + RESET_LINK_VALID_MS) });
      await enqueueMail(tx, {
        to: input.email,
        subject: "Reset your password",
        text: `Hi ${row.name},\n\nSomeone asked to reset the password of your account. Open this link to choose a new one:\n\n${link}\n\nThe link is valid for 1 hour and works once. If you did not ask for it, ignore this email.\n`,
      });
    });
  }
  return { message: RESET_REQUESTED };
}

export async function confirmPasswordReset(
  deps: { db: Database; rateLimits: RateLimits },
  input: PasswordResetConfirmInput,
  clientAddress: string,
): Promise<{ ok: true }> {
  const { db } = deps;
  await deps.rateLimits.consume("passwordReset", clientAddress);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // Marking the token used in the same statement that checks it makes it single use under concurrency.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.id, hashToken(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw invalid(INVALID_RESET_LINK);
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    // The other links still in the mailbox would reset the new password again: they all end here, and so
    // does every session (a reset is what someone does after their account was taken over).
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    await invalidateUserSessions(tx, used.userId);
  });
  return { ok: true };
}

export type AdminAccountResult = { user: SessionUser; created: boolean };

/** Creates the account with the role, or promotes (and re-passwords) the existing one. Idempotent. */
export async function createOrPromoteAdmin(
  db: Database,
  input: { email: string; password: string; name?: string; role: Extract<Role, "admin" | "owner"> },
): Promise<AdminAccountResult> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ role: input.role, passwordHash, ...(input.name ? { name: input.name } : {}) })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: toSessionUser(row!), created: false };
  }
  const name = input.name ?? input.email.split("@")[0]!;
  const [row] = await db.insert(users).values({ email: input.email, name, role: input.role, passwordHash }).returning();
  return { user: toSessionUser(row!), created: true };
}

export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(inArray(users.role, [...ADMIN_ROLES])).limit(1);
  return Boolean(row);
}
