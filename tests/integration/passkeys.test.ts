import { describe, expect, it } from "vitest";
import { passkeys, webauthnChallenges } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";

/*
 * Passkeys' server side around the ceremonies (the ceremonies themselves, signed by Chromium's virtual
 * authenticator and verified here, are in tests/e2e/second-factors.e2e.ts): options tied to PUBLIC_URL,
 * challenges stored and single use, answers to unknown challenges refused, and each account's passkeys its own.
 */
const t = useTestApp({ env: { PUBLIC_URL: "https://lab.example.com" } });

/** A WebAuthn answer whose client data names `challenge` (nothing else in it is valid). */
const answerTo = (challenge: string) => ({
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: {
    clientDataJSON: Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: "https://lab.example.com" })).toString(
      "base64url",
    ),
    authenticatorData: "AAAA",
    signature: "AAAA",
  },
  clientExtensionResults: {},
});

describe("passkeys", () => {
  it("offers registration for PUBLIC_URL's host, the account as user and a stored challenge", async () => {
    const member = await t.createUser("member");
    const options = await t.trpcMutation<{
      rp: { id: string };
      user: { name: string };
      challenge: string;
      authenticatorSelection: { residentKey: string };
    }>("passkeys.registrationOptions", undefined, member.headers);
    expect(options.status).toBe(200);
    expect(options.data.rp.id).toBe("lab.example.com");
    expect(options.data.user.name).toBe(member.user.email);
    expect(options.data.authenticatorSelection.residentKey).toBe("required");
    const stored = await t.db.select().from(webauthnChallenges);
    expect(stored.find((row) => row.challenge === options.data.challenge)).toMatchObject({
      purpose: "registration",
      userId: member.user.id,
    });
  });

  it("refuses a sign-in answer to a challenge it never gave, and a challenge answered twice", async () => {
    expect((await t.trpcMutation("passkeys.signIn", { response: answerTo("never-given") })).status).toBe(400);

    const options = await t.trpcMutation<{ challenge: string; rpId: string }>("passkeys.signInOptions");
    expect(options.data.rpId).toBe("lab.example.com");
    // A right challenge with a made-up credential: the challenge is spent, the credential unknown.
    const first = await t.trpcMutation("passkeys.signIn", { response: answerTo(options.data.challenge) });
    expect(first.status).toBe(401);
    const again = await t.trpcMutation("passkeys.signIn", { response: answerTo(options.data.challenge) });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe("This passkey request has expired. Please try again.");
  });

  it("refuses a registration answer to another account's challenge", async () => {
    const owner = await t.createUser("member");
    const other = await t.createUser("member");
    const options = await t.trpcMutation<{ challenge: string }>("passkeys.registrationOptions", undefined, owner.headers);
    const answer = await t.trpcMutation("passkeys.register", { response: answerTo(options.data.challenge) }, other.headers);
    expect(answer.status).toBe(400);
    expect(await t.db.select().from(passkeys)).toEqual([]);
  });

  it("lists, renames and removes an account's own passkeys only", async () => {
    const owner = await t.createUser("member");
    const other = await t.createUser("member");
    await t.db.insert(passkeys).values({
      id: "credential-1",
      userId: owner.user.id,
      name: "Passkey 1",
      publicKey: "AQID",
      deviceType: "multiDevice",
      backedUp: true,
    });

    expect((await t.trpcQuery<unknown[]>("passkeys.list", undefined, other.headers)).data).toEqual([]);
    expect((await t.trpcMutation("passkeys.rename", { id: "credential-1", name: "Mine now" }, other.headers)).status).toBe(404);
    expect((await t.trpcMutation("passkeys.delete", { id: "credential-1" }, other.headers)).status).toBe(404);

    expect((await t.trpcMutation("passkeys.rename", { id: "credential-1", name: "Work laptop" }, owner.headers)).status).toBe(200);
    const listed = await t.trpcQuery<Array<{ id: string; name: string }>>("passkeys.list", undefined, owner.headers);
    expect(listed.data).toMatchObject([{ id: "credential-1", name: "Work laptop" }]);
    expect(JSON.stringify(listed.data)).not.toContain("AQID");
    expect((await t.trpcMutation("passkeys.delete", { id: "credential-1" }, owner.headers)).status).toBe(200);
    expect((await t.trpcQuery<unknown[]>("passkeys.list", undefined, owner.headers)).data).toEqual([]);
  });
});
