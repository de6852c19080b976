import { describe, expect, it } from "vitest";
import { outsideLatin1 } from "../../scripts/build-server";

describe("the compiled server's sources stay in Latin-1", () => {
  it("names the first character outside Latin-1 and its line", () => {
    expect(outsideLatin1('const a = "caf\u00e9";\nconst b = /[\'\u2019]/u;\nconst c = "\u2014";')).toEqual({
      line: 2,
      character: "\u2019",
      escape: "\\u2019",
    });
  });

  it("gives a character past U+FFFF whole, with the escape that names its code point", () => {
    expect(outsideLatin1("const ok = true;\nconst up = '\u{1f4c8}';")).toEqual({ line: 2, character: "\u{1f4c8}", escape: "\\u{1f4c8}" });
  });

  it("accepts a source whose characters are all Latin-1", () => {
    expect(outsideLatin1('const price = "\u00a3100";\nconst word = /[\\u2019]/u;')).toBeNull();
  });
});
