import { and, eq, getTableColumns, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Role, SessionUser } from "#common/auth/accounts.ts";
import type { LoginInput, PasswordResetConfirmInput, PasswordResetRequestInput, SignupInput } from "#common/auth/input.ts";
import { ADMIN_ROLES, EMAIL_VERIFICATION_VALID_MS, RESET_LINK_VALID_MS } from "#common/auth/accounts.ts";
import { hashPassword, verifyPassword } from "#server/auth/passwords.ts";
import { secondFactorColumns } from "#server/auth/second-factor-status.ts";
import { toSessionUser } from "#server/auth/session-user.ts";
import { invalidateSession, invalidateUserSessions } from "#server/auth/sessions.ts";
import { ACCOUNT_DISABLED, startSignedInSession } from "#server/auth/signed-in-session.ts";
import type { SignInClient } from "#server/auth/sign-in-client.ts";
import type { SignedIn } from "#server/auth/start-session.ts";
import type { TwoFactorRequired } from "#common/second-factors/second-factors.ts";
import { startLoginChallenge } from "#server/features/second-factors/index.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { builders, emailVerificationTokens, passwordResetTokens, users, type UserRow } from "#server/db/schema/index.ts";
import { conflict, forbidden, invalid, unauthorized } from "#server/infra/errors.ts";
import { enqueueMail } from "#server/infra/mail/index.ts";
import type { RateLimits } from "#server/infra/rate-limit.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { startLoginAttempt } from "./login-throttle";

export type { SignedIn };
export { ACCOUNT_DISABLED };

export const INVALID_CREDENTIALS = "Invalid email or password";
export const EMAIL_TAKEN = "An account with this email already exists";
export const INVALID_RESET_LINK = "This reset link is invalid, used or expired. Please ask for a new one.";
export const RESET_REQUESTED = "If an account exists for that email, we sent a link to reset the password. It is valid for 1 hour.";

export const VERIFICATION_SENT = "We sent a new confirmation link to your email address. It is valid for 24 hours.";
export const ALREADY_VERIFIED = "Your email address is already confirmed.";

/**
 * Creates a member and signs them in. The account works at once for what it owns, but its address is only
 * proven once the link mailed here is opened (verifyEmail): until then nothing keyed by the email is theirs.
 */
export async function signup(deps: { db: Database; publicUrl: string }, input: SignupInput, client?: SignInClient): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  let row: UserRow | undefined;
  try {
    // The account and its confirmation mail are written together: no account whose link was never queued.
    row = await deps.db.transaction(async (tx) => {
      const [created] = await tx.insert(users).values({ email: input.email, name: input.name, passwordHash }).returning();
      await queueVerificationMail(tx, deps.publicUrl, created!, "signup");
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  return startSignedInSession(deps, row!, client);
}

/** Stores a new confirmation link (hashed, valid 24 hours, single use) and queues its mail, on the caller's transaction. */
async function queueVerificationMail(
  tx: Executor,
  publicUrl: string,
  user: Pick<UserRow, "id" | "email" | "name">,
  reason: "signup" | "resend",
): Promise<void> {
  const token = generateToken();
  const link = `${publicUrl}/verify-email?token=${token}`;
  await tx.insert(emailVerificationTokens).values({
    id: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_VALID_MS),
  });
  const opening =
    reason === "signup"
      ? "Welcome to The $100 Lab! Please confirm that this is your email address by opening this link:"
      : "Here is a new link to confirm your email address:";
  await enqueueMail(tx, {
    to: user.email,
    subject: "Confirm your email address",
    text: `Hi ${user.name},\n\n${opening}\n\n${link}\n\nThe link is valid for 24 hours and works once. If you did not create an account, ignore this email.\n`,
  });
}

/**
 * Opens a confirmation link: the account's address is proven, and so is a builder profile with that address.
 * Single use: the check and the marking are one statement, so two clicks at once cannot both succeed. A link
 * proves only the address it was mailed to.
 */
export async function verifyEmail(db: Database, token: string): Promise<{ ok: boolean }> {
  if (!token || token.length > 200) return { ok: false };
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.id, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId, email: emailVerificationTokens.email });
    if (!used) return { ok: false };
    const [user] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id });
    if (!user) return { ok: false };
    // The other links in the mailbox have nothing left to prove.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerificationTokens.userId, used.userId), isNull(emailVerificationTokens.usedAt)));
    await tx
      .update(builders)
      .set({ emailConfirmedAt: sql`now()` })
      .where(and(eq(builders.email, used.email), isNull(builders.emailConfirmedAt)));
    return { ok: true };
  });
}

/**
 * A new confirmation link for a signed-in account whose address is not proven yet. The one definition both
 * transports call: it spends the budgets (per account, and per client address) itself.
 */
export async function resendEmailVerification(
  deps: { db: Database; publicUrl: string; rateLimits: RateLimits },
  userId: string,
  clientAddress: string,
): Promise<{ message: string; emailVerified: boolean }> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  if (row.emailVerifiedAt) return { message: ALREADY_VERIFIED, emailVerified: true };
  await deps.rateLimits.consume("emailVerificationResend", userId);
  await deps.rateLimits.consume("emailVerificationResendPerAddress", clientAddress);
  await deps.db.transaction((tx) => queueVerificationMail(tx, deps.publicUrl, row, "resend"));
  return { message: VERIFICATION_SENT, emailVerified: false };
}

/**
 * `clientAddress` is the address the login budgets count failures against (login-throttle.ts); `client` the
 * browser and place the session remembers. A disabled account is told so only after its password proved right,
 * so the message tells a guesser nothing. An account with two-factor codes answers a challenge instead.
 */
export async function login(
  deps: { db: Database; rateLimits: RateLimits; publicUrl: string },
  input: LoginInput,
  clientAddress: string,
  client?: SignInClient,
): Promise<SignedIn | TwoFactorRequired> {
  const attempt = await startLoginAttempt(deps.rateLimits, input.email, clientAddress);
  const [row] = await deps.db
    .select({ ...getTableColumns(users), twoFactorCodes: secondFactorColumns.twoFactorCodes })
    .from(users)
    .where(eq(users.email, input.email));
  const valid = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS);
  // Refunding the failure budgets runs beside what follows: under load each round trip waits its turn.
  const succeeded = attempt.succeeded();
  if (row.disabledAt) {
    await succeeded;
    throw forbidden(ACCOUNT_DISABLED);
  }
  // Two-factor codes: no session for the password alone, the challenge of the code step (login/2fa) instead.
  const [, outcome] = await Promise.all([
    succeeded,
    row.twoFactorCodes ? startLoginChallenge(deps.db, row.id) : startSignedInSession(deps, row, client),
  ]);
  return outcome;
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
): Promise<{ message: string }> {
  await deps.rateLimits.consume("passwordResetPerEmail", input.email);
  const [row] = await deps.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, input.email));
  if (row) {
    const token = generateToken();
    const link = `${deps.publicUrl}/reset-password?token=${token}`;
    // The token and its mail are written together: no mail for a token that was not stored, and no stored
    // token whose mail was lost. The mail worker delivers it.
    await deps.db.transaction(async (tx) => {
      await tx
        .insert(passwordResetTokens)
        .values({ id: hashToken(token), userId: row.id, expiresAt: new Date(Date.now() + RESET_LINK_VALID_MS) });
      await enqueueMail(tx, {
        to: input.email,
        subject: "Reset your password",
        text: `Hi ${row.name},\n\nSomeone asked to reset the password of your account. Open this link to choose a new one:\n\n${link}\n\nThe link is valid for 1 hour and works once. If you did not ask for it, ignore this email.\n`,
      });
    });
  }
  return { message: RESET_REQUESTED };
}

export async function confirmPasswordReset(deps: { db: Database }, input: PasswordResetConfirmInput): Promise<{ ok: true }> {
  const { db } = deps;
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

/**
 * Creates the account with the role, or promotes (and re-passwords) the existing one. Idempotent. The operator
 * running it vouches for the address: the account counts as verified.
 */
export async function createOrPromoteAdmin(
  db: Database,
  input: { email: string; password: string; name?: string; role: Extract<Role, "admin" | "owner"> },
): Promise<AdminAccountResult> {
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(users).where(eq(users.email, input.email));
  if (existing) {
    const [row] = await db
      .update(users)
      .set({
        role: input.role,
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        ...(input.name ? { name: input.name } : {}),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return { user: toSessionUser(row!), created: false };
  }
  const name = input.name ?? input.email.split("@")[0]!;
  const [row] = await db
    .insert(users)
    .values({ email: input.email, name, role: input.role, passwordHash, emailVerifiedAt: sql`now()` })
    .returning();
  return { user: toSessionUser(row!), created: true };
}

export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...ADMIN_ROLES]))
    .limit(1);
  return Boolean(row);
}
