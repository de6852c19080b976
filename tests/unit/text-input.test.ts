import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { hasUnsafeText, safeText } from "../../src/common/text-input";

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
