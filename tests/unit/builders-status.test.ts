import { describe, expect, it } from "vitest";
import { BUILDER_STATUSES, type BuilderStatus } from "#common/builders/builders.ts";
import { canTransition } from "#common/builders/admin.ts";

describe("canTransition (builder status machine)", () => {
  const allowed: Array<[BuilderStatus, BuilderStatus]> = [
    ["pending", "approved"],
    ["pending", "rejected"],
    ["approved", "verified"],
  ];

  it.each(allowed)("allows %s -> %s", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it("refuses every other move, staying put included", () => {
    const refused: string[] = [];
    for (const from of BUILDER_STATUSES) {
      for (const to of BUILDER_STATUSES) {
        if (!allowed.some(([a, b]) => a === from && b === to) && !canTransition(from, to)) refused.push(`${from}->${to}`);
      }
    }
    expect(refused).toHaveLength(BUILDER_STATUSES.length ** 2 - allowed.length);
    expect(refused).toEqual(
      expect.arrayContaining([
        "rejected->approved",
        "verified->approved",
        "approved->pending",
        "pending->verified",
        "approved->rejected",
        "pending->pending",
      ]),
    );
  });
});
