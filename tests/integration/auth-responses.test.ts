import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { hashToken } from "#server/auth/tokens.ts";
import { sessions } from "#server/db/schema/index.ts";
import { sessionCookieOf, useTestApp } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });
const site = { host: "lab.example", origin: "https://lab.example" };
const json = { "content-type": "application/json" };

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method: "POST", url, headers: { ...json, ...headers }, payload: JSON.stringify(body) });
const trpcPost = (path: string, input: unknown, headers: Record<string, string> = {}) => post(`/trpc/${path}`, input ?? null, headers);

const expectNoStore = (response: LightMyRequestResponse) => expect(response.headers["cache-control"]).toMatch(/\bno-store\b/);
const sessionCount = async (token: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)))
  ).length;
const sessionCookie = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === "session");

describe("answers that carry a token or the signed-in user are never cached", () => {
  it("marks every REST auth answer no-store, errors included", async () => {
    const signup = await post("/api/auth/signup", { name: "Cache Less", email: "cacheless@example.com", password: "correct-horse" });
    expect(signup.statusCode).toBe(201);
    const login = await post("/api/auth/login", { email: "cacheless@example.com", password: "correct-horse" });
    expect(login.statusCode).toBe(200);
    const wrongPassword = await post("/api/auth/login", { email: "cacheless@example.com", password: "wrong-horse" });
    expect(wrongPassword.statusCode).toBe(401);
    const reset = await post("/api/auth/reset-password", { email: "cacheless@example.com" });
    const confirm = await post("/api/auth/reset-password/confirm", { token: "not-a-real-token", password: "brand-new-one" });
    expect(confirm.statusCode).toBe(400);
    const logout = await post("/api/auth/logout", {}, { authorization: `Bearer ${(login.json() as { token: string }).token}` });
    for (const response of [signup, login, wrongPassword, reset, confirm, logout]) expectNoStore(response);
  });

  it("marks tRPC answers no-store: auth.me, login, signup, logout, a batch and an error", async () => {
    const member = await t.createUser("member", { email: "trpc-cache@example.com", password: "correct-horse" });
    const me = await t.inject({ method: "GET", url: "/trpc/auth.me", headers: member.headers });
    expect(me.json().result.data.user.email).toBe("trpc-cache@example.com");
    const batch = await t.inject({
      method: "GET",
      url: `/trpc/auth.me,builders.list?batch=1&input=${encodeURIComponent("{}")}`,
      headers: member.headers,
    });
    expect(batch.statusCode).toBe(200);
    const login = await trpcPost("auth.login", { email: "trpc-cache@example.com", password: "correct-horse" });
    const signup = await trpcPost("auth.signup", { name: "New One", email: "trpc-new@example.com", password: "correct-horse" });
    const failed = await trpcPost("auth.login", { email: "trpc-cache@example.com", password: "wrong-horse" });
    expect(failed.statusCode).toBe(401);
    const logout = await trpcPost("auth.logout", null, member.headers);
    for (const response of [me, batch, login, signup, failed, logout]) expectNoStore(response);
  });
});

describe("the browser's sign-in through tRPC", () => {
  it("answers login with the user only and sets the httpOnly cookie that signs the browser in", async () => {
    await t.createUser("member", { email: "no-token@example.com", password: "correct-horse" });
    const login = await trpcPost("auth.login", { email: "no-token@example.com", password: "correct-horse" });
    expect(login.statusCode).toBe(200);
    const data = login.json().result.data as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(["user"]);
    expect(data.user).toMatchObject({ email: "no-token@example.com", role: "member" });

    const cookie = login.cookies.find((c) => c.name === "session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(login.body).not.toContain(cookie!.value);
    const me = await t.trpcQuery<{ user: { email: string } }>("auth.me", undefined, { cookie: sessionCookieOf(login) });
    expect(me.data.user.email).toBe("no-token@example.com");
  });

  it("answers signup with the user only too", async () => {
    const signup = await trpcPost("auth.signup", { name: "Tokenless", email: "tokenless@example.com", password: "correct-horse" });
    expect(signup.statusCode).toBe(200);
    expect(Object.keys(signup.json().result.data as object)).toEqual(["user"]);
    const cookie = sessionCookie(signup);
    expect(cookie?.value).toBeTruthy();
    expect(signup.body).not.toContain(cookie!.value);
  });

  it("keeps returning the token to REST clients, who have no cookie jar to rely on", async () => {
    await t.createUser("member", { email: "api-client@example.com", password: "correct-horse" });
    const login = await post("/api/auth/login", { email: "api-client@example.com", password: "correct-horse" });
    const { token } = login.json() as { token: string };
    expect(token).toMatch(/^[a-z2-7]{20,}$/);
    expect(await sessionCount(token)).toBe(1);
  });
});

describe("logout, one service behind REST and tRPC", () => {
  const surfaces = [
    { name: "REST", logout: (headers: Record<string, string>) => post("/api/auth/logout", {}, headers) },
    { name: "tRPC", logout: (headers: Record<string, string>) => trpcPost("auth.logout", null, headers) },
  ];
  const answerOf = (response: LightMyRequestResponse) => {
    const body = response.json() as { result?: { data: unknown } };
    return body.result ? body.result.data : body;
  };

  it.each(surfaces)("$name: ends the session, clears the cookie and answers { ok: true }", async ({ logout }) => {
    const { token } = await t.createUser();
    const response = await logout({ cookie: `session=${token}`, ...site });
    expect(response.statusCode).toBe(200);
    expect(answerOf(response)).toEqual({ ok: true });
    expect(sessionCookie(response)?.value).toBe("");
    expect(await sessionCount(token)).toBe(0);
    expect((await t.trpcQuery<{ user: null }>("auth.me", undefined, { authorization: `Bearer ${token}` })).data.user).toBeNull();
  });

  it.each(surfaces)("$name: ends only the session it was sent with", async ({ logout }) => {
    const member = await t.createUser("member", { email: `two-devices-${Math.random()}@example.com` });
    const otherDevice = await post("/api/auth/login", { email: member.user.email, password: "correct-horse" });
    const { token: otherToken } = otherDevice.json() as { token: string };
    await logout(member.headers);
    expect(await sessionCount(member.token)).toBe(0);
    expect(await sessionCount(otherToken)).toBe(1);
  });

  it.each(surfaces)("$name: answers the same without a session or with an ended one", async ({ logout }) => {
    const anonymous = await logout({});
    expect(anonymous.statusCode).toBe(200);
    expect(answerOf(anonymous)).toEqual({ ok: true });

    const { token } = await t.createUser();
    await logout({ authorization: `Bearer ${token}` });
    const again = await logout({ cookie: `session=${token}`, ...site });
    expect(again.statusCode).toBe(200);
    expect(answerOf(again)).toEqual({ ok: true });
    expect(sessionCookie(again)?.value).toBe("");
  });
});
