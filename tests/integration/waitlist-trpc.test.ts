import { describe, expect, it } from "vitest";
import type { WaitlistJoinResult } from "#common/waitlist/waitlist.ts";
import { useTestApp } from "../helpers/test-app";
import { waitlistEntryOf } from "../helpers/waitlist-entries";

const t = useTestApp();
const json = { "content-type": "application/json" };
let addressCount = 0;
/** waitlist.join as the React client sends it (httpBatchLink without batching is the same body). */
const join = (input: unknown, remoteAddress = `10.2.0.${++addressCount}`) =>
  t.inject({ method: "POST", url: "/trpc/waitlist.join", headers: json, payload: JSON.stringify(input), remoteAddress });
const entryOf = (email: string) => waitlistEntryOf(t.db, email);

describe("tRPC waitlist.join", () => {
  it("joins at the next position and stores what the form sent, with the visitor's country", async () => {
    const response = await join({ email: "Flo@Example.com", name: "Flo", interests: ["Tool Building"], source: "homepage" }, "81.2.69.160");
    expect(response.statusCode).toBe(200);
    const result = response.json().result.data as WaitlistJoinResult;
    expect(result).toEqual({
      message: "You're #1 on the list! We'll email you when The $100 Lab opens.",
      position: 1,
      joinNumber: 1,
      alreadyJoined: false,
      referralCode: expect.stringMatching(/^[0-9a-f]{12}$/),
      referralUrl: expect.stringMatching(/\/\?ref=[0-9a-f]{12}$/),
      referrals: 0,
      confirmed: false,
    });
    expect(await entryOf("flo@example.com")).toMatchObject({
      name: "Flo",
      interests: ["Tool Building"],
      source: "homepage",
      country: "GB",
    });
  });

  it("answers Welcome back with the original position for an email that joined over REST, and changes nothing", async () => {
    const rest = await t.inject({
      method: "POST",
      url: "/api/waitlist/join",
      headers: json,
      payload: JSON.stringify({ email: "gus@example.com", name: "Gus" }),
      remoteAddress: "10.2.1.1",
    });
    expect(rest.statusCode).toBe(201);
    const original = await entryOf("gus@example.com");

    const again = await join({ email: " GUS@example.com", name: "Not Gus", interests: ["Community"] });
    expect(again.statusCode).toBe(200);
    expect(again.json().result.data).toEqual({
      message: `Welcome back! You're already #${rest.json().position} on the list.`,
      position: rest.json().position,
      joinNumber: rest.json().position,
      alreadyJoined: true,
      referralCode: rest.json().referralCode,
      referralUrl: rest.json().referralUrl,
      referrals: 0,
      confirmed: false,
    });
    expect(await entryOf("gus@example.com")).toEqual(original);
  });

  it.each([
    [{ email: "nope" }, "Please enter a valid email address"],
    [
      { email: "a@example.com", interests: ["Crypto"] },
      "Interests must be chosen from: Angel Investing, Tool Building, Content Creation, Analytics, Community",
    ],
    [{ email: "a@example.com", interests: ["Community", "Community"] }, "Each interest can be chosen once"],
    [{ email: "a@example.com", name: "x".repeat(101) }, "Name must be at most 100 characters"],
    [{ email: "a@example.com", source: "admin" }, "Source must be one of: homepage, debug"],
    [null, "Request body must be a JSON object"],
  ])("answers BAD_REQUEST with a readable message for %j", async (input, message) => {
    const response = await join(input);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, data: { code: "BAD_REQUEST", httpStatus: 400 } });
    expect(JSON.stringify(response.json())).not.toMatch(/stack|ZodError/);
  });

  it("is a mutation: a GET is refused", async () => {
    const response = await t.inject({
      method: "GET",
      url: `/trpc/waitlist.join?input=${encodeURIComponent(JSON.stringify({ email: "g@example.com" }))}`,
    });
    expect(response.statusCode).toBe(405);
    expect(await entryOf("g@example.com")).toBeUndefined();
  });

  it("shares the per-address budget with the REST path: TOO_MANY_REQUESTS after 10 a minute", async () => {
    const address = "10.2.9.9";
    for (let i = 0; i < 5; i++) {
      const rest = await t.inject({
        method: "POST",
        url: "/api/waitlist/join",
        headers: json,
        payload: JSON.stringify({ email: `rl-rest${i}@example.com` }),
        remoteAddress: address,
      });
      expect(rest.statusCode).toBe(201);
    }
    for (let i = 0; i < 5; i++) expect((await join({ email: `rl-trpc${i}@example.com` }, address)).statusCode).toBe(200);
    const limited = await join({ email: "rl-over@example.com" }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      message: "Too many requests. Please wait a minute and try again.",
      data: { code: "TOO_MANY_REQUESTS" },
    });
    expect(await entryOf("rl-over@example.com")).toBeUndefined();
  });
});
