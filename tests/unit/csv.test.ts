import { describe, expect, it } from "vitest";
import { CSV_UTF8_BOM, csvField, csvRecord } from "#server/infra/csv.ts";

describe("csvField (RFC 4180)", () => {
  it("writes plain text and numbers as they are, and null or undefined as an empty field", () => {
    expect(csvField("Ada Lovelace")).toBe("Ada Lovelace");
    expect(csvField("ada@example.com")).toBe("ada@example.com");
    expect(csvField(42)).toBe("42");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField("")).toBe("");
    expect(csvField(Number.NaN)).toBe("");
  });

  it("quotes fields with a comma, a double quote, CR or LF, and doubles the quotes inside", () => {
    expect(csvField("Lovelace, Ada")).toBe('"Lovelace, Ada"');
    expect(csvField('Ada "The Countess"')).toBe('"Ada ""The Countess"""');
    expect(csvField('"')).toBe('""""');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("line one\r\nline two")).toBe('"line one\r\nline two"');
  });

  it("keeps non-ASCII text as it is", () => {
    expect(csvField("Zoë Łukasz 李")).toBe("Zoë Łukasz 李");
  });

  it("guards cells a spreadsheet would run as a formula with a leading apostrophe", () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+1 555 0100")).toBe("'+1 555 0100");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvField("\t=1+1")).toBe("'\t=1+1");
    expect(csvField("\r=1+1")).toBe('"\'\r=1+1"');
    // Only the first character counts; numbers are never guarded.
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("Ada - the first")).toBe("Ada - the first");
    expect(csvField(-3)).toBe("-3");
  });
});

describe("csvRecord", () => {
  it("joins fields with commas and ends with CRLF", () => {
    expect(csvRecord([1, "Ada", null, "a,b", "=x"])).toBe('1,Ada,,"a,b",\'=x\r\n');
    expect(csvRecord([])).toBe("\r\n");
  });

  it("offers the UTF-8 byte order mark for Excel", () => {
    expect(CSV_UTF8_BOM).toBe("\uFEFF");
  });
});
