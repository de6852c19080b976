import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, eq, gt, lte } from "drizzle-orm";
import type { SessionUser } from "#common/auth/accounts.ts";
import type { PasskeyRegisterInput, PasskeySignInInput, WebauthnResponse } from "#common/second-factors/input.ts";
import { TOTP_ISSUER, WEBAUTHN_CHALLENGE_VALID_MS } from "#common/second-factors/second-factors.ts";
import { startSignedInSession } from "#server/auth/signed-in-session.ts";
import type { SignInClient } from "#server/auth/sign-in-client.ts";
import type { SignedIn } from "#server/auth/start-session.ts";
import type { Database } from "#server/db/client.ts";
import { passkeys, users, webauthnChallenges } from "#server/db/schema/index.ts";
import { invalid, notFound, unauthorized } from "#server/infra/errors.ts";

/** The relying party is the site itself: its id is PUBLIC_URL's host name, the only origin accepted is PUBLIC_URL's. */
export type RelyingParty = { id: string; origin: string };
export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
};

/**
 * EdDSA, ES256 and RS256: what authenticators in use sign with. Named here rather than left to the library, whose
 * default probes Web Crypto for post-quantum algorithms and prints Node's "experimental feature" warning.
 */
const ALGORITHMS = [-8, -7, -257];

/**
 * The WebAuthn library loads with the first passkey ceremony, not at start: with its ASN.1 and X.509 dependencies it
 * adds about 6 MB to every instance's resident memory, for requests most instances rarely serve.
 */
const webauthn = () => import("@simplewebauthn/server");
const base64Url = async () => (await import("@simplewebauthn/server/helpers")).isoBase64URL;

export const PASSKEY_NOT_ACCEPTED = "This passkey could not be verified. Please try again.";
export const PASSKEY_UNKNOWN = "This passkey is not registered with this site. Sign in with your password.";

export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null; backedUp: boolean };

export async function listPasskeys(db: Database, userId: string): Promise<PasskeySummary[]> {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      backedUp: passkeys.backedUp,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

/** Stores a ceremony's challenge for five minutes; expired ones of any ceremony are swept on the way. */
async function storeChallenge(db: Database, challenge: string, purpose: "registration" | "authentication", userId: string | null) {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_VALID_MS) });
}

/**
 * Takes the challenge the browser signed back, read from its client data: it must be one this server handed
 * out for this ceremony (and this account), still live. Deleting it in the same statement makes it single use.
 */
async function claimChallenge(db: Database, clientDataJSON: string, purpose: "registration" | "authentication", userId: string | null) {
  const isoBase64URL = await base64Url();
  let challenge: unknown;
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge;
  } catch {
    throw invalid(PASSKEY_NOT_ACCEPTED);
  }
  if (typeof challenge !== "string") throw invalid(PASSKEY_NOT_ACCEPTED);
  const [claimed] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, new Date()),
        userId === null ? undefined : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!claimed) throw invalid("This passkey request has expired. Please try again.");
  return claimed.challenge;
}

/**
 * Options for adding a passkey: a discoverable credential (so sign-in needs no email first), user verification
 * preferred, and the account's passkeys excluded so one authenticator is not added twice.
 */
export async function passkeyRegistrationOptions(db: Database, rp: RelyingParty, user: SessionUser) {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(db, options.challenge, "registration", user.id);
  return options;
}

export async function registerPasskey(
  db: Database,
  rp: RelyingParty,
  userId: string,
  input: PasskeyRegisterInput,
): Promise<PasskeySummary> {
  const response = input.response as unknown as RegistrationResponseJSON;
  const expectedChallenge = await claimChallenge(db, input.response.response.clientDataJSON, "registration", userId);
  const { verifyRegistrationResponse } = await webauthn();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw invalid(PASSKEY_NOT_ACCEPTED);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const count = (await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId))).length;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name: input.name ?? `Passkey ${count + 1}`,
      publicKey: (await base64Url()).fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw invalid("This passkey is already registered.");
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, backedUp: row.backedUp };
}

export async function renamePasskey(db: Database, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound("Passkey not found");
  return { ok: true as const };
}

export async function deletePasskey(db: Database, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound("Passkey not found");
  return { ok: true as const };
}

/** Options for signing in with a passkey: no account named, the browser offers the passkeys it holds for this site. */
export async function passkeyAuthenticationOptions(db: Database, rp: RelyingParty) {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  await storeChallenge(db, options.challenge, "authentication", null);
  return options;
}

type StoredPasskey = typeof passkeys.$inferSelect;

/**
 * Checks an assertion's signature over this server's challenge with the stored public key, and moves the
 * signature counter forward; a counter that went backwards (a cloned authenticator) is refused by the verifier.
 */
async function verifiedAssertion(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  stored: StoredPasskey,
  requireUserVerification: boolean,
): Promise<boolean> {
  const { verifyAuthenticationResponse } = await webauthn();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: stored.id,
      publicKey: (await base64Url()).toBuffer(stored.publicKey),
      counter: stored.counter,
      transports: stored.transports as never,
    },
    requireUserVerification,
  }).catch(() => ({ verified: false }));
  if (!verification.verified || !("authenticationInfo" in verification)) return false;
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id));
  return true;
}

/**
 * Signs in with a passkey: the signature over this server's challenge, checked with the stored public key,
 * proves possession of the credential, so no second factor is asked.
 */
export async function signInWithPasskey(
  deps: { db: Database; publicUrl: string },
  rp: RelyingParty,
  input: PasskeySignInInput,
  client?: SignInClient,
): Promise<SignedIn> {
  const { db } = deps;
  const response = input.response as unknown as AuthenticationResponseJSON;
  const expectedChallenge = await claimChallenge(db, input.response.response.clientDataJSON, "authentication", null);
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.id, response.id));
  if (!stored) throw unauthorized(PASSKEY_UNKNOWN);
  if (!(await verifiedAssertion(db, rp, response, expectedChallenge, stored, false))) throw unauthorized(PASSKEY_NOT_ACCEPTED);
  const [row] = await db.select().from(users).where(eq(users.id, stored.userId));
  if (!row) throw unauthorized(PASSKEY_UNKNOWN);
  return startSignedInSession(deps, row, client);
}

export const NO_PASSKEY = "This account has no passkey. Confirm with your password.";
export const PASSKEY_NOT_THIS_ACCOUNTS = "This passkey is not one of this account's. Use one of yours or your password.";

/**
 * Options for a signed-in account to confirm an action that matters (deleting the account) with one of its own
 * passkeys: only those are offered, and the person must be verified by the authenticator (PIN, fingerprint), since
 * the passkey stands in for the password here. The challenge is stored for this account alone.
 */
export async function passkeyConfirmationOptions(db: Database, rp: RelyingParty, userId: string) {
  const own = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (own.length === 0) throw invalid(NO_PASSKEY);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: own.map((row) => ({ id: row.id, transports: row.transports as never })),
    userVerification: "required",
  });
  await storeChallenge(db, options.challenge, "authentication", userId);
  return options;
}

/**
 * Proves the signed-in account's holder with one of its passkeys, over a challenge handed out to this account
 * (single use, five minutes): another account's passkey, or a sign-in challenge, is refused. Bad proof is 400, as a
 * wrong current password is: the session itself is fine.
 */
export async function confirmWithPasskey(db: Database, rp: RelyingParty, userId: string, answer: WebauthnResponse): Promise<void> {
  const response = answer as unknown as AuthenticationResponseJSON;
  const expectedChallenge = await claimChallenge(db, answer.response.clientDataJSON, "authentication", userId);
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, response.id), eq(passkeys.userId, userId)));
  if (!stored) throw invalid(PASSKEY_NOT_THIS_ACCOUNTS);
  if (!(await verifiedAssertion(db, rp, response, expectedChallenge, stored, true))) throw invalid(PASSKEY_NOT_ACCEPTED);
}
