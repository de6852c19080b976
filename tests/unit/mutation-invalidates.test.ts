import { describe, expect, it } from "vitest";
import type { OperationMeta } from "#server/trpc/meta.ts";
import { appRouter } from "#server/trpc/router.ts";

type ProcedureDef = { type: "query" | "mutation" | "subscription"; meta?: OperationMeta };

describe("every mutation", () => {
  it("says which cached pages it changes (`invalidates`, [] for none)", () => {
    // Typed as the nested routers, but one flat record by path ("builders.adminSetStatus") at run time.
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: ProcedureDef }>);
    const mutations = procedures.filter(([, procedure]) => procedure._def.type === "mutation");
    expect(mutations.length).toBeGreaterThan(0);
    const undeclared = mutations.filter(([, procedure]) => procedure._def.meta?.invalidates === undefined).map(([path]) => path);
    expect(undeclared).toEqual([]);
  });
});
