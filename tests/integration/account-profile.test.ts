import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_CHANGE_INVALID_REDIRECT, EMAIL_CHANGED_REDIRECT } from "#common/account/account.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { mailMessages, passwordResetTokens, sessions, users } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

const login = (email: string, password: string) =>
  t.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ email, password }),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const mailsTo = (address: string) => t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, address));
const linkIn = (text: string) => new URL(/(https?:\/\/\S+\/account\/confirm-email\?token=\S+)/.exec(text)![1]!);

describe("account.rename", () => {
  it("changes the name and answers the profile", async () => {
    const member = await t.createUser("member");
    const renamed = await t.trpcMutation("account.rename", { name: "  Grace Hopper " }, member.headers);
    expect(renamed.data).toMatchObject({ user: { id: member.user.id, name: "Grace Hopper" } });
    const empty = await t.trpcMutation("account.rename", { name: " " }, member.headers);
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toBe("Full name is required");
  });
});

describe("account.changePassword", () => {
  it("needs the current password, then ends every other session and keeps the caller's", async () => {
    const member = await t.createUser("member");
    const other = (await login(member.user.email, "correct-horse")).json<{ token: string }>().token;

    const wrong = await t.trpcMutation("account.changePassword", { currentPassword: "nope", newPassword: "new-secret" }, member.headers);
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe("Your current password is not correct");
    const short = await t.trpcMutation("account.changePassword", { currentPassword: "correct-horse", newPassword: "x" }, member.headers);
    expect(short.status).toBe(400);
    expect(short.error?.message).toBe("Password must be at least 6 characters");

    const changed = await t.trpcMutation(
      "account.changePassword",
      { currentPassword: "correct-horse", newPassword: "new-secret" },
      member.headers,
    );
    expect(changed.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.data).toMatchObject({ ok: true });
    expect((await t.trpcQuery("account.sessions", undefined, bearer(other))).status).toBe(401);
    expect((await t.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(200);
    expect((await login(member.user.email, "correct-horse")).statusCode).toBe(401);
    expect((await login(member.user.email, "new-secret")).statusCode).toBe(200);
  });
});

describe("email change", () => {
  it("mails a single-use link to the new address; opening it moves the account and tells the old address", async () => {
    const member = await t.createUser("member");
    const oldEmail = member.user.email;
    const asked = await t.trpcMutation(
      "account.requestEmailChange",
      { email: " New.Address@Example.com ", currentPassword: "correct-horse" },
      member.headers,
    );
    expect(asked.status, JSON.stringify(asked.error)).toBe(200);
    // Nothing changes before the link is opened.
    expect((await t.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.email).toBe(oldEmail);

    // A reset link mailed to the old address before the change.
    await t.db
      .insert(passwordResetTokens)
      .values({ id: hashToken("old-reset"), userId: member.user.id, expiresAt: new Date(Date.now() + 60_000) });

    const [mail] = await mailsTo("new.address@example.com");
    expect(mail?.subject).toBe("Confirm your new email address");
    const link = linkIn(mail!.textBody);
    const opened = await t.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(EMAIL_CHANGED_REDIRECT);
    expect(opened.headers["cache-control"]).toContain("no-store");
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ email: "new.address@example.com" });
    expect(row!.emailVerifiedAt).not.toBeNull();
    const [reset] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken("old-reset")));
    expect(reset!.usedAt).not.toBeNull();
    const told = (await mailsTo(oldEmail)).find((m) => m.subject === "Your email address was changed");
    expect(told?.textBody).toContain("new.address@example.com");
    expect(told?.textBody).not.toContain(link.searchParams.get("token")!);

    // Used once: opening it again changes nothing.
    const again = await t.inject({ method: "GET", url: `${link.pathname}${link.search}` });
    expect(again.headers.location).toBe(EMAIL_CHANGE_INVALID_REDIRECT);
    expect((await login("new.address@example.com", "correct-horse")).statusCode).toBe(200);
  });

  it("refuses a wrong password, an address in use and the same address; an expired or superseded link does nothing", async () => {
    const member = await t.createUser("member");
    const other = await t.createUser("member");
    const ask = (email: string, currentPassword = "correct-horse") =>
      t.trpcMutation("account.requestEmailChange", { email, currentPassword }, member.headers);
    expect((await ask("x@example.com", "wrong")).status).toBe(400);
    const taken = await ask(other.user.email);
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe("An account with this email already exists");
    expect((await ask(member.user.email)).error?.message).toBe("This is already your email address");

    await ask("first@example.com");
    await ask("second@example.com");
    const first = linkIn((await mailsTo("first@example.com"))[0]!.textBody);
    expect((await t.inject({ method: "GET", url: `${first.pathname}${first.search}` })).headers.location).toBe(
      EMAIL_CHANGE_INVALID_REDIRECT,
    );
    const second = linkIn((await mailsTo("second@example.com"))[0]!.textBody);
    // Another account takes the address before the link is opened: the link is refused.
    await t.db.update(users).set({ email: "second@example.com" }).where(eq(users.id, other.user.id));
    expect((await t.inject({ method: "GET", url: `${second.pathname}${second.search}` })).headers.location).toBe(
      EMAIL_CHANGE_INVALID_REDIRECT,
    );
    expect((await t.db.select().from(users).where(eq(users.id, member.user.id)))[0]!.email).toBe(member.user.email);
    expect((await t.inject({ method: "GET", url: "/account/confirm-email?token=unknown" })).headers.location).toBe(
      EMAIL_CHANGE_INVALID_REDIRECT,
    );
  });
});

describe("a disabled account", () => {
  it("cannot sign in (a clear message, after the password proved right) and its sessions are refused", async () => {
    const member = await t.createUser("member");
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.user.id));
    expect((await t.trpcQuery("account.sessions", undefined, member.headers)).status).toBe(401);
    const refused = await login(member.user.email, "correct-horse");
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/^This account has been disabled/);
    expect((await login(member.user.email, "wrong-password")).statusCode).toBe(401);
    const left = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.user.id), eq(sessions.id, hashToken(member.token))));
    expect(left).toHaveLength(1);
  });
});
