import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  CONFIRM_LINK_EXPIRED,
  CONFIRM_LINK_INVALID,
  CONFIRM_LINK_USED,
  CONFIRM_RESENT_MESSAGE,
  DISPOSABLE_EMAIL_REFUSED,
  type WaitlistJoinResult,
} from "#common/waitlist/waitlist.ts";
import { emailTemplates, mailMessages, newsletterSends, waitlistEntries } from "#server/db/schema/index.ts";
import { seedTemplates } from "#server/features/email-templates/service.ts";
import { checkConfirmToken, confirmToken, entryIdOfManageToken } from "#server/features/waitlist/links.ts";
import { unsubscribeSecret } from "#server/features/waitlist/unsubscribe.ts";
import { useTestApp } from "../helpers/test-app";
import { waitlistEntryOf } from "../helpers/waitlist-entries";
import { mailedToken } from "../helpers/waitlist-links";

/** Double opt-in (WAITLIST_CONFIRM on, the default), referral credit and ranks, over REST. */
const t = useTestApp({ rateLimits: false });
const json = { "content-type": "application/json" };

beforeEach(async () => {
  await t.db.delete(newsletterSends);
  await t.db.delete(mailMessages);
  await t.db.delete(emailTemplates);
  await t.db.delete(waitlistEntries);
});

const join = async (email: string, extra: Record<string, unknown> = {}) => {
  const response = await t.inject({
    method: "POST",
    url: "/api/waitlist/join",
    headers: json,
    payload: JSON.stringify({ email, ...extra }),
  });
  return { status: response.statusCode, body: response.json<WaitlistJoinResult & { error?: string }>() };
};
const confirm = async (token: string) => {
  const response = await t.inject({ method: "POST", url: "/api/waitlist/confirm", headers: json, payload: JSON.stringify({ token }) });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
};
const confirmTokenOf = async (email: string) => (await mailedToken(t.db, email, "/waitlist/confirm"))!;
const confirmByMail = async (email: string) => {
  const confirmed = await confirm(await confirmTokenOf(email));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body;
};
const rankOf = async (email: string) => (await join(email)).body.position;
const entryOf = async (email: string) => (await waitlistEntryOf(t.db, email))!;
const mailsTo = (email: string) => t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));

describe("confirmation links", () => {
  it("a join queues only the confirmation mail; the link confirms once and queues the welcome with the referral link", async () => {
    const joined = await join("ada@lab.dev", { name: "Ada" });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ position: 1, confirmed: false, referrals: 0 });
    const queued = await mailsTo("ada@lab.dev");
    expect(queued.map((mail) => mail.subject)).toEqual(["Confirm your place on the $100 Lab waitlist"]);
    expect(queued[0]!.htmlBody).toContain(`${t.deps.config.publicUrl}/waitlist/confirm?token=`);

    const token = await confirmTokenOf("ada@lab.dev");
    const confirmed = await confirm(token);
    expect(confirmed).toEqual({
      status: 200,
      body: { confirmed: true, position: 1, referralUrl: joined.body.referralUrl, referrals: 0 },
    });
    expect((await entryOf("ada@lab.dev")).confirmedAt).toBeInstanceOf(Date);
    const welcome = (await mailsTo("ada@lab.dev")).find((mail) => mail.subject === "You're #1 on the $100 Lab waitlist");
    expect(welcome?.htmlBody).toContain(joined.body.referralUrl);
    expect(welcome?.htmlBody).toContain("0 people joined through your link.");
    // Both the confirmation and the welcome carry the "Manage your data" link, signed for this entry.
    const entryId = (await entryOf("ada@lab.dev")).id;
    for (const mail of [queued[0]!, welcome!]) {
      const manage = new RegExp(`href="${t.deps.config.publicUrl}/waitlist/me\\?token=([^"&]+)"`).exec(mail.htmlBody ?? "");
      expect(manage, mail.subject).not.toBeNull();
      expect(entryIdOfManageToken(await unsubscribeSecret(t.db, undefined), decodeURIComponent(manage![1]!))).toBe(entryId);
    }

    // Single use: the same link again says so, and queues nothing more.
    expect(await confirm(token)).toEqual({ status: 400, body: { error: CONFIRM_LINK_USED } });
    expect(await mailsTo("ada@lab.dev")).toHaveLength(2);
    expect((await join("ada@lab.dev")).body.confirmed).toBe(true);
  });

  it("refuses a forged, mangled or foreign token with 400 and a clear message", async () => {
    await join("bo@lab.dev");
    const token = await confirmTokenOf("bo@lab.dev");
    const [id, expires] = token.split(".");
    const otherSecret = confirmToken("another-secret-0123456789abcdef0123456789", id!);
    for (const forged of [
      `${id}.${Number(expires) + 86_400}.${token.split(".")[2]}`,
      otherSecret,
      `${token}x`,
      "not-a-token",
      `${id}.${expires}`,
    ]) {
      expect(await confirm(forged)).toEqual({ status: 400, body: { error: CONFIRM_LINK_INVALID } });
    }
    expect(await confirm("")).toEqual({ status: 400, body: { error: "The confirmation link has no token" } });
    expect((await entryOf("bo@lab.dev")).confirmedAt).toBeNull();
  });

  it("refuses a genuine link after its 7 days as expired", async () => {
    await join("cy@lab.dev");
    const secret = await unsubscribeSecret(t.db, undefined);
    const entry = await entryOf("cy@lab.dev");
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const stale = confirmToken(secret, entry.id, eightDaysAgo);
    expect(checkConfirmToken(secret, stale)).toEqual({ ok: false, reason: "expired" });
    expect(await confirm(stale)).toEqual({ status: 400, body: { error: CONFIRM_LINK_EXPIRED } });
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 60 * 60 * 1000);
    expect((await confirm(confirmToken(secret, entry.id, sixDaysAgo))).status).toBe(200);
  });

  it("answers a deleted entry's link as not valid", async () => {
    await join("gone@lab.dev");
    const token = await confirmTokenOf("gone@lab.dev");
    await t.db.delete(waitlistEntries).where(eq(waitlistEntries.email, "gone@lab.dev"));
    expect(await confirm(token)).toEqual({ status: 400, body: { error: CONFIRM_LINK_INVALID } });
  });

  it("resends a link to an unconfirmed address, once per few minutes, and answers alike for any address", async () => {
    await join("dee@lab.dev");
    const resend = (email: string) =>
      t.inject({ method: "POST", url: "/api/waitlist/resend", headers: json, payload: JSON.stringify({ email }) });
    for (const email of ["dee@lab.dev", "dee@lab.dev", "nobody@lab.dev"]) {
      const response = await resend(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: CONFIRM_RESENT_MESSAGE });
    }
    expect(await mailsTo("dee@lab.dev")).toHaveLength(2);
    expect(await mailsTo("nobody@lab.dev")).toHaveLength(0);
    await confirmByMail("dee@lab.dev");
    await resend("dee@lab.dev");
    // Confirmed: the welcome came, no further confirmation link.
    expect((await mailsTo("dee@lab.dev")).filter((mail) => mail.subject.startsWith("Confirm"))).toHaveLength(2);
  });

  it("keeps the token out of the request log", async () => {
    await join("eve@lab.dev");
    const token = await confirmTokenOf("eve@lab.dev");
    await t.inject({ method: "GET", url: `/waitlist/confirm?token=${encodeURIComponent(token)}` });
    await confirm(token);
    expect(JSON.stringify(t.logs)).not.toContain(token.split(".")[2]);
  });
});

describe("referrals and ranks", () => {
  it("credits a referral only once the referred person confirms, and the 7th to join with one referral is 2nd", async () => {
    for (let i = 1; i <= 6; i++) await join(`p${i}@lab.dev`);
    const seventh = await join("p7@lab.dev");
    expect(seventh.body.position).toBe(7);

    const friend = await join("friend@lab.dev", { ref: seventh.body.referralCode });
    expect(friend.body.position).toBe(8);
    expect(await rankOf("p7@lab.dev")).toBe(7);
    expect((await entryOf("p7@lab.dev")).referralCount).toBe(0);

    await confirmByMail("friend@lab.dev");
    const after = await join("p7@lab.dev");
    expect(after.body).toMatchObject({ position: 2, referrals: 1 });
    // Contiguous from 1: everyone else moved down one, nobody shares a place or is skipped.
    const ranks = await Promise.all(["p1", "p2", "p3", "p4", "p5", "p6", "p7", "friend"].map((p) => rankOf(`${p}@lab.dev`)));
    expect(ranks).toEqual([1, 3, 4, 5, 6, 7, 2, 8]);

    // A second confirmation through the same link does not count twice; a tie goes to more referrals.
    await confirm(await confirmTokenOf("friend@lab.dev"));
    expect((await entryOf("p7@lab.dev")).referralCount).toBe(1);
  });

  it("breaks a tie of scores by more referrals first, then join order", async () => {
    for (let i = 1; i <= 11; i++) await join(`q${i}@lab.dev`);
    // q11 with two referrals scores 11 - 10 = 1, like q1: more referrals first.
    const code = (await join("q11@lab.dev")).body.referralCode;
    for (const friend of ["r1@lab.dev", "r2@lab.dev"]) {
      await join(friend, { ref: code });
      await confirmByMail(friend);
    }
    expect(await rankOf("q11@lab.dev")).toBe(1);
    expect(await rankOf("q1@lab.dev")).toBe(2);
    expect(await rankOf("r2@lab.dev")).toBe(13);
  });

  it("gives nothing for a self-referral (plus-tags, Gmail dots), a disposable referrer, or an unknown code", async () => {
    const ada = await join("ada.lovelace@gmail.com");
    await join("adalovelace+waitlist@googlemail.com", { ref: ada.body.referralCode });
    await confirmByMail("adalovelace+waitlist@googlemail.com");
    expect((await entryOf("ada.lovelace@gmail.com")).referralCount).toBe(0);
    expect((await entryOf("adalovelace+waitlist@googlemail.com")).referredBy).toBeNull();

    // An entry on a disposable domain from before the refusal (or with the refusal off) earns nothing.
    const [burner] = await t.db.insert(waitlistEntries).values({ email: "x@mailinator.com", position: 99 }).returning();
    await join("real@lab.dev", { ref: burner!.referralCode });
    await confirmByMail("real@lab.dev");
    expect((await entryOf("x@mailinator.com")).referralCount).toBe(0);

    const unknown = await join("stray@lab.dev", { ref: "doesnotexist" });
    expect(unknown.status).toBe(201);
    expect((await entryOf("stray@lab.dev")).referredBy).toBeNull();
    const malformed = await join("odd@lab.dev", { ref: "<script>" });
    expect(malformed.status).toBe(201);
  });

  it("refuses a disposable address at join with a clear message, and stores nothing", async () => {
    for (const email of ["temp@mailinator.com", "temp@sub.mailinator.com"]) {
      expect(await join(email)).toEqual({ status: 400, body: { error: DISPOSABLE_EMAIL_REFUSED } });
    }
    expect(await t.db.select().from(waitlistEntries)).toHaveLength(0);
  });

  it("keeps the credit when the referred person's entry is deleted", async () => {
    const code = (await join("keeper@lab.dev")).body.referralCode;
    await join("leaver@lab.dev", { ref: code });
    await confirmByMail("leaver@lab.dev");
    await t.db.delete(waitlistEntries).where(eq(waitlistEntries.email, "leaver@lab.dev"));
    expect((await join("keeper@lab.dev")).body.referrals).toBe(1);
  });
});

describe("newsletters and double opt-in", () => {
  it("go to confirmed entries only", async () => {
    const admin = await t.createUser("admin");
    await seedTemplates(t.db);
    const [template] = await t.db.select().from(emailTemplates).where(eq(emailTemplates.type, "newsletter"));
    await join("sure@lab.dev");
    await confirmByMail("sure@lab.dev");
    await join("maybe@lab.dev");
    const response = await t.inject({
      method: "POST",
      url: "/api/email/newsletter",
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify({ templateId: template!.id }),
    });
    expect(response.json()).toMatchObject({ total: 1, queued: 1 });
    const newsletters = await t.db.select().from(mailMessages).where(eq(mailMessages.newsletterSendId, response.json().sendId));
    expect(newsletters.map((mail) => mail.toAddress)).toEqual(["sure@lab.dev"]);
  });
});

describe("the back office's view of confirmations and referrals", () => {
  it("lists rank, join number, confirmation and referrals; sorts by rank; filters unconfirmed; names the top referrers", async () => {
    const admin = await t.createUser("admin");
    for (let i = 1; i <= 6; i++) {
      await join(`a${i}@lab.dev`, { name: `A${i}` });
      await confirmByMail(`a${i}@lab.dev`);
    }
    const code = (await join("a6@lab.dev")).body.referralCode;
    await join("b1@lab.dev", { ref: code });
    await confirmByMail("b1@lab.dev");
    await join("b2@lab.dev", { ref: code });

    const list = async (query: string) => {
      const response = await t.inject({ method: "GET", url: `/api/waitlist/admin${query}`, headers: admin.headers });
      expect(response.statusCode).toBe(200);
      return response.json<{
        entries: Array<{ email: string; rank: number; position: number; referrals: number; confirmedAt: string | null }>;
      }>();
    };
    const byRank = await list("?sort=rank&order=asc");
    expect(byRank.entries.map((entry) => [entry.email, entry.rank, entry.position])).toEqual([
      // 6 - 5 = 1 ties with the first to join: more referrals first.
      ["a6@lab.dev", 1, 6],
      ["a1@lab.dev", 2, 1],
      ["a2@lab.dev", 3, 2],
      ["a3@lab.dev", 4, 3],
      ["a4@lab.dev", 5, 4],
      ["a5@lab.dev", 6, 5],
      ["b1@lab.dev", 7, 7],
      ["b2@lab.dev", 8, 8],
    ]);
    // The whole list by rank takes its ranks from the page's offset; a filtered view from row_number(): both agree.
    const lastFirst = await list("?sort=rank&order=desc&pageSize=3&page=2");
    expect(lastFirst.entries.map((entry) => [entry.email, entry.rank])).toEqual([
      ["a4@lab.dev", 5],
      ["a3@lab.dev", 4],
      ["a2@lab.dev", 3],
    ]);
    expect((await list("?sort=rank&order=asc&q=a6")).entries.map((entry) => entry.rank)).toEqual([1]);
    const unconfirmed = await list("?status=unconfirmed&sort=rank&order=asc");
    expect(unconfirmed.entries.map((entry) => [entry.email, entry.rank, entry.confirmedAt])).toEqual([["b2@lab.dev", 8, null]]);
    expect((await list("?sort=referrals&order=desc")).entries[0]).toMatchObject({ email: "a6@lab.dev", referrals: 1 });

    const stats = await t.inject({ method: "GET", url: "/api/waitlist/stats", headers: admin.headers });
    expect(stats.json()).toMatchObject({
      unconfirmed: 1,
      topReferrers: [{ email: "a6@lab.dev", name: "A6", referrals: 1, rank: 1 }],
    });
    const csv = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: admin.headers });
    expect(csv.body).toContain("\r\n6,A6,a6@lab.dev,,,,homepage,");
    expect(csv.body).toMatch(/\r\n6,A6,a6@lab\.dev,,,,homepage,[^,]+,1,[^,]+,1\r\n/);
  });
});
