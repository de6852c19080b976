import type { IncomingHttpHeaders } from "node:http";
import type * as GeoipLiteModule from "geoip-lite";

export type GeoLocation = { country: string | null; region: string | null; city: string | null; timezone: string | null };
export type GeoLookup = { locate(ip: string, headers: IncomingHttpHeaders): Promise<GeoLocation> };

const UNKNOWN: GeoLocation = { country: null, region: null, city: null, timezone: null };

const header = (headers: IncomingHttpHeaders, name: string): string | null => {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (!first || first === "XX" || first === "T1") return null;
  try {
    return decodeURIComponent(first).slice(0, 100);
  } catch {
    return first.slice(0, 100);
  }
};

/** Country, region and city set by a trusted edge (Cloudflare, Vercel, CloudFront), when present. */
function fromProxyHeaders(headers: IncomingHttpHeaders): GeoLocation | null {
  const country =
    header(headers, "cf-ipcountry") ?? header(headers, "x-vercel-ip-country") ?? header(headers, "cloudfront-viewer-country");
  if (!country) return null;
  return {
    country: country.toUpperCase(),
    region: header(headers, "cf-region-code") ?? header(headers, "x-vercel-ip-country-region") ?? header(headers, "cloudfront-viewer-country-region"),
    city: header(headers, "cf-ipcity") ?? header(headers, "x-vercel-ip-city") ?? header(headers, "cloudfront-viewer-city"),
    timezone: header(headers, "cf-timezone") ?? header(headers, "x-vercel-ip-timezone") ?? header(headers, "cloudfront-viewer-time-zone"),
  };
}

type GeoipLite = typeof GeoipLiteModule;
let geoip: Promise<GeoipLite> | undefined;
// The offline database takes ~100 MB and ~150 ms to load: only on first use.
const loadGeoip = () => (geoip ??= import("geoip-lite").then((m) => ((m as { default?: GeoipLite }).default ?? m) as GeoipLite));

/**
 * Proxy headers are believed only when TRUST_PROXY is set (anyone can send them otherwise);
 * else the address is looked up in geoip-lite's offline database.
 */
export function createGeoLookup(options: { trustProxy: boolean }): GeoLookup {
  return {
    async locate(ip, headers) {
      if (options.trustProxy) {
        const fromEdge = fromProxyHeaders(headers);
        if (fromEdge) return fromEdge;
      }
      const hit = (await loadGeoip()).lookup(ip);
      if (!hit) return UNKNOWN;
      return { country: hit.country || null, region: hit.region || null, city: hit.city || null, timezone: hit.timezone || null };
    },
  };
}

export const warmGeoLookup = () => loadGeoip().then(() => undefined);
