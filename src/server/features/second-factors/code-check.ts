import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { totpCredentials } from "#server/db/schema/index.ts";
import type { RateLimits } from "#server/infra/rate-limit.ts";
import { useRecoveryCode } from "./recovery-codes";
import { totpStepOf } from "./totp";

export type CodeDeps = { db: Database; rateLimits: RateLimits };

/** Why a code was refused: wrong for now, or right but already used (its step, or a later one, was accepted). */
export type CodeCheck = "accepted" | "wrong" | "replayed";

export const WRONG_CODE = "That code is not right. Check the code in your authenticator app, or use a recovery code.";
export const REPLAYED_CODE = "That code was already used. Wait for the next code in your authenticator app.";

/**
 * Spends one point of the account's and the address's code budgets, then checks the code: a six-digit code of
 * the account's confirmed authenticator, or one of its unused recovery codes. A code is accepted once: its time
 * step must be later than the last accepted one, and the step is moved in the same statement that checks it,
 * so two requests racing with one code cannot both pass. An accepted code gives its points back.
 */
export async function checkSecondFactorCode(deps: CodeDeps, userId: string, code: string, clientAddress: string): Promise<CodeCheck> {
  await deps.rateLimits.consume("secondFactorCodesPerAddress", clientAddress);
  await deps.rateLimits.consume("secondFactorCodesPerAccount", userId);
  const result = await checkCode(deps.db, userId, code, Date.now());
  if (result === "accepted") {
    await Promise.all([
      deps.rateLimits.refund("secondFactorCodesPerAddress", clientAddress),
      deps.rateLimits.refund("secondFactorCodesPerAccount", userId),
    ]);
  }
  return result;
}

async function checkCode(db: Database, userId: string, code: string, now: number): Promise<CodeCheck> {
  const [credential] = await db
    .select({ secret: totpCredentials.secret })
    .from(totpCredentials)
    .where(and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)));
  if (!credential) return "wrong";
  const step = totpStepOf(credential.secret, code, now);
  if (step !== null) return (await acceptStep(db, userId, step)) ? "accepted" : "replayed";
  return (await useRecoveryCode(db, userId, code)) ? "accepted" : "wrong";
}

/** Records `step` as the last one used, unless it (or a later one) already is. */
async function acceptStep(db: Database, userId: string, step: number): Promise<boolean> {
  const [moved] = await db
    .update(totpCredentials)
    .set({ lastUsedStep: step })
    .where(and(eq(totpCredentials.userId, userId), or(isNull(totpCredentials.lastUsedStep), lt(totpCredentials.lastUsedStep, step))))
    .returning({ userId: totpCredentials.userId });
  return Boolean(moved);
}
