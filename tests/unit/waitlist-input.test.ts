import { describe, expect, it } from "vitest";
import {
  WAITLIST_INTERESTS,
  WAITLIST_PUBLIC_SOURCES,
  WAITLIST_SOURCES,
  waitlistJoinedMessage,
  waitlistWelcomeBackMessage,
} from "#common/waitlist/waitlist.ts";
import { waitlistJoinInput } from "#common/waitlist/input.ts";

const firstMessage = (value: unknown) => {
  const parsed = waitlistJoinInput.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe("waitlistJoinInput", () => {
  it("trims and lower-cases the email, trims the name, and fills the defaults", () => {
    expect(waitlistJoinInput.parse({ email: "  Ada@Example.COM ", name: "  Ada " })).toEqual({
      email: "ada@example.com",
      name: "Ada",
      interests: [],
      source: "homepage",
      utm_source: null,
      utm_campaign: null,
      ref: null,
    });
  });

  it("turns a blank or null name into no name, and null interests and source into the defaults", () => {
    expect(waitlistJoinInput.parse({ email: "a@b.co", name: "  ", interests: null, source: null })).toEqual({
      email: "a@b.co",
      name: null,
      interests: [],
      source: "homepage",
      utm_source: null,
      utm_campaign: null,
      ref: null,
    });
  });

  it("keeps a well-formed campaign of the visit and drops a malformed one instead of refusing the join", () => {
    expect(waitlistJoinInput.parse({ email: "a@b.co", utm_source: "x", utm_campaign: " k3x9q2mz " })).toMatchObject({
      utm_source: "x",
      utm_campaign: "k3x9q2mz",
    });
    expect(waitlistJoinInput.parse({ email: "a@b.co", utm_source: 42, utm_campaign: "<script>" })).toMatchObject({
      utm_source: null,
      utm_campaign: null,
      ref: null,
    });
    expect(waitlistJoinInput.parse({ email: "a@b.co", utm_campaign: "c".repeat(65) }).utm_campaign).toBeNull();
  });

  it("keeps a referral code and drops a malformed one instead of refusing the join", () => {
    expect(waitlistJoinInput.parse({ email: "a@b.co", ref: " A1B2C3D4E5F6 " }).ref).toBe("a1b2c3d4e5f6");
    for (const ref of ["<script>", "a b", "x".repeat(40), 42, ""]) expect(waitlistJoinInput.parse({ email: "a@b.co", ref }).ref).toBeNull();
  });

  it("keeps the interests in the order chosen", () => {
    expect(waitlistJoinInput.parse({ email: "a@b.co", interests: ["Community", "Analytics"] }).interests).toEqual([
      "Community",
      "Analytics",
    ]);
  });

  it("accepts every interest once, and the public sources only", () => {
    expect(waitlistJoinInput.safeParse({ email: "a@b.co", interests: [...WAITLIST_INTERESTS] }).success).toBe(true);
    expect(WAITLIST_PUBLIC_SOURCES).toEqual(WAITLIST_SOURCES.filter((s) => s !== "admin"));
    for (const source of WAITLIST_PUBLIC_SOURCES) expect(waitlistJoinInput.parse({ email: "a@b.co", source }).source).toBe(source);
    expect(firstMessage({ email: "a@b.co", source: "admin" })).toBe("Source must be one of: homepage, debug");
  });

  it.each([
    [{}, "Email address is required"],
    [{ email: "x" }, "Please enter a valid email address"],
    [{ email: "a@b.co", name: "n".repeat(101) }, "Name must be at most 100 characters"],
    [
      { email: "a@b.co", interests: ["Angel investing"] },
      "Interests must be chosen from: Angel Investing, Tool Building, Content Creation, Analytics, Community",
    ],
    [{ email: "a@b.co", interests: ["Analytics", "Analytics"] }, "Each interest can be chosen once"],
  ])("refuses %j with %s", (value, message) => {
    expect(firstMessage(value)).toBe(message);
  });
});

describe("waitlist messages", () => {
  it("words a new join with the position, and a repeat with Welcome back", () => {
    expect(waitlistJoinedMessage(7)).toBe("You're #7 on the list! We'll email you when The $100 Lab opens.");
    expect(waitlistWelcomeBackMessage(7)).toContain("Welcome back");
    expect(waitlistWelcomeBackMessage(7)).toContain("#7");
  });
});
