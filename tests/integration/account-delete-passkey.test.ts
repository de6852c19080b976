import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passkeys, users } from "#server/db/schema/index.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";
import { softAssertion, storeSoftPasskey, type SoftPasskey } from "../helpers/webauthn";

/*
 * Deleting the account confirmed with one of its passkeys instead of the password: real ES256 assertions signed in
 * the test over the challenge account.deletePasskeyOptions hands out, verified by the server as a browser's would be.
 */
const t = useTestApp({ env: { PUBLIC_URL: "https://lab.example.com" } });
const ceremony = (challenge: string) => ({ challenge, origin: "https://lab.example.com", rpId: "lab.example.com" });

type Options = { challenge: string; rpId: string; userVerification: string; allowCredentials: { id: string }[] };
async function options(user: TestUser) {
  const answer = await t.trpcMutation<Options>("account.deletePasskeyOptions", undefined, user.headers);
  expect(answer.status, JSON.stringify(answer.error)).toBe(200);
  return answer.data;
}
const exists = async (user: TestUser) => (await t.db.select().from(users).where(eq(users.id, user.user.id))).length === 1;
const deleteWith = (user: TestUser, key: SoftPasskey, challenge: string) =>
  t.trpcMutation("account.delete", { passkey: softAssertion(key, ceremony(challenge)) }, user.headers);

describe("account.delete with a passkey", () => {
  it("offers only the account's own passkeys with user verification required, and deletes the account on a right assertion", async () => {
    const member = await t.createUser("member");
    const neighbour = await t.createUser("member");
    const key = await storeSoftPasskey(t.db, member.user.id);
    await storeSoftPasskey(t.db, neighbour.user.id);

    const offered = await options(member);
    expect(offered.rpId).toBe("lab.example.com");
    expect(offered.userVerification).toBe("required");
    expect(offered.allowCredentials.map((credential) => credential.id)).toEqual([key.id]);

    const deleted = await deleteWith(member, key, offered.challenge);
    expect(deleted.status, JSON.stringify(deleted.error)).toBe(200);
    expect(await exists(member)).toBe(false);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, member.user.id))).toEqual([]);
    expect((await t.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(401);
    expect(await exists(neighbour)).toBe(true);
  });

  it("refuses another account's passkey, and counts it against the account's budget of wrong proofs", async () => {
    const member = await t.createUser("member");
    const stranger = await t.createUser("member");
    await storeSoftPasskey(t.db, member.user.id);
    const foreign = await storeSoftPasskey(t.db, stranger.user.id);

    const refused = await deleteWith(member, foreign, (await options(member)).challenge);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe("This passkey is not one of this account's. Use one of yours or your password.");
    expect(await exists(member)).toBe(true);

    // Password and passkey share the budget (5 wrong proofs in 15 minutes): four more wrong tries, then 429.
    for (let i = 0; i < 4; i++) expect((await deleteWith(member, foreign, (await options(member)).challenge)).status).toBe(400);
    expect((await t.trpcMutation("account.delete", { password: "correct-horse" }, member.headers)).status).toBe(429);
  });

  it("takes each challenge once, and only one handed to this account for this", async () => {
    const owner = await t.createUser("owner");
    await t.db.update(users).set({ role: "admin" }).where(eq(users.role, "owner"));
    await t.db.update(users).set({ role: "owner" }).where(eq(users.id, owner.user.id));
    const key = await storeSoftPasskey(t.db, owner.user.id);

    // A right assertion meets the last-owner rule (409), and its challenge is spent: replaying it is refused.
    const assertion = softAssertion(key, ceremony((await options(owner)).challenge));
    const lastOwner = await t.trpcMutation("account.delete", { passkey: assertion }, owner.headers);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.error?.message).toBe("This is the site's last owner: make another account an owner first.");
    const replayed = await t.trpcMutation("account.delete", { passkey: assertion }, owner.headers);
    expect(replayed.status).toBe(400);
    expect(replayed.error?.message).toBe("This passkey request has expired. Please try again.");

    await t.createUser("owner");
    // A sign-in challenge (bound to no account) and another account's confirmation challenge do not confirm this one.
    const signIn = await t.trpcMutation<{ challenge: string }>("passkeys.signInOptions");
    expect((await deleteWith(owner, key, signIn.data.challenge)).error?.message).toBe(
      "This passkey request has expired. Please try again.",
    );
    const other = await t.createUser("member");
    await storeSoftPasskey(t.db, other.user.id);
    expect((await deleteWith(owner, key, (await options(other)).challenge)).status).toBe(400);
    expect(await exists(owner)).toBe(true);

    expect((await deleteWith(owner, key, (await options(owner)).challenge)).status).toBe(200);
    expect(await exists(owner)).toBe(false);
  });

  it("offers nothing to an account without a passkey, and still takes the password", async () => {
    const member = await t.createUser("member");
    const answer = await t.trpcMutation("account.deletePasskeyOptions", undefined, member.headers);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe("This account has no passkey. Confirm with your password.");
    expect((await t.trpcMutation("account.delete", { passkey: { id: "x" } }, member.headers)).status).toBe(400);
    expect((await t.trpcMutation("account.delete", { password: "correct-horse" }, member.headers)).status).toBe(200);
    expect(await exists(member)).toBe(false);
  });
});
