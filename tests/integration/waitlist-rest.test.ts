import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { useTestApp } from "../helpers/test-app";
import { waitlistEntryOf } from "../helpers/waitlist-entries";

const t = useTestApp();
const json = { "content-type": "application/json" };
let addressCount = 0;
/** Each call comes from its own address unless one is given, so the per-address budget stays out of the way. */
const join = (body: unknown, remoteAddress = `10.1.${Math.floor(++addressCount / 250)}.${addressCount % 250}`) =>
  t.inject({ method: "POST", url: "/api/waitlist/join", headers: json, payload: JSON.stringify(body), remoteAddress });
const entryOf = (email: string) => waitlistEntryOf(t.db, email);

describe("POST /api/waitlist/join", () => {
  it("answers 201 with the position and stores email, name, interests, source, location and time", async () => {
    const before = Date.now();
    const response = await join(
      { email: "  Ada@Example.COM ", name: "  Ada Lovelace ", interests: ["Analytics", "Angel Investing"], source: "homepage" },
      "81.2.69.160",
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: "You're #1 on the list! We'll email you when The $100 Lab opens.",
      position: 1,
      joinNumber: 1,
      alreadyJoined: false,
      // Double opt-in and referrals: the person's own link, and an address still to be confirmed.
      referralCode: expect.stringMatching(/^[0-9a-f]{12}$/),
      referralUrl: `${t.deps.config.publicUrl}/?ref=${response.json().referralCode}`,
      referrals: 0,
      confirmed: false,
    });
    const stored = await entryOf("ada@example.com");
    expect(stored).toMatchObject({
      position: 1,
      email: "ada@example.com",
      name: "Ada Lovelace",
      interests: ["Analytics", "Angel Investing"],
      source: "homepage",
      country: "GB",
      // The city database's city for this address (Bracknell today); it may change with the data, so any text.
      city: expect.any(String),
    });
    expect(stored!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("needs only the email: no name, no interests, source homepage, no location for a private address", async () => {
    const response = await join({ email: "bare@example.com" }, "10.200.0.1");
    expect(response.statusCode).toBe(201);
    expect(response.json().alreadyJoined).toBe(false);
    expect(await entryOf("bare@example.com")).toMatchObject({ name: null, interests: [], source: "homepage", country: null, city: null });
  });

  it("stores a blank name as no name and null optional fields as absent", async () => {
    expect((await join({ email: "blank@example.com", name: "   ", interests: null, source: null })).statusCode).toBe(201);
    expect(await entryOf("blank@example.com")).toMatchObject({ name: null, interests: [], source: "homepage" });
  });

  it("accepts the debug source", async () => {
    expect((await join({ email: "debug@example.com", source: "debug" })).statusCode).toBe(201);
    expect((await entryOf("debug@example.com"))?.source).toBe("debug");
  });

  it("answers the same email again, in any case and spacing, with 200 Welcome back and the original position, changing nothing", async () => {
    const first = await join({ email: "cy@example.com", name: "Cy", interests: ["Community"], source: "homepage" });
    expect(first.statusCode).toBe(201);
    const position = first.json().position as number;
    const original = await entryOf("cy@example.com");

    const again = await join(
      { email: "  CY@Example.com  ", name: "Someone Else", interests: ["Analytics"], source: "debug" },
      "81.2.69.160",
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: expect.stringContaining("Welcome back"),
      position,
      joinNumber: position,
      alreadyJoined: true,
      referralCode: first.json().referralCode,
      referralUrl: first.json().referralUrl,
      referrals: 0,
      confirmed: false,
    });
    expect(again.json().message).toBe(`Welcome back! You're already #${position} on the list.`);

    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "cy@example.com"));
    expect(rows).toEqual([original]);

    // The next newcomer takes the next number: the repeat used none up.
    const next = await join({ email: "after-cy@example.com" });
    expect(next.json().position).toBe(position + 1);
  });

  it("numbers entries 1, 2, 3... in join order", async () => {
    const rows = await t.db.select({ position: waitlistEntries.position }).from(waitlistEntries).orderBy(asc(waitlistEntries.position));
    const start = rows.length + 1;
    const positions: number[] = [];
    for (let i = 0; i < 3; i++) positions.push((await join({ email: `order${i}@example.com` })).json().position);
    expect(positions).toEqual([start, start + 1, start + 2]);
    const all = await t.db.select({ position: waitlistEntries.position }).from(waitlistEntries).orderBy(asc(waitlistEntries.position));
    expect(all.map((r) => r.position)).toEqual(all.map((_, i) => i + 1));
  });
});

describe("POST /api/waitlist/join validation", () => {
  it.each([
    [{}, "Email address is required"],
    [{ email: "" }, "Email address is required"],
    [{ email: "   " }, "Email address is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: 42 }, "Email address is required"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email address is too long"],
    [{ email: "a@example.com", name: "n".repeat(101) }, "Name must be at most 100 characters"],
    [{ email: "a@example.com", name: 7 }, "Name must be text"],
    [
      { email: "a@example.com", interests: ["Crypto"] },
      "Interests must be chosen from: Angel Investing, Tool Building, Content Creation, Analytics, Community",
    ],
    [
      { email: "a@example.com", interests: ["analytics"] },
      "Interests must be chosen from: Angel Investing, Tool Building, Content Creation, Analytics, Community",
    ],
    [{ email: "a@example.com", interests: "Analytics" }, "Interests must be a list"],
    [{ email: "a@example.com", interests: ["Analytics", "Analytics"] }, "Each interest can be chosen once"],
    [
      {
        email: "a@example.com",
        interests: ["Analytics", "Community", "Tool Building", "Angel Investing", "Content Creation", "Analytics"],
      },
      "Choose at most 5 interests",
    ],
    [{ email: "a@example.com", source: "admin" }, "Source must be one of: homepage, debug"],
    [{ email: "a@example.com", source: "twitter" }, "Source must be one of: homepage, debug"],
    ["a string", "Request body must be a JSON object"],
    [[{ email: "a@example.com" }], "Request body must be a JSON object"],
  ])("answers 400 {error} for %j and stores nothing", async (body, message) => {
    const before = (await t.db.select().from(waitlistEntries)).length;
    const response = await join(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect(await t.db.select().from(waitlistEntries)).toHaveLength(before);
  });

  it("accepts a 100-character name and all five interests", async () => {
    const response = await join({
      email: "full@example.com",
      name: "n".repeat(100),
      interests: ["Angel Investing", "Tool Building", "Content Creation", "Analytics", "Community"],
    });
    expect(response.statusCode).toBe(201);
    expect((await entryOf("full@example.com"))?.interests).toHaveLength(5);
  });

  it("answers 400 for malformed JSON, a missing body, and 413 for a body over the limit", async () => {
    const malformed = await t.inject({
      method: "POST",
      url: "/api/waitlist/join",
      headers: json,
      payload: "{oops",
      remoteAddress: "10.3.0.1",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: "Malformed JSON body" });

    const empty = await t.inject({ method: "POST", url: "/api/waitlist/join", remoteAddress: "10.3.0.1" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "Request body must be a JSON object" });

    const huge = await join({ email: "huge@example.com", name: "x".repeat(200_000) }, "10.3.0.1");
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: "Request body is too large" });
    expect(await entryOf("huge@example.com")).toBeUndefined();
  });

  it("answers 404 {error} for other methods", async () => {
    const response = await t.inject({ method: "GET", url: "/api/waitlist/join" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found" });
  });
});

describe("POST /api/waitlist/join rate limit", () => {
  it("answers 429 {error} after 10 joins a minute from one address, repeats included, and not for another address", async () => {
    const address = "10.9.9.9";
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await join({ email: `limited${i}@example.com` }, address)).statusCode);
    statuses.push((await join({ email: "limited0@example.com" }, address)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 201, 201, 201, 200]);

    const limited = await join({ email: "limited-over@example.com" }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: "Too many requests. Please wait a minute and try again." });
    expect(await entryOf("limited-over@example.com")).toBeUndefined();

    expect((await join({ email: "limited-over@example.com" }, "10.9.9.10")).statusCode).toBe(201);
  });
});
