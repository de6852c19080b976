import type { Feature } from "#server/features/feature.ts";
import { router } from "#server/trpc/init.ts";
import { accountSecondFactorProcedures, passkeysRouter, twoFactorRouter } from "./router";

/**
 * Second factors: two-factor codes (TOTP with recovery codes) and passkeys. `account` holds only the two-factor
 * procedures until the account page's own router takes them in (`...accountSecondFactorProcedures`).
 */
export const feature = {
  routers: { account: router(accountSecondFactorProcedures), twoFactor: twoFactorRouter, passkeys: passkeysRouter },
} satisfies Feature;

export { accountSecondFactorProcedures };
export { startLoginChallenge, completeLoginChallenge, CHALLENGE_EXPIRED } from "./login-challenge";
