import { rateLimited } from "#server/infra/errors.ts";
import { RATE_LIMIT_BUDGETS, rateLimitKey, retryAfterSeconds, type RateLimitCount, type RateLimits } from "#server/infra/rate-limit.ts";

/**
 * Once an email's failures across all addresses pass their budget (a spread-out guessing attack), each
 * address gets only this many tries on it per window instead of the usual ten. An address that never
 * tried that email still gets its first tries, so the attack cannot lock the owner out.
 */
export const TRIES_PER_ADDRESS_UNDER_ATTACK = 3;

export type LoginAttempt = { succeeded(): Promise<void> };

/**
 * Login budgets after rate-limiter-flexible's "login endpoint protection": failures are budgeted per
 * email and address and per address. Every attempt is counted before the password is checked, so parallel
 * guesses cannot slip through together, and a success gives its count back.
 */
export async function startLoginAttempt(rateLimits: RateLimits, email: string, address: string): Promise<LoginAttempt> {
  const pairKey = `${email}|${rateLimitKey(address)}`;
  const [pair, byAddress, byEmail] = await Promise.all([
    rateLimits.count("loginFailuresPerEmailAndAddress", pairKey),
    rateLimits.count("loginFailuresPerAddress", address),
    rateLimits.count("loginFailuresPerEmail", email),
  ]);
  const underAttack = byEmail.consumed > RATE_LIMIT_BUDGETS.loginFailuresPerEmail.points;
  const pairBudget = underAttack ? TRIES_PER_ADDRESS_UNDER_ATTACK : RATE_LIMIT_BUDGETS.loginFailuresPerEmailAndAddress.points;
  const spent: RateLimitCount[] = [];
  if (pair.consumed > pairBudget) spent.push(pair);
  if (byAddress.consumed > RATE_LIMIT_BUDGETS.loginFailuresPerAddress.points) spent.push(byAddress);
  if (spent.length > 0) {
    const waitMs = Math.max(...spent.map((count) => count.msBeforeReset));
    throw rateLimited(
      `Too many failed sign-ins from your address. Please try again in ${Math.ceil(waitMs / 60_000)} minutes, or reset your password.`,
      retryAfterSeconds(waitMs),
    );
  }
  return {
    async succeeded() {
      await Promise.all([
        rateLimits.reset("loginFailuresPerEmailAndAddress", pairKey),
        rateLimits.refund("loginFailuresPerAddress", address),
        rateLimits.refund("loginFailuresPerEmail", email),
      ]);
    },
  };
}
