import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import type { Database } from "#server/db/client.ts";
import { passkeys } from "#server/db/schema/index.ts";

/**
 * A passkey held in the test itself, as an authenticator holds one: an ES256 key pair whose public half is stored
 * for the account (as a registration would store it, in COSE form), and whose private half signs assertions.
 */
export type SoftPasskey = { id: string; privateKey: KeyObject; counter: number };

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

export async function storeSoftPasskey(db: Database, userId: string): Promise<SoftPasskey> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const id = isoBase64URL.fromBuffer(randomBytes(16));
  await db.insert(passkeys).values({
    id,
    userId,
    name: "Test key",
    publicKey: isoBase64URL.fromBuffer(cose),
    deviceType: "singleDevice",
    backedUp: false,
  });
  return { id, privateKey, counter: 0 };
}

/**
 * The browser's answer to `navigator.credentials.get` for the challenge, signed by the passkey: client data naming
 * the challenge and origin, authenticator data with the relying party's hash, the user present and verified flags
 * and the next counter, and an ECDSA signature over both.
 */
export function softAssertion(key: SoftPasskey, ceremony: { challenge: string; origin: string; rpId: string }) {
  key.counter += 1;
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: "webauthn.get", challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }),
  );
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const USER_PRESENT_AND_VERIFIED = 0x01 | 0x04;
  const authenticatorData = Buffer.concat([sha256(ceremony.rpId), Buffer.from([USER_PRESENT_AND_VERIFIED]), counter]);
  const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), key.privateKey);
  return {
    id: key.id,
    rawId: key.id,
    type: "public-key" as const,
    response: {
      clientDataJSON: clientDataJSON.toString("base64url"),
      authenticatorData: authenticatorData.toString("base64url"),
      signature: signature.toString("base64url"),
    },
    clientExtensionResults: {},
  };
}
