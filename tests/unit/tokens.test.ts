import { describe, expect, it } from "vitest";
import { generateToken, hashToken } from "#server/auth/tokens.ts";

describe("session tokens", () => {
  it("are 160 random bits in lower-case base32, different every time", () => {
    const tokens = new Set(Array.from({ length: 100 }, generateToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it("are stored as their SHA-256 in hex", () => {
    expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
