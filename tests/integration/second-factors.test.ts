import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { hashToken } from "#server/auth/tokens.ts";
import { passwordResetTokens, totpCredentials } from "#server/db/schema/index.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { sessionCookieOf, useTestApp, type TestUser } from "../helpers/test-app";
import { totpCode } from "../helpers/totp";

const t = useTestApp({ clientDir: builtClientDir(), ssrEntry: SSR_ENTRY });

/** The clock the server reads (Date only: timers run as usual), moved by the tests: TOTP steps and expiries. */
let now = Date.UTC(2026, 10, 26, 12, 0, 0);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});
const advance = (ms: number) => {
  now += ms;
  vi.setSystemTime(now);
};

let addressCount = 0;
/** Each call from its own address, so one test's budget never refuses another's calls. */
const nextAddress = () => `10.24.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

const post = (url: string, body: unknown, options: { headers?: Record<string, string>; from?: string } = {}) =>
  t.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...options.headers },
    payload: JSON.stringify(body),
    remoteAddress: options.from ?? nextAddress(),
  });

type Enrolled = TestUser & { secret: string; recoveryCodes: string[]; email: string; password: string };

/** A member with two-factor codes on, enrolled through the account procedures with a code computed here. */
async function enrolledMember(): Promise<Enrolled> {
  const password = "correct-horse";
  const member = await t.createUser("member", { password });
  const start = await t.trpcMutation<{ secret: string; otpauthUrl: string; qrSvg: string }>("account.totpStart", undefined, member.headers);
  expect(start.status).toBe(200);
  const confirm = await t.trpcMutation<{ recoveryCodes: string[] }>(
    "account.totpConfirm",
    { code: totpCode(start.data.secret, Date.now()) },
    member.headers,
  );
  expect(confirm.status).toBe(200);
  // The next sign-in is in a later 30-second step: the confirming code counts as used.
  advance(30_000);
  return { ...member, secret: start.data.secret, recoveryCodes: confirm.data.recoveryCodes, email: member.user.email, password };
}

async function challengeFor(account: { email: string; password: string }): Promise<string> {
  const login = await post("/api/auth/login", { email: account.email, password: account.password });
  expect(login.statusCode).toBe(200);
  const body = login.json<{ twoFactorRequired: boolean; challenge: string }>();
  expect(body.twoFactorRequired).toBe(true);
  return body.challenge;
}

describe("enrolment (account.totpStart, account.totpConfirm)", () => {
  it("answers a secret, its otpauth URL and a server-made QR code, then ten single-use recovery codes for a right code", async () => {
    const member = await t.createUser("member");
    const start = await t.trpcMutation<{ secret: string; otpauthUrl: string; qrSvg: string }>(
      "account.totpStart",
      undefined,
      member.headers,
    );
    expect(start.status).toBe(200);
    expect(start.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?/);
    expect(start.data.otpauthUrl).toContain(`secret=${start.data.secret}`);
    expect(start.data.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    const wrong = await t.trpcMutation(
      "account.totpConfirm",
      { code: "000000" === totpCode(start.data.secret, now) ? "111111" : "000000" },
      member.headers,
    );
    expect(wrong.status).toBe(400);
    expect((await t.trpcQuery<{ enabled: boolean }>("twoFactor.status", undefined, member.headers)).data.enabled).toBe(false);

    const confirm = await t.trpcMutation<{ recoveryCodes: string[] }>(
      "account.totpConfirm",
      { code: totpCode(start.data.secret, now) },
      member.headers,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirm.data.recoveryCodes).size).toBe(10);
    for (const code of confirm.data.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    const status = await t.trpcQuery<{ enabled: boolean; recoveryCodesLeft: number }>("twoFactor.status", undefined, member.headers);
    expect(status.data).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // Codes on: no second enrolment until they are turned off, and the secret is never answered again.
    expect((await t.trpcMutation("account.totpStart", undefined, member.headers)).status).toBe(409);
    expect(JSON.stringify(status.data)).not.toContain(start.data.secret);
    // Neither the secret nor a recovery code reached the log.
    const logged = JSON.stringify(t.logs);
    expect(logged).not.toContain(start.data.secret);
    for (const code of confirm.data.recoveryCodes) expect(logged).not.toContain(code);
  });

  it("keeps recovery codes hashed: the table holds none of them", async () => {
    const account = await enrolledMember();
    const rows = await t.db.query.recoveryCodes.findMany();
    const stored = JSON.stringify(rows);
    for (const code of account.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace(/-/g, ""));
    }
  });
});

describe("signing in with a second factor", () => {
  it("POST /api/auth/login answers a challenge and no session; /api/auth/login/2fa with a computed code answers as login does", async () => {
    const account = await enrolledMember();
    const login = await post("/api/auth/login", { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);
    const body = login.json<{ twoFactorRequired: true; challenge: string; user?: unknown; token?: unknown }>();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(login.cookies.find((cookie) => cookie.name === "session")).toBeUndefined();

    const step = await post("/api/auth/login/2fa", { challenge: body.challenge, code: totpCode(account.secret, now) });
    expect(step.statusCode).toBe(200);
    const signedIn = step.json<{ user: { email: string }; token: string }>();
    expect(signedIn.user.email).toBe(account.email);
    const me = await t.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: sessionCookieOf(step) } });
    expect(me.json<{ result: { data: { user: { email: string } } } }>().result.data.user.email).toBe(account.email);
    expect(
      (await t.inject({ method: "GET", url: "/trpc/auth.me", headers: { authorization: `Bearer ${signedIn.token}` } })).json(),
    ).toMatchObject({
      result: { data: { user: { email: account.email } } },
    });

    // The challenge works once.
    const again = await post("/api/auth/login/2fa", { challenge: body.challenge, code: totpCode(account.secret, now + 30_000) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: "This sign-in step has expired. Please sign in again." });
  });

  it("refuses a code used before (its step or an earlier one) and a wrong code, and the challenge survives a wrong code", async () => {
    const account = await enrolledMember();
    const code = totpCode(account.secret, now);
    const first = await post("/api/auth/login/2fa", { challenge: await challengeFor(account), code });
    expect(first.statusCode).toBe(200);

    const challenge = await challengeFor(account);
    const replay = await post("/api/auth/login/2fa", { challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json<{ error: string }>().error).toMatch(/already used/);
    // The previous step's code is still within the clock window, but older than the last one used.
    const earlier = await post("/api/auth/login/2fa", { challenge, code: totpCode(account.secret, now - 30_000) });
    expect(earlier.statusCode).toBe(401);

    const current = totpCode(account.secret, now + 30_000);
    const wrongCode = current === "123456" ? "654321" : "123456";
    const wrong = await post("/api/auth/login/2fa", { challenge, code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<{ error: string }>().error).toMatch(/not right/);

    advance(30_000);
    expect((await post("/api/auth/login/2fa", { challenge, code: current })).statusCode).toBe(200);
  });

  it("accepts each recovery code once", async () => {
    const account = await enrolledMember();
    const [code] = account.recoveryCodes;
    // Typed in capitals without dashes, as people do.
    const first = await post("/api/auth/login/2fa", {
      challenge: await challengeFor(account),
      code: code!.replace(/-/g, "").toUpperCase(),
    });
    expect(first.statusCode).toBe(200);
    const second = await post("/api/auth/login/2fa", { challenge: await challengeFor(account), code });
    expect(second.statusCode).toBe(401);
    const status = await t.trpcQuery<{ recoveryCodesLeft: number }>("twoFactor.status", undefined, account.headers);
    expect(status.data.recoveryCodesLeft).toBe(9);
  });

  it("lets the challenge expire after five minutes", async () => {
    const account = await enrolledMember();
    const challenge = await challengeFor(account);
    advance(5 * 60 * 1000 + 1000);
    const late = await post("/api/auth/login/2fa", { challenge, code: totpCode(account.secret, now) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: "This sign-in step has expired. Please sign in again." });
    // A challenge that was never handed out is refused the same way.
    expect((await post("/api/auth/login/2fa", { challenge: "made-up", code: "123456" })).statusCode).toBe(401);
  });

  it("does the same over tRPC: auth.login answers the challenge, auth.loginSecondFactor sets the cookie and answers only the user", async () => {
    const account = await enrolledMember();
    const login = await t.trpcMutation<{ twoFactorRequired: true; challenge: string }>("auth.login", {
      email: account.email,
      password: account.password,
    });
    expect(login.status).toBe(200);
    expect(login.data.twoFactorRequired).toBe(true);
    const response = await t.inject({
      method: "POST",
      url: "/trpc/auth.loginSecondFactor",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ challenge: login.data.challenge, code: totpCode(account.secret, now) }),
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ result: { data: { user: { email: string }; token?: string } } }>().result.data;
    expect(data.user.email).toBe(account.email);
    expect(data.token).toBeUndefined();
    expect(sessionCookieOf(response)).toMatch(/^session=/);
  });

  it("still asks for the code after a password reset", async () => {
    const account = await enrolledMember();
    const token = `reset-${account.user.id}`;
    await t.db
      .insert(passwordResetTokens)
      .values({ id: hashToken(token), userId: account.user.id, expiresAt: new Date(now + 60 * 60 * 1000) });
    const reset = await post("/api/auth/reset-password/confirm", { token, password: "a-new-password" });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.find((cookie) => cookie.name === "session")).toBeUndefined();
    await challengeFor({ email: account.email, password: "a-new-password" });
  });
});

describe("rate limits on codes", () => {
  it("refuses an account's codes after ten wrong ones in a quarter hour, from any address", async () => {
    const account = await enrolledMember();
    const challenge = await challengeFor(account);
    const right = totpCode(account.secret, now);
    const wrong = right === "000000" ? "999999" : "000000";
    for (let i = 0; i < 10; i++) expect((await post("/api/auth/login/2fa", { challenge, code: wrong })).statusCode).toBe(401);
    const refused = await post("/api/auth/login/2fa", { challenge, code: right });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("refuses an address's guesses after thirty, across accounts and made-up challenges", async () => {
    const from = "10.25.0.1";
    for (let i = 0; i < 30; i++)
      expect((await post("/api/auth/login/2fa", { challenge: `guess-${i}`, code: "123456" }, { from })).statusCode).toBe(401);
    const account = await enrolledMember();
    const challenge = await challengeFor(account);
    const refused = await post("/api/auth/login/2fa", { challenge, code: totpCode(account.secret, now) }, { from });
    expect(refused.statusCode).toBe(429);
  });
});

describe("turning codes off (account.totpDisable)", () => {
  it("needs the password and a code; then a password signs in alone", async () => {
    const account = await enrolledMember();
    const code = totpCode(account.secret, now);
    expect((await t.trpcMutation("account.totpDisable", { password: "wrong-password", code }, account.headers)).status).toBe(400);
    const wrongCode = code === "000000" ? "999999" : "000000";
    expect((await t.trpcMutation("account.totpDisable", { password: account.password, code: wrongCode }, account.headers)).status).toBe(
      400,
    );
    const off = await t.trpcMutation("account.totpDisable", { password: account.password, code }, account.headers);
    expect(off.status).toBe(200);
    expect(await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, account.user.id))).toEqual([]);
    const login = await post("/api/auth/login", { email: account.email, password: account.password });
    expect(login.json()).toMatchObject({ user: { email: account.email }, token: expect.any(String) });
  });
});

describe("the scriptless sign-in form", () => {
  const form = (fields: Record<string, string>, cookie?: string) =>
    t.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: nextAddress(),
    });

  it("shows the code step after a right password, refuses a wrong code on the same step, and signs in with a right one", async () => {
    const account = await enrolledMember();
    const posted = await form({ email: account.email, password: account.password });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe("/login");
    expect(posted.cookies.find((cookie) => cookie.name === "session")).toBeUndefined();
    const cookies = posted.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    const page = await t.inject({ method: "GET", url: "/login", headers: { cookie: cookies } });
    expect(page.body).toContain("Two-factor code");
    const challenge = /name="challenge" value="([^"]+)"/.exec(page.body)?.[1];
    expect(challenge).toBeDefined();

    const right = totpCode(account.secret, now);
    const wrong = await form({ challenge: challenge!, code: right === "000000" ? "999999" : "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain("Two-factor code");
    expect(wrong.body).toContain(`value="${challenge}"`);

    const done = await form({ challenge: challenge!, code: right });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/");
    expect(sessionCookieOf(done)).toMatch(/^session=/);
  });
});
