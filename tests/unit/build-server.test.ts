import { describe, expect, it } from "vitest";
import { outsideLatin1 } from "../../scripts/build-server";

describe("the compiled server's sources stay in Latin-1", () => {
  it("names the first character outside Latin-1 and its line", () => {
    expect(outsideLatin1('const a = "caf\u00e9";\nconst b = /[\'\u2019]/u;\nconst c = "\u2014";')).toEqual({
      line: 2,
      character: "\u2019",
    });
  });

  it("accepts a source whose characters are all Latin-1", () => {
    expect(outsideLatin1('const price = "\u00a3100";\nconst word = /[\\u2019]/u;')).toBeNull();
  });
});
