import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { builders } from "#server/db/schema/index.ts";
import { setBuilderStatus } from "#server/features/builders/service.ts";
import { DomainError } from "#server/infra/errors.ts";
import { seedBuilder } from "../helpers/builders";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let count = 0;

async function pendingBuilder() {
  count += 1;
  return (await seedBuilder(t.db, { name: `B${count}`, email: `status${count}@example.com` })).id;
}

const kindOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("expected a domain error");
};

describe("setBuilderStatus", () => {
  it("approves a pending builder, setting joinedAt once, then verifies it keeping that date", async () => {
    const id = await pendingBuilder();
    const approved = await setBuilderStatus(t.db, id, "approved");
    expect(approved.status).toBe("approved");
    expect(approved.joinedAt).toBeInstanceOf(Date);
    expect(Math.abs(approved.joinedAt!.getTime() - Date.now())).toBeLessThan(60_000);

    const verified = await setBuilderStatus(t.db, id, "verified");
    expect(verified.status).toBe("verified");
    expect(verified.joinedAt).toEqual(approved.joinedAt);
  });

  it("rejects a pending builder without a joined date; rejected is final", async () => {
    const id = await pendingBuilder();
    const rejected = await setBuilderStatus(t.db, id, "rejected");
    expect(rejected).toMatchObject({ status: "rejected", joinedAt: null });
    expect(await kindOf(setBuilderStatus(t.db, id, "approved"))).toEqual({
      kind: "invalid",
      message: "A builder cannot move from rejected to approved",
    });
  });

  it.each([
    ["pending", "verified"],
    ["pending", "pending"],
  ] as const)("refuses %s -> %s with invalid (400)", async (_from, to) => {
    const id = await pendingBuilder();
    expect((await kindOf(setBuilderStatus(t.db, id, to))).kind).toBe("invalid");
    const [row] = await t.db.select().from(builders).where(eq(builders.id, id));
    expect(row?.status).toBe("pending");
  });

  it("refuses to move an approved builder back or sideways", async () => {
    const id = await pendingBuilder();
    await setBuilderStatus(t.db, id, "approved");
    for (const to of ["pending", "rejected", "approved"] as const) {
      expect((await kindOf(setBuilderStatus(t.db, id, to))).kind).toBe("invalid");
    }
  });

  it("answers not_found (404) for an unknown or malformed id", async () => {
    expect(await kindOf(setBuilderStatus(t.db, "00000000-0000-4000-8000-000000000000", "approved"))).toEqual({
      kind: "not_found",
      message: "Builder not found",
    });
    expect((await kindOf(setBuilderStatus(t.db, "not-a-uuid", "approved"))).kind).toBe("not_found");
  });

  it("lets only one of two simultaneous moves win", async () => {
    const id = await pendingBuilder();
    const results = await Promise.allSettled([setBuilderStatus(t.db, id, "approved"), setBuilderStatus(t.db, id, "rejected")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(DomainError);
    expect(["conflict", "invalid"]).toContain((failure.reason as DomainError).kind);
  });
});
