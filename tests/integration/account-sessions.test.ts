import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AccountSession } from "#common/account/account.ts";
import { SESSION_SEEN_PRECISION_MS } from "#server/auth/sessions.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { mailMessages, sessions } from "#server/db/schema/index.ts";
import { sessionCookieOf, useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** Signs in over REST as a browser at an address would: answers the bearer headers of the new session. */
async function signIn(user: { email: string }, userAgent: string, remoteAddress: string) {
  const response = await t.inject({
    method: "POST",
    url: "/api/auth/login",
    headers: { "content-type": "application/json", "user-agent": userAgent },
    payload: JSON.stringify({ email: user.email, password: "correct-horse" }),
    remoteAddress,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { token } = response.json<{ token: string }>();
  return { token, headers: { authorization: `Bearer ${token}` }, cookie: sessionCookieOf(response) };
}

/** A member with no session yet (createUser's own are ended): each test counts the sessions it opens. */
async function memberWithoutSessions(): Promise<TestUser> {
  const member = await t.createUser("member");
  await t.db.delete(sessions).where(eq(sessions.userId, member.user.id));
  return member;
}

const sessionsOf = async (headers: Record<string, string>) => {
  const result = await t.trpcQuery<AccountSession[]>("account.sessions", undefined, headers);
  expect(result.status, JSON.stringify(result.error)).toBe(200);
  return result.data;
};

describe("account.sessions", () => {
  it("lists each session with its device, browser, place and last seen, this one marked, ids that are not the tokens", async () => {
    const member = await memberWithoutSessions();
    const laptop = await signIn(member.user, FIREFOX_MAC, "81.2.69.160");
    const phone = await signIn(member.user, CHROME_ANDROID, "2.125.160.216");

    const list = await sessionsOf(laptop.headers);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: hashToken(laptop.token), current: true, device: "macOS computer", browser: "Firefox" });
    const other = list.find((session) => session.id === hashToken(phone.token));
    expect(other).toMatchObject({ current: false, device: "Android phone", browser: "Chrome" });
    expect(list.filter((session) => session.current)).toHaveLength(1);
    // The bundled city data places these test addresses in the United Kingdom.
    expect(list[0]!.place).toMatch(/GB$/);
    expect(new Date(list[0]!.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const body = JSON.stringify(list);
    expect(body).not.toContain(laptop.token);
    expect(body).not.toContain(phone.token);

    // The REST path answers the same list for an API client.
    const rest = await t.inject({ method: "GET", url: "/api/account/sessions", headers: phone.headers });
    expect(rest.statusCode).toBe(200);
    expect(rest.json<AccountSession[]>().find((session) => session.current)?.id).toBe(hashToken(phone.token));
  });

  it("moves last seen forward only when it is older than a few minutes", async () => {
    const member = await t.createUser("member");
    const id = hashToken(member.token);
    const seenAt = async () => (await t.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt.getTime();
    const recent = new Date(Date.now() - 60_000);
    await t.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, id));
    await sessionsOf(member.headers);
    expect(await seenAt()).toBe(recent.getTime());

    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_SEEN_PRECISION_MS - 1000) })
      .where(eq(sessions.id, id));
    await sessionsOf(member.headers);
    expect(await seenAt()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("account.endSession", () => {
  it("ends another session: its token gets 401 at once on REST and tRPC", async () => {
    const member = await memberWithoutSessions();
    const mine = await signIn(member.user, FIREFOX_MAC, "10.1.0.1");
    const other = await signIn(member.user, CHROME_ANDROID, "10.1.0.1");
    expect((await t.inject({ method: "GET", url: "/api/account/sessions", headers: other.headers })).statusCode).toBe(200);

    const ended = await t.trpcMutation("account.endSession", { id: hashToken(other.token) }, mine.headers);
    expect(ended.status, JSON.stringify(ended.error)).toBe(200);
    expect(ended.data).toEqual({ ok: true, current: false });

    expect((await t.inject({ method: "GET", url: "/api/account/sessions", headers: other.headers })).statusCode).toBe(401);
    expect((await t.trpcQuery("account.sessions", undefined, other.headers)).status).toBe(401);
    // A member REST path of another feature, and the cookie the browser holds, are refused too.
    expect((await t.inject({ method: "POST", url: "/api/auth/verify-email/resend", headers: other.headers })).statusCode).toBe(401);
    expect((await t.trpcQuery<{ user: unknown }>("auth.me", undefined, { cookie: other.cookie })).data.user).toBeNull();
    // The caller is still signed in.
    expect((await sessionsOf(mine.headers)).map((session) => session.current)).toEqual([true]);
  });

  it("answers 404 for another account's session and for an unknown id, and ends nothing", async () => {
    const member = await t.createUser("member");
    const stranger = await memberWithoutSessions();
    const theirsToken = (await signIn(stranger.user, FIREFOX_MAC, "10.1.0.5")).token;
    const theirs = await t.trpcMutation("account.endSession", { id: hashToken(theirsToken) }, member.headers);
    expect(theirs.status).toBe(404);
    expect(theirs.error?.message).toBe("Session not found: it may have ended already");
    expect(await sessionsOf({ authorization: `Bearer ${theirsToken}` })).toHaveLength(1);
    const rest = await t.inject({ method: "DELETE", url: `/api/account/sessions?id=${"0".repeat(64)}`, headers: member.headers });
    expect(rest.statusCode).toBe(404);
  });

  it("refuses an id that is not a session id, and a token sent as the id", async () => {
    const member = await t.createUser("member");
    const asToken = await t.trpcMutation("account.endSession", { id: member.token }, member.headers);
    expect(asToken.status).toBe(400);
    expect(asToken.error?.message).toBe("Session id is not valid");
  });

  it("ending the caller's own session signs it out and clears the cookie", async () => {
    const member = await t.createUser("member");
    const browser = await signIn(member.user, FIREFOX_MAC, "10.1.0.2");
    const response = await t.inject({
      method: "DELETE",
      url: `/api/account/sessions?id=${hashToken(browser.token)}`,
      headers: { cookie: browser.cookie, origin: t.deps.config.publicUrl },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, current: true });
    expect(response.cookies.find((cookie) => cookie.name === "session")?.value).toBe("");
    expect((await t.trpcQuery("account.sessions", undefined, { cookie: browser.cookie })).status).toBe(401);
  });
});

describe("account.endOtherSessions", () => {
  it("ends every session but the caller's, and no other account's", async () => {
    const member = await memberWithoutSessions();
    const neighbour = await memberWithoutSessions();
    const neighbourSession = await signIn(neighbour.user, FIREFOX_MAC, "10.1.0.6");
    const a = await signIn(member.user, FIREFOX_MAC, "10.1.0.3");
    const b = await signIn(member.user, CHROME_ANDROID, "10.1.0.4");
    const result = await t.trpcMutation("account.endOtherSessions", undefined, a.headers);
    expect(result.data).toEqual({ ended: 1 });
    expect((await t.trpcQuery("account.sessions", undefined, b.headers)).status).toBe(401);
    expect((await sessionsOf(a.headers)).map((session) => session.id)).toEqual([hashToken(a.token)]);
    expect(await sessionsOf(neighbourSession.headers)).toHaveLength(1);
  });
});

describe("a sign-in from a new browser or place", () => {
  it("mails the owner once, with where and the link to the sessions list; a known one and the first sign-in mail nothing", async () => {
    const member = await t.createUser("member");
    const newSignInMails = () =>
      t.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.toAddress, member.user.email))
        .then((rows) => rows.filter((row) => row.subject === "New sign-in to your account"));

    await signIn(member.user, FIREFOX_MAC, "81.2.69.160");
    expect(await newSignInMails()).toHaveLength(0);
    await signIn(member.user, FIREFOX_MAC, "81.2.69.160");
    expect(await newSignInMails()).toHaveLength(0);

    await signIn(member.user, CHROME_ANDROID, "81.2.69.160");
    const [mail] = await newSignInMails();
    expect(mail?.textBody).toContain("Chrome on Android phone");
    expect(mail?.textBody).toContain(`${t.deps.config.publicUrl}/account#sessions`);
    expect(await newSignInMails()).toHaveLength(1);
    await signIn(member.user, CHROME_ANDROID, "81.2.69.160");
    expect(await newSignInMails()).toHaveLength(1);
  });
});
