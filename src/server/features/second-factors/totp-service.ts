import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { TotpCodeInput, TotpDisableInput } from "#common/second-factors/input.ts";
import { verifyPassword } from "#server/auth/passwords.ts";
import type { Database } from "#server/db/client.ts";
import { recoveryCodes, totpCredentials, users } from "#server/db/schema/index.ts";
import { conflict, invalid, unauthorized } from "#server/infra/errors.ts";
import { checkSecondFactorCode, REPLAYED_CODE, WRONG_CODE, type CodeDeps } from "./code-check";
import { replaceRecoveryCodes } from "./recovery-codes";
import { enrolmentOf, newTotpSecret, totpStepOf } from "./totp";

export const TOTP_ALREADY_ON = "Two-factor codes are already on. Turn them off first to move them to another authenticator.";
export const NO_ENROLMENT = "No set-up is waiting for a code. Please start again.";
export const WRONG_PASSWORD = "Your password is not right.";

export type TotpStatus = { enabled: boolean; recoveryCodesLeft: number };

export async function totpStatus(db: Database, userId: string): Promise<TotpStatus> {
  const [credential] = await db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  if (!credential) return { enabled: false, recoveryCodesLeft: 0 };
  const left = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enabled: true, recoveryCodesLeft: left.length };
}

/**
 * Starts enrolment: a new secret waits for its first code (one started earlier is replaced). This answer is
 * the only time the secret leaves the server.
 */
export async function totpStart(db: Database, user: { id: string; email: string }) {
  const [existing] = await db
    .select({ confirmedAt: totpCredentials.confirmedAt })
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, user.id));
  if (existing?.confirmedAt) throw conflict(TOTP_ALREADY_ON);
  const secret = newTotpSecret();
  // Only a pending secret is replaced: codes turned on meanwhile (another tab) are left alone.
  const [stored] = await db
    .insert(totpCredentials)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secret, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  if (!stored) throw conflict(TOTP_ALREADY_ON);
  return { secret, ...(await enrolmentOf(secret, user.email)) };
}

/**
 * The first code proves the authenticator holds the secret: codes are on from now, and ten recovery codes are
 * made and shown this once. The confirming code counts as used.
 */
export async function totpConfirm(deps: CodeDeps, userId: string, input: TotpCodeInput, clientAddress: string) {
  await deps.rateLimits.consume("secondFactorCodesPerAddress", clientAddress);
  await deps.rateLimits.consume("secondFactorCodesPerAccount", userId);
  const [pending] = await deps.db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.confirmedAt)));
  if (!pending) throw conflict(NO_ENROLMENT);
  const step = totpStepOf(pending.secret, input.code, Date.now());
  if (step === null) throw invalid(WRONG_CODE);
  const codes = await deps.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(totpCredentials)
      .set({ confirmedAt: new Date(), lastUsedStep: step })
      .where(and(eq(totpCredentials.userId, userId), isNull(totpCredentials.confirmedAt)))
      .returning({ userId: totpCredentials.userId });
    if (!confirmed) throw conflict(NO_ENROLMENT);
    return replaceRecoveryCodes(tx, userId);
  });
  await Promise.all([
    deps.rateLimits.refund("secondFactorCodesPerAddress", clientAddress),
    deps.rateLimits.refund("secondFactorCodesPerAccount", userId),
  ]);
  return { recoveryCodes: codes };
}

/** Turning codes off needs the password and a code (or a recovery code): a session left open is not enough. */
export async function totpDisable(deps: CodeDeps, userId: string, input: TotpDisableInput, clientAddress: string): Promise<{ ok: true }> {
  const [user] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  const [credential] = await deps.db
    .select({ userId: totpCredentials.userId })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  if (!credential) throw conflict("Two-factor codes are not on.");
  // A wrong password spends the code budget too: a stolen session must not become a way to guess the password.
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await deps.rateLimits.consume("secondFactorCodesPerAccount", userId);
    throw invalid(WRONG_PASSWORD);
  }
  const check = await checkSecondFactorCode(deps, userId, input.code, clientAddress);
  if (check !== "accepted") throw invalid(check === "replayed" ? REPLAYED_CODE : WRONG_CODE);
  await deps.db.transaction(async (tx) => {
    await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
  return { ok: true };
}
