import { eq, lt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { WaitlistAdminList } from "#common/waitlist/admin.ts";
import { siteSettings, waitlistEntries } from "#server/db/schema/index.ts";
import {
  INVALID_UNSUBSCRIBE_LINK,
  listUnsubscribeHeaders,
  unsubscribeSecret,
  unsubscribeToken,
} from "#server/features/waitlist/unsubscribe.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let addressCount = 0;
const nextAddress = () => `10.9.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;
let positionCount = 0;

async function newEntry(email: string) {
  const [entry] = await t.db
    .insert(waitlistEntries)
    .values({ email, position: 1000 + ++positionCount })
    .returning();
  return entry!;
}
const tokenFor = async (entryId: string) => unsubscribeToken(await unsubscribeSecret(t.db, undefined), entryId);
const unsubscribedAtOf = async (id: string) =>
  (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!.unsubscribedAt;
const postJson = (body: unknown, remoteAddress = nextAddress()) =>
  t.inject({
    method: "POST",
    url: "/api/waitlist/unsubscribe",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(body),
    remoteAddress,
  });

describe("unsubscribe links", () => {
  it("keeps one random secret in site_settings when UNSUBSCRIBE_SECRET is not set, and signs with the configured one otherwise", async () => {
    const stored = await unsubscribeSecret(t.db, undefined);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.key, "unsubscribe_secret"));
    expect(row!.value).toBe(stored);
    expect(await unsubscribeSecret(t.db, "configured-secret-0123456789abcdefghij")).toBe("configured-secret-0123456789abcdefghij");
    const id = "6f1c1f55-1d1a-4c83-9a56-0d5e1b6c2a10";
    expect(unsubscribeToken(stored, id)).not.toBe(unsubscribeToken("configured-secret-0123456789abcdefghij", id));
  });

  it("POST {token} marks the entry unsubscribed once; doing it again keeps the first time", async () => {
    const entry = await newEntry("grace@example.com");
    const token = await tokenFor(entry.id);
    const response = await postJson({ token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    const first = await unsubscribedAtOf(entry.id);
    expect(first).toBeInstanceOf(Date);
    expect((await postJson({ token })).statusCode).toBe(200);
    expect(await unsubscribedAtOf(entry.id)).toEqual(first);

    const admin = await t.createUser("admin");
    const list = await t.inject({ method: "GET", url: "/api/waitlist/admin?q=grace", headers: admin.headers });
    expect(list.json<WaitlistAdminList>().entries).toMatchObject([{ email: "grace@example.com", unsubscribedAt: first!.toISOString() }]);
  });

  it("joining again after unsubscribing answers 'welcome back' and stays unsubscribed (docs/decisions/014)", async () => {
    const entry = await newEntry("joan@example.com");
    expect((await postJson({ token: await tokenFor(entry.id) })).statusCode).toBe(200);
    const unsubscribedAt = await unsubscribedAtOf(entry.id);
    const rejoin = await t.inject({
      method: "POST",
      url: "/api/waitlist/join",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "joan@example.com", name: "Joan" }),
      remoteAddress: nextAddress(),
    });
    expect(rejoin.statusCode).toBe(200);
    // The position answered is the rank among the entries there are (join numbers here start at 1001).
    const ahead = (await t.db.select().from(waitlistEntries).where(lt(waitlistEntries.position, entry.position))).length;
    expect(rejoin.json()).toMatchObject({ alreadyJoined: true, position: ahead + 1 });
    expect(await unsubscribedAtOf(entry.id)).toEqual(unsubscribedAt);
  });

  it("the RFC 8058 one-click POST to the List-Unsubscribe URL unsubscribes at once", async () => {
    const entry = await newEntry("katherine@example.com");
    const headers = listUnsubscribeHeaders("https://lab.example.com", await tokenFor(entry.id));
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = new URL(headers["List-Unsubscribe"]!.slice(1, -1));
    expect(url.origin + url.pathname).toBe("https://lab.example.com/api/waitlist/unsubscribe");
    const response = await t.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
    expect(await unsubscribedAtOf(entry.id)).toBeInstanceOf(Date);
  });

  it("answers 400 {error} to a forged, altered or missing token and changes nothing", async () => {
    const entry = await newEntry("dorothy@example.com");
    const other = await newEntry("mary@example.com");
    const token = await tokenFor(entry.id);
    const [, signature] = token.split(".");
    const forged = [
      `${other.id}.${signature}`,
      `${token}x`,
      unsubscribeToken("someone-elses-secret-0123456789abcdef", entry.id),
      "not-a-token",
      `${token}.extra`,
    ];
    for (const bad of forged) {
      const response = await postJson({ token: bad });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_UNSUBSCRIBE_LINK });
    }
    const missing = await postJson({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "The unsubscribe link has no token" });
    expect(await unsubscribedAtOf(entry.id)).toBeNull();
    expect(await unsubscribedAtOf(other.id)).toBeNull();
  });

  it("waitlist.unsubscribe does the same for the page's button", async () => {
    const entry = await newEntry("hedy@example.com");
    const result = await t.trpcMutation("waitlist.unsubscribe", { token: await tokenFor(entry.id) });
    expect(result.status).toBe(200);
    expect(await unsubscribedAtOf(entry.id)).toBeInstanceOf(Date);
    const bad = await t.trpcMutation("waitlist.unsubscribe", { token: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe(INVALID_UNSUBSCRIBE_LINK);
  });

  it("answers 429 {error} after 20 tries a minute from one address, and not for another address", async () => {
    const address = "10.77.0.1";
    for (let i = 0; i < 20; i++) expect((await postJson({ token: "guess" }, address)).statusCode).toBe(400);
    const limited = await postJson({ token: "guess" }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.any(String) });
    expect((await postJson({ token: "guess" }, "10.77.0.2")).statusCode).toBe(400);
  });
});
