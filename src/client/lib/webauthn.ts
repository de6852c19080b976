import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import type { WebauthnResponse } from "#common/second-factors/input.ts";

/**
 * The browser's passkey ceremonies (SimpleWebAuthn), loaded on first use so that pages carry them only when
 * they ask for a passkey. Options come from the server as JSON (typed loosely by tRPC's serialisation); the
 * answers go back as JSON the server's verifier checks field by field.
 */
const library = () => import("@simplewebauthn/browser");

export async function webauthnSupport(): Promise<{ passkeys: boolean; autofill: boolean }> {
  const { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } = await library();
  if (!browserSupportsWebAuthn()) return { passkeys: false, autofill: false };
  return { passkeys: true, autofill: await browserSupportsWebAuthnAutofill() };
}

export async function authenticateWithPasskey(options: unknown, useBrowserAutofill = false): Promise<WebauthnResponse> {
  const { startAuthentication } = await library();
  const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill });
  return response as unknown as WebauthnResponse;
}

export async function createPasskey(options: unknown): Promise<WebauthnResponse> {
  const { startRegistration } = await library();
  const response = await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  return response as unknown as WebauthnResponse;
}

/** A ceremony the person cancelled (closed the browser's dialog) or a newer one replaced: not worth a message. */
export const isCancelledCeremony = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError" || /cancel/i.test(error.message));
