import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EMAIL_VERIFIED_REDIRECT, EMAIL_VERIFY_INVALID_REDIRECT, type SessionUser } from "#common/auth/accounts.ts";
import { hashToken } from "#server/auth/tokens.ts";
import { emailVerificationTokens, mailMessages, users } from "#server/db/schema/index.ts";
import { ALREADY_VERIFIED, createOrPromoteAdmin, VERIFICATION_SENT } from "#server/features/auth/service.ts";
import { sessionCookieOf, useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
let addressCount = 0;
const nextAddress = () => `10.60.0.${++addressCount}`;

const signup = (email: string, remoteAddress = nextAddress()) =>
  t.inject({
    method: "POST",
    url: "/api/auth/signup",
    headers: json,
    payload: JSON.stringify({ name: "Vera", email, password: "secret12" }),
    remoteAddress,
  });

/** The confirmation links mailed to the address, oldest first. */
async function linksFor(email: string): Promise<string[]> {
  const mails = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email)).orderBy(mailMessages.createdAt);
  return mails.flatMap((mail) => /http:\/\/\S+\/verify-email\?token=[a-z2-7]+/.exec(mail.textBody)?.[0] ?? []);
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const open = (link: string) => {
  const url = new URL(link);
  return t.inject({ method: "GET", url: `${url.pathname}${url.search}` });
};
const me = async (headers: Record<string, string>) =>
  (await t.trpcQuery<{ user: SessionUser | null }>("auth.me", undefined, headers)).data.user;

describe("the confirmation link mailed at signup", () => {
  it("queues a plain-text mail with a link to the site, and the new account starts unverified but signed in", async () => {
    const response = await signup("vera@example.com");
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({ email: "vera@example.com", emailVerified: false });
    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "vera@example.com"));
    expect(mail).toMatchObject({ subject: "Confirm your email address", htmlBody: null });
    expect(mail!.textBody).toContain("valid for 24 hours");
    const [link] = await linksFor("vera@example.com");
    expect(link!.startsWith(`${t.deps.config.publicUrl}/verify-email?token=`)).toBe(true);
    // Stored only hashed, valid 24 hours.
    const [stored] = await t.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.id, hashToken(tokenOf(link!))));
    expect(stored).toMatchObject({ userId: response.json().user.id, email: "vera@example.com", usedAt: null });
    const validFor = stored!.expiresAt.getTime() - stored!.createdAt.getTime();
    expect(validFor).toBeGreaterThan(24 * 60 * 60 * 1000 - 5000);
    expect(validFor).toBeLessThanOrEqual(24 * 60 * 60 * 1000 + 1000);
    expect(JSON.stringify(await t.db.select().from(emailVerificationTokens))).not.toContain(tokenOf(link!));
    expect((await me({ cookie: sessionCookieOf(response) }))?.emailVerified).toBe(false);
  });

  it("verifies once with a 303 to the sign-in page, no-store; a second use lands on the invalid notice", async () => {
    const response = await signup("once@example.com");
    const [link] = await linksFor("once@example.com");
    const first = await open(link!);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(EMAIL_VERIFIED_REDIRECT);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    expect((await me({ cookie: sessionCookieOf(response) }))?.emailVerified).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.email, "once@example.com"));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await open(link!);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(EMAIL_VERIFY_INVALID_REDIRECT);
    expect(again.headers["cache-control"]).toBe("private, no-store");
  });

  it("refuses an expired link, an unknown one and a missing one", async () => {
    await signup("late@example.com");
    const [link] = await linksFor("late@example.com");
    await t.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailVerificationTokens.id, hashToken(tokenOf(link!))));
    expect((await open(link!)).headers.location).toBe(EMAIL_VERIFY_INVALID_REDIRECT);
    const [row] = await t.db.select().from(users).where(eq(users.email, "late@example.com"));
    expect(row?.emailVerifiedAt).toBeNull();
    for (const url of ["/verify-email?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "/verify-email", "/verify-email?token=a&token=b"]) {
      const response = await t.inject({ method: "GET", url });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(EMAIL_VERIFY_INVALID_REDIRECT);
    }
  });

  it("ends the other links of the account once one has verified it", async () => {
    const response = await signup("twice@example.com");
    const resent = await t.inject({
      method: "POST",
      url: "/api/auth/verify-email/resend",
      headers: { authorization: `Bearer ${response.json().token}` },
      remoteAddress: nextAddress(),
    });
    expect(resent.json()).toEqual({ message: VERIFICATION_SENT, emailVerified: false });
    const [first, second] = await linksFor("twice@example.com");
    expect(first).not.toBe(second);
    expect((await open(second!)).headers.location).toBe(EMAIL_VERIFIED_REDIRECT);
    expect((await open(first!)).headers.location).toBe(EMAIL_VERIFY_INVALID_REDIRECT);
  });

  it("counts accounts made by create-admin as verified, new or promoted", async () => {
    const created = await createOrPromoteAdmin(t.db, { email: "boss@example.com", password: "long-password", role: "owner" });
    expect(created.user.emailVerified).toBe(true);
    await signup("promoted@example.com");
    const promoted = await createOrPromoteAdmin(t.db, { email: "promoted@example.com", password: "long-password", role: "admin" });
    expect(promoted.user.emailVerified).toBe(true);
  });
});

describe("asking for a new link", () => {
  it("needs a session, on REST and tRPC alike", async () => {
    expect((await t.inject({ method: "POST", url: "/api/auth/verify-email/resend", remoteAddress: nextAddress() })).statusCode).toBe(401);
    expect((await t.trpcMutation("auth.resendVerification")).status).toBe(401);
  });

  it("says so when the address is already verified, and mails nothing", async () => {
    const member = await t.createUser("member", { email: "done@example.com" });
    const before = (await linksFor("done@example.com")).length;
    const result = await t.trpcMutation("auth.resendVerification", undefined, member.headers);
    expect(result).toMatchObject({ status: 200, data: { message: ALREADY_VERIFIED, emailVerified: true } });
    expect(await linksFor("done@example.com")).toHaveLength(before);
  });

  it("allows 3 an hour per account, counted once across REST and tRPC, then answers 429", async () => {
    const member = await t.createUser("member", { email: "eager@example.com", verified: false });
    const rest = () =>
      t.inject({ method: "POST", url: "/api/auth/verify-email/resend", headers: member.headers, remoteAddress: nextAddress() });
    expect((await rest()).statusCode).toBe(200);
    expect((await t.trpcMutation("auth.resendVerification", undefined, member.headers)).status).toBe(200);
    expect((await rest()).statusCode).toBe(200);
    const limited = await rest();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/Too many confirmation links/);
    expect((await t.trpcMutation("auth.resendVerification", undefined, member.headers)).status).toBe(429);
    // The signup mail and three new links.
    expect(await linksFor("eager@example.com")).toHaveLength(4);
  });

  it("allows 10 an hour per client address, whatever the account", async () => {
    const address = "10.61.0.1";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const member = await t.createUser("member", { email: `crowd${i}@example.com`, verified: false });
      statuses.push(
        (await t.inject({ method: "POST", url: "/api/auth/verify-email/resend", headers: member.headers, remoteAddress: address }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});
