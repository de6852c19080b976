import { describe, expect, it } from "vitest";
import { createGeoLookup } from "#server/infra/geo.ts";

const UNKNOWN = { country: null, region: null, city: null, timezone: null };
const EDGE_HEADERS = { "cf-ipcountry": "FR", "cf-region-code": "IDF", "cf-ipcity": "Paris", "cf-timezone": "Europe/Paris" };

describe("createGeoLookup", () => {
  const lookup = createGeoLookup({ trustProxy: false });

  it("places an IPv4 address from the offline city database, also when Node reports it IPv6-mapped", async () => {
    const place = await lookup.locate("81.2.69.160", {});
    expect(place).toMatchObject({ country: "GB", region: "England", timezone: "Europe/London" });
    expect(place.city).toEqual(expect.any(String));
    expect(await lookup.locate("::ffff:81.2.69.160", {})).toEqual(place);
  });

  it("places an IPv6 address", async () => {
    expect(await lookup.locate("2a00:1450:4009:81f::200e", {})).toMatchObject({ country: "GB", timezone: "Europe/London" });
  });

  it("answers unknown for private, reserved and malformed addresses, never throws", async () => {
    for (const ip of ["10.0.0.1", "127.0.0.1", "::1", "not an address", ""]) {
      expect(await lookup.locate(ip, {})).toEqual(UNKNOWN);
    }
  });

  it("believes an edge's location headers only when the proxy is trusted", async () => {
    expect((await lookup.locate("81.2.69.160", EDGE_HEADERS)).country).toBe("GB");
    const behindEdge = createGeoLookup({ trustProxy: true });
    expect(await behindEdge.locate("81.2.69.160", EDGE_HEADERS)).toEqual({
      country: "FR",
      region: "IDF",
      city: "Paris",
      timezone: "Europe/Paris",
    });
  });
});
