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

  it("accepts the admin source, which the public schema refuses, for entries an operator adds", async () => {
    const input = { ...waitlistJoinInput.parse({ email: "added@example.com" }), source: "admin" as const };
    await joinWaitlist(serviceDeps(t.deps.geo, t.deps.logger), input, visitor);
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "added@example.com"));
    expect(row?.source).toBe("admin");
  });
});
