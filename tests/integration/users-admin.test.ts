import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminUserList } from "#common/account/account.ts";
import { passkeys, recoveryCodes, totpCredentials, users } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";
import { totpCode } from "../helpers/totp";

const t = useTestApp({ rateLimits: false });

const login = (email: string) =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email, password: "correct-horse" }),
  });

describe("users.list", () => {
  it("is for admins: 401 signed out, 403 for a member, on tRPC and REST", async () => {
    const member = await t.createUser("member");
    expect((await t.trpcQuery("users.list", {})).status).toBe(401);
    expect((await t.trpcQuery("users.list", {}, member.headers)).status).toBe(403);
    expect((await t.inject({ method: "GET", url: "/api/users" })).statusCode).toBe(401);
    expect((await t.inject({ method: "GET", url: "/api/users", headers: member.headers })).statusCode).toBe(403);
  });

  it("searches names and emails (a % is looked for as itself) and shows role, status and last sign-in", async () => {
    const admin = await t.createUser("admin");
    const ada = await t.createUser("member", { name: "Ada Searchable", email: "ada.search@example.com" });
    await t.createUser("member", { name: "100% Bob", email: "bob.percent@example.com" });
    await login(ada.user.email);
    const found = await t.trpcQuery<AdminUserList>("users.list", { search: "searchable" }, admin.headers);
    expect(found.status, JSON.stringify(found.error)).toBe(200);
    expect(found.data.total).toBe(1);
    expect(found.data.users[0]).toMatchObject({ id: ada.user.id, role: "member", disabled: false, emailVerified: true });
    expect(found.data.users[0]!.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(found.data)).not.toMatch(/passwordHash|argon2/);
    const percent = await t.trpcQuery<AdminUserList>("users.list", { search: "100%" }, admin.headers);
    expect(percent.data.users.map((user) => user.email)).toEqual(["bob.percent@example.com"]);
    const rest = await t.inject({ method: "GET", url: "/api/users?search=ada.search&pageSize=5", headers: admin.headers });
    expect(rest.json<AdminUserList>()).toMatchObject({ total: 1, pageSize: 5 });
  });
});

describe("users.setRole", () => {
  it("is for owners only, and never removes the last owner", async () => {
    const admin = await t.createUser("admin");
    const owner = await t.createUser("owner");
    const member = await t.createUser("member");
    // This owner is the site's only one.
    await t.db.update(users).set({ role: "admin" }).where(eq(users.role, "owner"));
    await t.db.update(users).set({ role: "owner" }).where(eq(users.id, owner.user.id));

    const byAdmin = await t.trpcMutation("users.setRole", { id: member.user.id, role: "admin" }, admin.headers);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.error?.message).toBe("Only an owner can change roles.");
    expect((await t.trpcMutation("users.setRole", { id: member.user.id, role: "admin" }, member.headers)).status).toBe(403);

    const promoted = await t.trpcMutation("users.setRole", { id: member.user.id, role: "admin" }, owner.headers);
    expect(promoted.status, JSON.stringify(promoted.error)).toBe(200);
    expect(promoted.data).toMatchObject({ user: { id: member.user.id, role: "admin" } });

    const lastOwner = await t.trpcMutation("users.setRole", { id: owner.user.id, role: "admin" }, owner.headers);
    expect(lastOwner.status).toBe(409);
    expect(lastOwner.error?.message).toBe("This is the site's last owner: make another account an owner first.");

    expect((await t.trpcMutation("users.setRole", { id: admin.user.id, role: "owner" }, owner.headers)).status).toBe(200);
    expect((await t.trpcMutation("users.setRole", { id: owner.user.id, role: "member" }, owner.headers)).status).toBe(200);
    expect((await t.trpcMutation("users.setRole", { id: owner.user.id, role: "nobody" }, admin.headers)).status).toBe(400);
  });
});

describe("users.disable", () => {
  it("ends the account's sessions at once and stops its sign-ins with a clear message, until enabled again", async () => {
    const admin = await t.createUser("admin");
    const member = await t.createUser("member");
    const other = (await login(member.user.email)).json<{ token: string }>().token;

    const disabled = await t.trpcMutation<{ endedSessions: number }>(
      "users.disable",
      { id: member.user.id, disabled: true },
      admin.headers,
    );
    expect(disabled.status, JSON.stringify(disabled.error)).toBe(200);
    expect(disabled.data.endedSessions).toBeGreaterThanOrEqual(2);
    expect((await t.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(401);
    expect(
      (await t.inject({ method: "GET", url: "/api/account/sessions", headers: { authorization: `Bearer ${other}` } })).statusCode,
    ).toBe(401);
    const refused = await login(member.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(
      "This account has been disabled by the site's administrators. Please contact them if you think this is a mistake.",
    );

    expect((await t.trpcMutation("users.disable", { id: member.user.id, disabled: false }, admin.headers)).status).toBe(200);
    expect((await login(member.user.email)).statusCode).toBe(200);
  });

  it("refuses a member, disabling oneself, and an admin disabling an admin", async () => {
    const admin = await t.createUser("admin");
    const otherAdmin = await t.createUser("admin");
    const owner = await t.createUser("owner");
    const member = await t.createUser("member");
    await t.db.update(users).set({ role: "admin" }).where(eq(users.role, "owner"));
    await t.db.update(users).set({ role: "owner" }).where(eq(users.id, owner.user.id));

    expect((await t.trpcMutation("users.disable", { id: admin.user.id, disabled: true }, member.headers)).status).toBe(403);
    expect((await t.trpcMutation("users.disable", { id: admin.user.id, disabled: true })).status).toBe(401);
    const self = await t.trpcMutation("users.disable", { id: admin.user.id, disabled: true }, admin.headers);
    expect(self.error?.message).toBe("You cannot disable your own account.");
    const peer = await t.trpcMutation("users.disable", { id: otherAdmin.user.id, disabled: true }, admin.headers);
    expect(peer.status).toBe(403);
    expect(peer.error?.message).toBe("Only an owner can disable an admin or an owner.");
    expect((await t.trpcMutation("users.disable", { id: otherAdmin.user.id, disabled: true }, owner.headers)).status).toBe(200);
  });
});

describe("users.resetSecondFactor", () => {
  it("shows each account's second factors, and lets owners alone remove them so the password signs in again", async () => {
    const owner = await t.createUser("owner");
    const admin = await t.createUser("admin");
    const member = await t.createUser("member", { name: "Lost Phone", email: "lost.phone@example.com" });
    const start = await t.trpcMutation<{ secret: string }>("account.totpStart", undefined, member.headers);
    const confirm = await t.trpcMutation("account.totpConfirm", { code: totpCode(start.data.secret, Date.now()) }, member.headers);
    expect(confirm.status, JSON.stringify(confirm.error)).toBe(200);
    await t.db.insert(passkeys).values({
      id: "credential-of-the-lost-phone",
      userId: member.user.id,
      name: "Phone",
      publicKey: "AQID",
      deviceType: "singleDevice",
      backedUp: false,
    });

    const listed = await t.trpcQuery<AdminUserList>("users.list", { search: "lost.phone" }, admin.headers);
    expect(listed.data.users[0]).toMatchObject({ twoFactorCodes: true, passkeys: 1 });
    expect((await login(member.user.email)).json()).toMatchObject({ twoFactorRequired: true });

    const byAdmin = await t.trpcMutation("users.resetSecondFactor", { id: member.user.id }, admin.headers);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.error?.message).toBe("Only an owner can reset a second factor.");
    expect((await t.trpcMutation("users.resetSecondFactor", { id: member.user.id }, member.headers)).status).toBe(403);
    expect((await t.trpcMutation("users.resetSecondFactor", { id: member.user.id })).status).toBe(401);
    const unknown = await t.trpcMutation("users.resetSecondFactor", { id: "00000000-0000-4000-8000-000000000000" }, owner.headers);
    expect(unknown.status).toBe(404);

    const reset = await t.trpcMutation<{ user: { twoFactorCodes: boolean; passkeys: number } }>(
      "users.resetSecondFactor",
      { id: member.user.id },
      owner.headers,
    );
    expect(reset.status, JSON.stringify(reset.error)).toBe(200);
    expect(reset.data.user).toMatchObject({ twoFactorCodes: false, passkeys: 0 });
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, member.user.id))).toEqual([]);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id))).toEqual([]);
    const signIn = await login(member.user.email);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty("twoFactorRequired");
  });
});
