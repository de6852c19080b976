// The second factors' zod/mini schemas: the sign-in code step, enrolment, and passkey management. The code
// step is on the public sign-in page, which loads these on first submit like the password step's.
import * as z from "zod/mini";
import { PASSWORD_MAX_LENGTH } from "#common/auth/accounts.ts";
import { requiredText } from "#common/auth/input.ts";
import { safeText } from "#common/forms/text-input.ts";

/** A six-digit code from the authenticator app, or a recovery code; spaces a person types are ignored. */
export const secondFactorCode = z.pipe(
  safeText("Code", "Code is required").check(z.trim(), z.minLength(1, "Code is required"), z.maxLength(40, "This code is too long")),
  z.transform((code) => code.replace(/\s+/g, "").toLowerCase()),
);

export const totpCodeInput = z.object({ code: secondFactorCode });
export type TotpCodeInput = z.infer<typeof totpCodeInput>;

export const totpDisableInput = z.object({
  password: safeText("Password", "Password is required").check(z.minLength(1, "Password is required"), z.maxLength(PASSWORD_MAX_LENGTH)),
  code: secondFactorCode,
});
export type TotpDisableInput = z.infer<typeof totpDisableInput>;

export const loginSecondFactorInput = z.object({
  challenge: safeText("Challenge", "The sign-in step has expired. Please sign in again.").check(
    z.minLength(1, "The sign-in step has expired. Please sign in again."),
    z.maxLength(200),
  ),
  code: secondFactorCode,
});
export type LoginSecondFactorInput = z.infer<typeof loginSecondFactorInput>;

/** What a browser's WebAuthn call answered (SimpleWebAuthn's JSON): checked field by field by the verifier. */
export const webauthnResponse = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1400)),
  rawId: z.string().check(z.maxLength(1400)),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(4096)) }),
});

export type WebauthnResponse = z.infer<typeof webauthnResponse>;

export const passkeyNameField = requiredText("Passkey name", 60, "name");

export const passkeyRegisterInput = z.object({ response: webauthnResponse, name: z.optional(passkeyNameField) });
export type PasskeyRegisterInput = z.infer<typeof passkeyRegisterInput>;

export const passkeySignInInput = z.object({ response: webauthnResponse });
export type PasskeySignInInput = z.infer<typeof passkeySignInInput>;

export const passkeyIdInput = z.object({ id: z.string().check(z.minLength(1), z.maxLength(1400)) });
export const passkeyRenameInput = z.object({ id: z.string().check(z.minLength(1), z.maxLength(1400)), name: passkeyNameField });
