import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { waitlistJoinInput } from "#common/waitlist/input.ts";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { joinWaitlist } from "#server/features/waitlist/service.ts";
import type { GeoLookup } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const visitor = { ip: "81.2.69.160", headers: {} };
/** The join's dependencies from the test app's config, with the given geo lookup and logger. */
const serviceDeps = (geo: GeoLookup, logger: Logger) => ({
  db: t.db,
  geo,
  logger,
  publicUrl: t.deps.config.publicUrl,
  configuredSecret: t.deps.config.unsubscribeSecret,
  settings: t.deps.config.waitlist,
  joins: t.deps.services.waitlistJoins,
});

describe("joinWaitlist (service)", () => {
  it("stores the entry without a location, and warns, when the location lookup fails", async () => {
    const geo: GeoLookup = { locate: () => Promise.reject(new Error("geo database missing")) };
    const warn = vi.fn();
    const logger = { warn } as unknown as Logger;
    const result = await joinWaitlist(serviceDeps(geo, logger), waitlistJoinInput.parse({ email: "nogeo@example.com" }), visitor);
    expect(result).toMatchObject({ position: 1, alreadyJoined: false });
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "nogeo@example.com"));
    expect(row).toMatchObject({ country: null, city: null });
    expect(warn).toHaveBeenCalledOnce();
  });

  it("does not look the visitor up again for a repeat join", async () => {
    const locate = vi.fn(t.deps.geo.locate);
    const deps = serviceDeps({ locate }, t.deps.logger);
    const input = waitlistJoinInput.parse({ email: "once@example.com" });
    const first = await joinWaitlist(deps, input, visitor);
    const again = await joinWaitlist(deps, input, visitor);
    expect(again).toMatchObject({
      message: `Welcome back! You're already #${first.position} on the list.`,
      position: first.position,
      alreadyJoined: true,
    });
    expect(locate).toHaveBeenCalledOnce();
  });

  it("says a repeat join moved up when referrals made its rank better than the place it joined at", async () => {
    const deps = serviceDeps(t.deps.geo, t.deps.logger);
    for (const email of ["first@example.com", "second@example.com"]) await joinWaitlist(deps, waitlistJoinInput.parse({ email }), visitor);
    const input = waitlistJoinInput.parse({ email: "third@example.com" });
    const joined = await joinWaitlist(deps, input, visitor);
    expect(joined.joinNumber).toBe(joined.position);
    expect(joined.position).toBeGreaterThan(1);
    // As counted referrals leave it: a score below everyone else's.
    await t.db.update(waitlistEntries).set({ referralCount: 1, rankScore: -1000 }).where(eq(waitlistEntries.email, "third@example.com"));
    expect(await joinWaitlist(deps, input, visitor)).toMatchObject({
      message: `Welcome back! You're now #1 — up from #${joined.joinNumber}.`,
      position: 1,
      joinNumber: joined.joinNumber,
      alreadyJoined: true,
    });
    // Moved down by it, not up: the unchanged wording.
    const second = await joinWaitlist(deps, waitlistJoinInput.parse({ email: "second@example.com" }), visitor);
    expect(second.position).toBe(second.joinNumber + 1);
    expect(second.message).toBe(`Welcome back! You're already #${second.position} on the list.`);
  });

  it("accepts the admin source, which the public schema refuses, for entries an operator adds", async () => {
    const input = { ...waitlistJoinInput.parse({ email: "added@example.com" }), source: "admin" as const };
    await joinWaitlist(serviceDeps(t.deps.geo, t.deps.logger), input, visitor);
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "added@example.com"));
    expect(row?.source).toBe("admin");
  });
});
