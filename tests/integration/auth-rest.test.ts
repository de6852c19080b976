import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users } from "#server/db/schema/index.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { SESSION_LIFETIME_MS } from "#server/auth/sessions.ts";
import { mailMessages } from "#server/db/schema/index.ts";
import { INVALID_RESET_LINK } from "#server/features/auth/service.ts";
import { sessionCookieOf, useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
const post = (url: string, body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({
    method: "POST",
    url,
    headers: { ...json, ...headers },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe("POST /api/auth/signup", () => {
  it("creates a member, answers 201 with the user and a token, and sets an httpOnly SameSite=Lax cookie", async () => {
    const response = await post("/api/auth/signup", { name: "Ada", email: "  Ada@Example.COM ", password: "secret1" });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({ email: "ada@example.com", name: "Ada", role: "member" });
    expect(body.user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.token).toMatch(/^[a-z2-7]{32}$/);
    const cookie = response.cookies.find((c) => c.name === "session")!;
    expect(cookie.value).toBe(body.token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeUndefined();
    expect(cookie.path).toBe("/");
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(body.token)));
    expect(session?.userId).toBe(body.user.id);
    const [stored] = await t.db.select().from(users).where(eq(users.id, body.user.id));
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("answers 409 when the email has an account, in any case and spacing", async () => {
    await post("/api/auth/signup", { name: "Bo", email: "bo@example.com", password: "secret1" }, {}, "10.0.0.2");
    const again = await post("/api/auth/signup", { name: "Bo 2", email: " BO@example.com", password: "secret2" }, {}, "10.0.0.2");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "An account with this email already exists" });
  });

  it.each([
    [{ name: "A", email: "a@example.com", password: "12345" }, "Password must be at least 6 characters"],
    [{ name: "", email: "a@example.com", password: "123456" }, "Full name is required"],
    [{ name: "A", email: "not-an-email", password: "123456" }, "Please enter a valid email address"],
    [{ name: "A", password: "123456" }, "Email address is required"],
    ["a string", "Request body must be a JSON object"],
  ])("answers 400 with the documented message for %j", async (body, message) => {
    const response = await post("/api/auth/signup", body, {}, "10.0.0.3");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it("answers 400 for malformed JSON and 413 for a body over the limit", async () => {
    const malformed = await t.inject({ method: "POST", url: "/api/auth/signup", headers: json, payload: "{oops" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "Malformed JSON body" });
    const huge = await post("/api/auth/signup", { name: "x".repeat(200_000), email: "a@b.co", password: "123456" });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "Request body is too large" });
  });
});

describe("POST /api/auth/login and the session", () => {
  it("signs in with the cookie and the bearer token, with the same 401 for unknown email and wrong password", async () => {
    const { user } = await t.createUser("member", { email: "cy@example.com", password: "right-pass" });
    const ok = await post("/api/auth/login", { email: "CY@example.com ", password: "right-pass" }, {}, "10.0.1.1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toEqual({ id: user.id, email: "cy@example.com", name: user.name, role: "member", emailVerified: true });

    const viaCookie = await t.trpcQuery<{ user: { email: string } }>("auth.me", undefined, { cookie: sessionCookieOf(ok) });
    expect(viaCookie.data.user.email).toBe("cy@example.com");
    const viaBearer = await t.trpcQuery<{ user: { email: string } }>("auth.me", undefined, { authorization: `Bearer ${ok.json().token}` });
    expect(viaBearer.data.user.email).toBe("cy@example.com");

    const wrongPassword = await post("/api/auth/login", { email: "cy@example.com", password: "wrong-pass" }, {}, "10.0.1.1");
    const unknownEmail = await post("/api/auth/login", { email: "nobody@example.com", password: "wrong-pass" }, {}, "10.0.1.1");
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json()).toEqual({ error: "Invalid email or password" });
  });

  it("rejects a bogus bearer token as anonymous", async () => {
    const me = await t.trpcQuery<{ user: null }>("auth.me", undefined, { authorization: "Bearer not-a-real-token" });
    expect(me.data.user).toBeNull();
  });

  it("logout ends the session on the server and clears the cookie", async () => {
    const { token } = await t.createUser();
    const cookie = `session=${token}`;
    const out = await t.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie, host: "lab.example", origin: "https://lab.example" },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "session")?.value).toBe("");
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
    expect((await t.trpcQuery<{ user: null }>("auth.me", undefined, { authorization: `Bearer ${token}` })).data.user).toBeNull();
  });

  it("forgets an expired session and slides one past half its life forward 30 days", async () => {
    const expired = await t.createUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(expired.token)));
    expect((await t.trpcQuery<{ user: null }>("auth.me", undefined, expired.headers)).data.user).toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(expired.token))),
    ).toHaveLength(0);

    const aging = await t.createUser();
    const tenDaysLeft = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    await t.db
      .update(sessions)
      .set({ expiresAt: tenDaysLeft })
      .where(eq(sessions.id, hashToken(aging.token)));
    const response = await t.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: `session=${aging.token}` } });
    expect(response.json().result.data.user.id).toBe(aging.user.id);
    const [renewed] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(aging.token)));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_LIFETIME_MS - 60_000);
    expect(response.cookies.find((c) => c.name === "session")?.value).toBe(aging.token);
  });

  it("refuses a cookie-authenticated write from another origin with 403, and accepts the site's own", async () => {
    const { token } = await t.createUser();
    const headers = { ...json, cookie: `session=${token}` };
    const crossSite = await t.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { ...headers, origin: "https://evil.example" },
      payload: "null",
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: "Cross-site request refused" });
    const noOrigin = await t.inject({ method: "POST", url: "/api/auth/logout", headers });
    expect(noOrigin.statusCode).toBe(403);
    const sameSite = await t.inject({
      method: "POST",
      url: "/trpc/auth.logout",
      headers: { ...headers, host: "lab.example", origin: "https://lab.example" },
      payload: "null",
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it("lets a bearer-only client write without an Origin", async () => {
    const { headers } = await t.createUser();
    const out = await t.inject({ method: "POST", url: "/api/auth/logout", headers });
    expect(out.statusCode).toBe(200);
  });
});

describe("password reset", () => {
  const resetLinkFor = async (email: string) => {
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, email), eq(mailMessages.subject, "Reset your password")));
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail?.textBody ?? "")?.[1];
    if (!token) throw new Error(`no reset mail for ${email}`);
    return token;
  };

  it("answers the same for known and unknown emails and mails a one-hour, single-use link", async () => {
    const member = await t.createUser("member", { email: "dee@example.com", password: "old-password" });
    const known = await post("/api/auth/reset-password", { email: "dee@example.com" }, {}, "10.0.2.1");
    const unknown = await post("/api/auth/reset-password", { email: "ghost@example.com" }, {}, "10.0.2.1");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "ghost@example.com"))).toHaveLength(0);

    const token = await resetLinkFor("dee@example.com");
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.id, hashToken(token)));
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);

    const confirm = await post("/api/auth/reset-password/confirm", { token, password: "new-password" }, {}, "10.0.2.2");
    expect(confirm.statusCode).toBe(200);
    // The member's earlier session is over; the new password works, the old one does not.
    expect((await t.trpcQuery<{ user: null }>("auth.me", undefined, member.headers)).data.user).toBeNull();
    expect((await post("/api/auth/login", { email: "dee@example.com", password: "new-password" }, {}, "10.0.2.3")).statusCode).toBe(200);
    expect((await post("/api/auth/login", { email: "dee@example.com", password: "old-password" }, {}, "10.0.2.3")).statusCode).toBe(401);

    const reuse = await post("/api/auth/reset-password/confirm", { token, password: "third-password" }, {}, "10.0.2.2");
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toMatch(/invalid, used or expired/);
  });

  it("ends every other outstanding link of the user once one link has reset the password", async () => {
    await t.createUser("member", { email: "fay@example.com", password: "old-password" });
    await post("/api/auth/reset-password", { email: "fay@example.com" }, {}, "10.0.4.1");
    await post("/api/auth/reset-password", { email: "fay@example.com" }, {}, "10.0.4.1");
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.toAddress, "fay@example.com"), eq(mailMessages.subject, "Reset your password")));
    const [first, second] = mails.map((mail) => /reset-password\?token=([a-z2-7]+)/.exec(mail.textBody)?.[1]);
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);

    expect((await post("/api/auth/reset-password/confirm", { token: first, password: "new-password" }, {}, "10.0.4.2")).statusCode).toBe(
      200,
    );
    const later = await post("/api/auth/reset-password/confirm", { token: second, password: "attacker-password" }, {}, "10.0.4.2");
    expect(later.statusCode).toBe(400);
    expect(later.json()).toEqual({ error: INVALID_RESET_LINK });
    expect((await post("/api/auth/login", { email: "fay@example.com", password: "new-password" }, {}, "10.0.4.3")).statusCode).toBe(200);
  });

  it("refuses an expired token", async () => {
    await t.createUser("member", { email: "eve@example.com" });
    await post("/api/auth/reset-password", { email: "eve@example.com" }, {}, "10.0.3.1");
    const token = await resetLinkFor("eve@example.com");
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passwordResetTokens.id, hashToken(token)));
    const response = await post("/api/auth/reset-password/confirm", { token, password: "new-password" }, {}, "10.0.3.1");
    expect(response.statusCode).toBe(400);
  });
});

describe("rate limits (login budgets: login-throttle.test.ts)", () => {
  it("limits signups and reset requests to 5 a minute per address, on tRPC as on REST", async () => {
    for (let i = 0; i < 5; i++) {
      const r = await post("/api/auth/reset-password", { email: `r${i}@example.com` }, {}, "10.7.0.1");
      expect(r.statusCode).toBe(200);
    }
    expect((await post("/api/auth/reset-password", { email: "r@example.com" }, {}, "10.7.0.1")).statusCode).toBe(429);

    const signups = [];
    for (let i = 0; i < 6; i++) {
      signups.push(
        await t.inject({
          method: "POST",
          url: "/trpc/auth.signup",
          headers: json,
          payload: JSON.stringify({ name: "S", email: `s${i}@example.com`, password: "secret1" }),
          remoteAddress: "10.7.0.2",
        }),
      );
    }
    expect(signups.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(signups[5]!.json().error.message).toBe("Too many requests. Please wait a minute and try again.");
  });
});

describe("the cross-site check and browsers that send Origin: null", () => {
  it("accepts a same-origin write that says so in Sec-Fetch-Site, and refuses a cross-site one", async () => {
    const { token } = await t.createUser();
    const headers = { cookie: `session=${token}`, origin: "null" };
    const crossSite = await t.inject({ method: "POST", url: "/api/auth/logout", headers: { ...headers, "sec-fetch-site": "cross-site" } });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await t.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { ...headers, "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it("sends the browser's default referrer policy", async () => {
    const response = await t.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });
});
