import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, isNull } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "#common/second-factors/second-factors.ts";
import { hashToken } from "#server/auth/tokens.ts";
import type { Executor } from "#server/db/client.ts";
import { recoveryCodes } from "#server/db/schema/index.ts";

/**
 * A recovery code: 80 random bits as 16 base32 letters in groups of four (xxxx-xxxx-xxxx-xxxx). That much
 * randomness makes a plain SHA-256 safe to store, as for session tokens: no one can search the space from a
 * leaked table, so argon2's cost (which would slow every sign-in with a code) buys nothing.
 */
function newRecoveryCode(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes).match(/.{4}/g)!.join("-");
}

/** The same code however it was typed: dashes and spaces are optional, letters in any case. */
const normalise = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

export const looksLikeRecoveryCode = (code: string) => /^[a-z2-7]{16}$/.test(normalise(code));

/** Replaces the account's codes by ten new ones, returned once (only their hashes are kept). */
export async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashToken(normalise(code)) })));
  return codes;
}

/** Spends one unused code of the account: checked and marked in one statement, so it works once even under races. */
export async function useRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(normalise(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return Boolean(used);
}
