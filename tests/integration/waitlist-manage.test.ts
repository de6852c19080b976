import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { MANAGE_DELETE_UNCONFIRMED, MANAGE_LINK_INVALID, type WaitlistMyData } from "#common/waitlist/waitlist.ts";
import { mailMessages, waitlistEntries } from "#server/db/schema/index.ts";
import { manageToken } from "#server/features/waitlist/links.ts";
import { unsubscribeSecret } from "#server/features/waitlist/unsubscribe.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { useTestApp } from "../helpers/test-app";
import { waitlistEntryOf } from "../helpers/waitlist-entries";
import { mailedToken } from "../helpers/waitlist-links";

/** "Manage your data" without an account: the signed link of every waitlist mail, over REST, tRPC and the page. */
const t = useTestApp({ rateLimits: false, clientDir: builtClientDir(), ssrEntry: SSR_ENTRY });
const json = { "content-type": "application/json" };

beforeEach(async () => {
  await t.db.delete(mailMessages);
  await t.db.delete(waitlistEntries);
});

const join = (email: string, extra: Record<string, unknown> = {}) =>
  t.inject({ method: "POST", url: "/api/waitlist/join", headers: json, payload: JSON.stringify({ email, ...extra }) });
const confirmByMail = async (email: string) => {
  const token = await mailedToken(t.db, email, "/waitlist/confirm");
  const response = await t.inject({ method: "POST", url: "/api/waitlist/confirm", headers: json, payload: JSON.stringify({ token }) });
  expect(response.statusCode).toBe(200);
};
const myData = (token: string) => t.inject({ method: "GET", url: `/api/waitlist/me?token=${encodeURIComponent(token)}` });
const deleteMe = (token: string) =>
  t.inject({ method: "POST", url: "/api/waitlist/me/delete", headers: json, payload: JSON.stringify({ token }) });
const entryOf = (email: string) => waitlistEntryOf(t.db, email);

describe("the manage link's data", () => {
  it("shows every stored field of the mailed link's entry, with its rank, referral link and unsubscribe page", async () => {
    expect((await join("ada@lab.dev", { name: "Ada", interests: ["Analytics"] })).statusCode).toBe(201);
    const token = (await mailedToken(t.db, "ada@lab.dev", "/waitlist/me"))!;
    expect(token).toMatch(/^m\./);
    const response = await myData(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const data = response.json<WaitlistMyData>();
    const entry = (await entryOf("ada@lab.dev"))!;
    expect(data).toMatchObject({
      email: "ada@lab.dev",
      name: "Ada",
      interests: ["Analytics"],
      source: "homepage",
      joinNumber: entry.position,
      position: 1,
      confirmedAt: null,
      unsubscribedAt: null,
      referralCode: entry.referralCode,
      referralUrl: `${t.deps.config.publicUrl}/?ref=${entry.referralCode}`,
      referrals: 0,
      joinedThroughReferral: false,
    });
    expect(data.unsubscribeUrl).toMatch(new RegExp(`^${t.deps.config.publicUrl}/unsubscribe\\?token=`));
    // tRPC answers the same.
    const trpc = await t.trpcQuery<WaitlistMyData>("waitlist.myData", { token });
    expect(trpc.data).toEqual(data);
  });

  it("refuses a forged token, another kind of token and a missing one with a clear 400", async () => {
    await join("bob@lab.dev");
    const entry = (await entryOf("bob@lab.dev"))!;
    const forged = manageToken("not-the-site-secret", entry.id);
    for (const token of [forged, entry.id, `m.${entry.id}.x`]) {
      const refused = await myData(token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: MANAGE_LINK_INVALID });
    }
    expect((await t.inject({ method: "GET", url: "/api/waitlist/me" })).statusCode).toBe(400);
  });
});

describe("Delete me", () => {
  it("erases the entry, keeps the credit it gave its referrer, and the link works no more", async () => {
    await join("ref@lab.dev");
    await confirmByMail("ref@lab.dev");
    const referrer = (await entryOf("ref@lab.dev"))!;
    await join("friend@lab.dev", { ref: referrer.referralCode });
    await confirmByMail("friend@lab.dev");
    expect((await entryOf("ref@lab.dev"))!.referralCount).toBe(1);

    const token = (await mailedToken(t.db, "friend@lab.dev", "/waitlist/me"))!;
    const mine = (await myData(token)).json<WaitlistMyData>();
    expect(mine.joinedThroughReferral).toBe(true);
    const deleted = await deleteMe(token);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    expect(await entryOf("friend@lab.dev")).toBeUndefined();
    // The credit is a stored counter: it stays; the referrer's referred people no longer include the erased one.
    expect((await entryOf("ref@lab.dev"))!.referralCount).toBe(1);
    expect(await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.referredBy, referrer.id))).toEqual([]);

    expect((await myData(token)).statusCode).toBe(400);
    const again = await deleteMe(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MANAGE_LINK_INVALID });
  });

  it("works without scripts: the page shows the data, and the form erases only with its box ticked", async () => {
    await join("cleo@lab.dev", { name: "Cleo" });
    const entry = (await entryOf("cleo@lab.dev"))!;
    const token = manageToken(await unsubscribeSecret(t.db, undefined), entry.id);
    const pagePath = `/waitlist/me?token=${encodeURIComponent(token)}`;
    const page = await t.inject({ method: "GET", url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Your waitlist data");
    expect(page.body).toContain("cleo@lab.dev");
    expect(page.body).toContain(`/?ref=${entry.referralCode}`);
    expect(page.body).toContain('name="robots" content="noindex');
    // One person's data: never kept by the server's page cache nor any other.
    expect(page.headers["cache-control"]).toBe("private, no-store");

    const post = (fields: [string, string][]) =>
      t.inject({
        method: "POST",
        url: pagePath,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
    const unticked = await post([["token", token]]);
    expect(unticked.statusCode).toBe(400);
    expect(unticked.body).toContain(MANAGE_DELETE_UNCONFIRMED);
    expect(await entryOf("cleo@lab.dev")).toBeDefined();

    const done = await post([
      ["token", token],
      ["confirmDelete", "yes"],
    ]);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe("/waitlist/me");
    expect(await entryOf("cleo@lab.dev")).toBeUndefined();
    const after = await t.inject({
      method: "GET",
      url: "/waitlist/me",
      cookies: Object.fromEntries(done.cookies.map((c) => [c.name, c.value])),
    });
    expect(after.body).toContain("Your entry is erased");

    const bad = await t.inject({ method: "GET", url: pagePath });
    expect(bad.body).toContain("This link does not work");
  });
});
