import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Parser, type ReadEntry } from "tar";
import { ConfigError, loadConfig, type GeoConfig } from "#server/config.ts";
import { parseCityDatabase } from "./geo";

/**
 * `npm run geoip:update`: downloads GeoLite2-City from MaxMind with the operator's licence key, checks it against
 * the SHA-256 MaxMind publishes beside it, takes the .mmdb out of the archive, and replaces the file the server
 * reads (GEOIP_DB_PATH) by writing a temporary file beside it and renaming it over the old one, so a running
 * server sees one whole new file and reloads it. The licence key travels in a header (or, without an account
 * id, in the query string of MaxMind's permalink) and is never part of a message or a log line.
 */

export class GeoipUpdateError extends Error {}

const EDITION = "GeoLite2-City";

/** Both of MaxMind's download addresses: the account endpoint (basic auth) or the permalink (license_key=). */
function request(
  geo: GeoConfig & { licenseKey: string },
  suffix: "tar.gz" | "tar.gz.sha256",
): { url: string; headers: Record<string, string> } {
  if (geo.accountId) {
    const token = Buffer.from(`${geo.accountId}:${geo.licenseKey}`).toString("base64");
    return { url: `${geo.downloadUrl}/geoip/databases/${EDITION}/download?suffix=${suffix}`, headers: { authorization: `Basic ${token}` } };
  }
  const query = new URLSearchParams({ edition_id: EDITION, license_key: geo.licenseKey, suffix });
  return { url: `${geo.downloadUrl}/app/geoip_download?${query}`, headers: {} };
}

async function download(
  geo: GeoConfig & { licenseKey: string },
  suffix: "tar.gz" | "tar.gz.sha256",
  fetchImpl: typeof fetch,
): Promise<Buffer> {
  const { url, headers } = request(geo, suffix);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers, redirect: "follow", signal: AbortSignal.timeout(5 * 60_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new GeoipUpdateError(`Could not reach ${geo.downloadUrl}: ${cause?.code ?? cause?.message ?? (error as Error).name}`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new GeoipUpdateError(
      `MaxMind refused the licence key (HTTP ${response.status}): check MAXMIND_LICENSE_KEY${geo.accountId ? " and MAXMIND_ACCOUNT_ID" : ""} (maxmind.com, Manage License Keys)`,
    );
  }
  if (!response.ok)
    throw new GeoipUpdateError(`MaxMind's download answered HTTP ${response.status} for the ${suffix} file; try again later`);
  return Buffer.from(await response.arrayBuffer());
}

/** The .mmdb inside MaxMind's archive (GeoLite2-City_YYYYMMDD/GeoLite2-City.mmdb). */
async function mmdbFromArchive(archive: Buffer): Promise<Buffer> {
  const found: Buffer[] = [];
  const parser = new Parser({
    onReadEntry: (entry: ReadEntry) => {
      if (entry.type !== "File" || !entry.path.endsWith(".mmdb")) {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => found.push(Buffer.concat(chunks)));
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", reject);
    parser.on("warn", (_code: string, message: string | Error) => reject(new Error(String(message))));
    parser.end(archive);
  }).catch((error: unknown) => {
    throw new GeoipUpdateError(`The downloaded archive could not be read: ${(error as Error).message}`);
  });
  if (found.length !== 1) throw new GeoipUpdateError(`The downloaded archive holds ${found.length} .mmdb files, expected one`);
  return found[0]!;
}

/** Writes the file whole or not at all: a temporary file in the same folder, flushed, then renamed over the old one. */
async function writeAtomically(target: string, bytes: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const handle = await fs.open(temporary, "w", 0o644);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Runs the update with the configuration in `env`; returns the line to print. */
export async function runGeoipUpdate(env: NodeJS.ProcessEnv = process.env, fetchImpl: typeof fetch = fetch): Promise<string> {
  const { geo } = loadConfig(env);
  const licenseKey = geo.licenseKey;
  if (!licenseKey) {
    throw new GeoipUpdateError(
      "MAXMIND_LICENSE_KEY is required: a free GeoLite2 account at https://www.maxmind.com/en/geolite2/signup gives one (add MAXMIND_ACCOUNT_ID too)",
    );
  }
  const withKey = { ...geo, licenseKey };
  const [archive, checksumFile] = await Promise.all([
    download(withKey, "tar.gz", fetchImpl),
    download(withKey, "tar.gz.sha256", fetchImpl),
  ]);
  const expected = /^[0-9a-f]{64}\b/i.exec(checksumFile.toString("utf8").trim())?.[0]?.toLowerCase();
  if (!expected) throw new GeoipUpdateError("MaxMind's SHA-256 file holds no checksum; nothing was replaced");
  const actual = createHash("sha256").update(archive).digest("hex");
  if (actual !== expected)
    throw new GeoipUpdateError(`The download does not match MaxMind's SHA-256 (got ${actual}, expected ${expected}); nothing was replaced`);

  const mmdb = await mmdbFromArchive(archive);
  let builtAt: Date;
  try {
    ({ builtAt } = parseCityDatabase(mmdb));
  } catch (error) {
    throw new GeoipUpdateError(`The downloaded .mmdb could not be read (${(error as Error).message}); nothing was replaced`);
  }
  await writeAtomically(geo.downloadPath, mmdb);
  const used = geo.dbPath
    ? "a running server reloads it within seconds"
    : `set GEOIP_DB_PATH=${geo.downloadPath} (and restart) to use it instead of the bundled data`;
  return `${EDITION} built ${dayOf(builtAt)} written to ${geo.downloadPath}: ${used}.`;
}

/** What the command prints on failure: the message alone for mistakes a person can fix, the whole error otherwise. */
export function describeGeoipUpdateFailure(error: unknown): unknown {
  return error instanceof GeoipUpdateError || error instanceof ConfigError ? error.message : error;
}
