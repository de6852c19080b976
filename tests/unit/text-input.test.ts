import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { signupInput } from "#common/auth/input.ts";
import { builderSubmitInput } from "#common/builders/input.ts";
import { hasInvisibleFormatting, hasUnsafeText, safeText } from "#common/forms/text-input.ts";
import { waitlistJoinInput } from "#common/waitlist/input.ts";

const messageOf = (schema: z.ZodMiniType, value: unknown) => {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};

describe("hasUnsafeText", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["another C0 control", "bell\u0007"],
    ["escape", "\u001b[31mred"],
    ["DEL", "a\u007f"],
    ["a lone high surrogate", "a\ud800b"],
    ["a lone high surrogate at the end", "a\udbff"],
    ["a lone low surrogate", "\udc00b"],
    ["two high surrogates", "\ud83d\ud83d"],
  ])("flags %s", (_name, value) => {
    expect(hasUnsafeText(value)).toBe(true);
  });

  it.each([
    ["plain text", "Ada Lovelace"],
    ["tab, line feed and carriage return", "line one\r\n\tline two"],
    ["accents and other scripts", "Zoë, 東京, Ελλάδα"],
    ["an emoji (a surrogate pair)", "ship it 🚀"],
    ["several pairs in a row", "🚀🚀🚀"],
    ["the empty string", ""],
  ])("accepts %s", (_name, value) => {
    expect(hasUnsafeText(value)).toBe(false);
  });
});

describe("safeText", () => {
  const name = safeText("Full name").check(z.trim(), z.minLength(1, "Full name is required"));

  it("refuses unsafe text with one message naming the field, before any other check", () => {
    expect(messageOf(name, "\u0000")).toEqual(["Full name must not contain control characters or invalid Unicode"]);
    expect(messageOf(name, "Ada\ud800")).toEqual(["Full name must not contain control characters or invalid Unicode"]);
  });

  it("keeps the checks that follow it", () => {
    expect(z.parse(name, "  Ada 🚀 ")).toBe("Ada 🚀");
    expect(messageOf(name, "   ")).toEqual(["Full name is required"]);
  });

  it("names the field when the value is not text, with the caller's wording when given", () => {
    expect(messageOf(name, 42)).toEqual(["Full name must be text"]);
    expect(messageOf(safeText("Password", "Password is required"), undefined)).toEqual(["Password is required"]);
  });
});

describe("hasInvisibleFormatting", () => {
  it.each([
    ["a byte-order mark", "\ufeffAda"],
    ["a right-to-left override", "Ada\u202Eslp.exe"],
    ["a left-to-right embedding", "\u202aAda"],
    ["a pop directional formatting", "Ada\u202c"],
    ["a first-strong isolate", "\u2068Ada\u2069"],
    ["a right-to-left isolate", "\u2067Ada"],
    ["a left-to-right mark", "Ada\u200e"],
    ["a right-to-left mark", "\u200fAda"],
    ["a zero-width space", "A\u200bda"],
    ["a zero-width non-joiner", "Ad\u200ca"],
    ["a zero-width joiner between letters", "Ad\u200da"],
    ["a zero-width joiner after an emoji only", "👩\u200d"],
    ["a word joiner", "Ada\u2060"],
  ])("flags %s", (_name, value) => {
    expect(hasInvisibleFormatting(value)).toBe(true);
  });

  it.each([
    ["plain text", "Ada Lovelace"],
    ["other scripts, right-to-left included", "Zoë, 東京, עדה, عائشة"],
    ["an emoji built with zero-width joiners", "Ada 👩‍💻"],
    ["a family emoji", "👨‍👩‍👧"],
    ["a joined emoji with a skin tone", "👩🏽‍🚀"],
    ["a joined emoji with a variation selector", "🏳️‍🌈"],
  ])("accepts %s", (_name, value) => {
    expect(hasInvisibleFormatting(value)).toBe(false);
  });
});

describe("safeText for names and titles", () => {
  const name = safeText("Name", undefined, "name").check(z.trim());
  const bio = safeText("Bio").check(z.trim());

  it("refuses invisible formatting with a message naming the field", () => {
    expect(messageOf(name, "\ufeffAda")).toEqual([
      "Name must not contain invisible formatting characters (such as a byte-order mark or a right-to-left override)",
    ]);
    expect(messageOf(name, "Ada\u202Egnp.exe")).toHaveLength(1);
    expect(z.parse(name, " Ada 👩‍💻 ")).toBe("Ada 👩‍💻");
  });

  it("leaves free text as it was: right-to-left marks and stray zero-width spaces stay", () => {
    expect(z.parse(bio, "Hello\u200f \u200bworld")).toBe("Hello\u200f \u200bworld");
  });

  it("applies to the signup name, the waitlist name and the builder's name and title, not to emails or bios", () => {
    const refused = (schema: z.ZodMiniType, value: unknown) =>
      messageOf(schema, value)?.filter((message) => message.includes("invisible formatting"));
    expect(refused(signupInput, { name: "Ada\u202E", email: "ada@example.org", password: "correct horse battery" })).toEqual([
      "Full name must not contain invisible formatting characters (such as a byte-order mark or a right-to-left override)",
    ]);
    expect(refused(waitlistJoinInput, { email: "ada@example.org", name: "\ufeffAda" })).toHaveLength(1);
    expect(refused(builderSubmitInput, { name: "Ada", title: "Founder\u2066", email: "ada@example.org" })).toEqual([
      "Title must not contain invisible formatting characters (such as a byte-order mark or a right-to-left override)",
    ]);
    expect(refused(builderSubmitInput, { name: "Ada", bio: "Hello\u200f", email: "ada@example.org" }) ?? []).toEqual([]);
  });
});
