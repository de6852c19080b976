import type { Feature } from "#server/features/feature.ts";
import { accountSecondFactorProcedures, passkeysRouter, twoFactorRouter } from "./router";

/**
 * Second factors: two-factor codes (TOTP with recovery codes) and passkeys. The two-factor procedures answer under
 * the account's namespace (`account.totpStart`...): the account router spreads `accountSecondFactorProcedures` in.
 */
export const feature = {
  routers: { twoFactor: twoFactorRouter, passkeys: passkeysRouter },
} satisfies Feature;

export { accountSecondFactorProcedures };
export { startLoginChallenge, completeLoginChallenge, CHALLENGE_EXPIRED } from "./login-challenge";
export { confirmWithPasskey, passkeyConfirmationOptions, relyingPartyOf } from "./passkey-service";
