import { and, eq, gt, lte } from "drizzle-orm";
import { LOGIN_CHALLENGE_VALID_MS, type TwoFactorRequired } from "#common/second-factors/second-factors.ts";
import type { LoginSecondFactorInput } from "#common/second-factors/input.ts";
import { startSignedInSession } from "#server/auth/signed-in-session.ts";
import type { SignInClient } from "#server/auth/sign-in-client.ts";
import type { SignedIn } from "#server/auth/start-session.ts";
import { generateToken, hashToken } from "#server/auth/tokens.ts";
import type { Database } from "#server/db/client.ts";
import { loginChallenges, users } from "#server/db/schema/index.ts";
import { unauthorized } from "#server/infra/errors.ts";
import { checkSecondFactorCode, REPLAYED_CODE, WRONG_CODE, type CodeDeps } from "./code-check";

export const CHALLENGE_EXPIRED = "This sign-in step has expired. Please sign in again.";

/**
 * After a right password on an account with two-factor codes: a challenge instead of a session. The token
 * goes to the client once; only its hash is stored, valid five minutes.
 */
export async function startLoginChallenge(db: Database, userId: string): Promise<TwoFactorRequired> {
  const token = generateToken();
  // The account's abandoned steps go as a new one starts: the table holds only the last few minutes.
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), lte(loginChallenges.expiresAt, new Date())));
  await db.insert(loginChallenges).values({ id: hashToken(token), userId, expiresAt: new Date(Date.now() + LOGIN_CHALLENGE_VALID_MS) });
  return { twoFactorRequired: true, challenge: token };
}

/**
 * The code step: a live challenge and a code the account accepts give a session, and the challenge ends
 * (it is deleted in the statement that claims it, so it signs in once). A wrong code leaves the challenge for
 * another try, within the code budgets; an expired or unknown one asks to start again.
 */
export async function completeLoginChallenge(
  deps: CodeDeps & { publicUrl: string },
  input: LoginSecondFactorInput,
  clientAddress: string,
  client?: SignInClient,
): Promise<SignedIn> {
  const id = hashToken(input.challenge);
  const live = and(eq(loginChallenges.id, id), gt(loginChallenges.expiresAt, new Date()));
  const [challenge] = await deps.db.select({ userId: loginChallenges.userId }).from(loginChallenges).where(live);
  if (!challenge) {
    // Guessing challenges costs the address like guessing codes.
    await deps.rateLimits.consume("secondFactorCodesPerAddress", clientAddress);
    throw unauthorized(CHALLENGE_EXPIRED);
  }
  const check = await checkSecondFactorCode(deps, challenge.userId, input.code, clientAddress);
  if (check !== "accepted") throw unauthorized(check === "replayed" ? REPLAYED_CODE : WRONG_CODE);
  const [claimed] = await deps.db.delete(loginChallenges).where(live).returning({ userId: loginChallenges.userId });
  if (!claimed) throw unauthorized(CHALLENGE_EXPIRED);
  const [row] = await deps.db.select().from(users).where(eq(users.id, claimed.userId));
  if (!row) throw unauthorized(CHALLENGE_EXPIRED);
  return startSignedInSession(deps, row, client);
}
