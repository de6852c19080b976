import { describe, expect, it } from "vitest";
import { sameSitePath } from "#common/pages/same-site-path.ts";

const refused: Array<[string, string | null | undefined]> = [
  ["a dot segment before a second slash", "/.//127.0.0.1:4101/builders"],
  ["a parent segment before a second slash", "/a/..//host/builders"],
  ["escaped parent dots before a second slash", "/%2e%2e//host"],
  ["upper-case escaped parent dots", "/%2E%2E//host/x"],
  ["a parent segment past the root", "/../..//host"],
  ["an absolute URL", "https://evil.test"],
  ["an absolute URL with a path", "https://evil.test/today"],
  ["a protocol-relative URL", "//evil.test"],
  ["three slashes", "///evil.test"],
  ["a slash and a backslash", "/\\evil.test"],
  ["two backslashes", "\\\\evil.test"],
  ["a backslash inside", "/today\\..\\..\\evil"],
  ["an escaped backslash", "/%5Cevil.test"],
  ["an escaped lower-case backslash", "/%5cevil.test"],
  ["escaped slashes", "/%2F%2Fevil.test"],
  ["escaped slashes after dots", "/a/..%2F..%2F/evil.test"],
  ["doubly escaped slashes", "/%252F%252Fevil.test"],
  ["a javascript URL", "javascript:alert(1)"],
  ["a scheme without slashes", "http:evil.test"],
  ["a data URL", "data:text/html,<script>alert(1)</script>"],
  ["a tab between the slashes", "/\t/evil.test"],
  ["a newline between the slashes", "/\n/evil.test"],
  ["a carriage return inside", "/today\r\nSet-Cookie: x=1"],
  ["a NUL inside", "/today\u0000"],
  ["an escaped tab between the slashes", "/%09/evil.test"],
  ["a relative path", "today"],
  ["a leading space", " /today"],
  ["a query alone", "?x=1"],
  ["very long input", `/${"a".repeat(5000)}`],
  ["empty", ""],
  ["null", null],
  ["undefined", undefined],
];

const accepted: Array<[string, string, string]> = [
  ["a page", "/today", "/today"],
  ["a page with a query and a hash", "/admin/waitlist?x=1#y", "/admin/waitlist?x=1#y"],
  ["a page with an id", "/lab/abc", "/lab/abc"],
  ["the root", "/", "/"],
  ["a dot segment, resolved", "/lab/./abc", "/lab/abc"],
  ["a parent segment that stays on a page, resolved", "/admin/../today", "/today"],
  ["a query holding a URL", "/login?next=https://evil.test", "/login?next=https://evil.test"],
  ["a hash holding slashes", "/today#//evil.test", "/today#//evil.test"],
  ["a space, escaped", "/lab/a b", "/lab/a%20b"],
];

describe("sameSitePath", () => {
  it.each(refused)("refuses %s", (_label, value) => {
    expect(sameSitePath(value)).toBeNull();
  });

  it.each(accepted)("accepts %s", (_label, value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it("never returns a path a browser would take off the site", () => {
    for (const [, value] of [...refused, ...accepted]) {
      const result = sameSitePath(value);
      if (result === null) continue;
      expect(new URL(result, "https://same-site.invalid").origin).toBe("https://same-site.invalid");
      expect(result).toMatch(/^\/(?![/\\])/);
    }
  });
});
