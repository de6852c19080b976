import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFolder } from "../../scripts/precompress-assets";
import type { SavedImage } from "#common/images/images.ts";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

/** A folder shaped like dist/client, with the build's compressed copies: the shell, a stylesheet and a script of 6 KB. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-http-client-"));
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 600 }, (_, i) => `word${i}`))};`;
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(path.join(clientDir, "assets/app-1.css"), "body{color:#1c1917}");
fs.writeFileSync(path.join(clientDir, "assets/x.js"), SCRIPT);
fs.writeFileSync(
  path.join(clientDir, "index.html"),
  `<!doctype html><html><head><title>The $100 Lab</title><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><body><div id="root"></div></body></html>`,
);
precompressFolder(clientDir);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp({ clientDir, ssrEntry: path.resolve("src/client/entry-server.tsx") });
let member: TestUser;
let storedImageUrl: string;
const OG_HASH = "0123456789ab";

beforeAll(async () => {
  member = await t.createUser("member");
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
  const upload = await t.inject(await multipartRequest("/api/images/upload", { bytes: png, name: "shot.png" }, {}, member.headers));
  expect(upload.statusCode).toBe(201);
  storedImageUrl = upload.json<{ image: SavedImage }>().image.url;
  await t.deps.storage.put(`site-assets/og/og-image.${OG_HASH}.png`, png, { contentType: "image/png" });
});

/** Every kind of answer that carries an ETag: a page, the site's assets, a stored image, a built file. */
const KINDS: Array<{ kind: string; url: () => string; headers?: () => Record<string, string> }> = [
  { kind: "a server-rendered page", url: () => "/" },
  { kind: "a page the client renders", url: () => "/login" },
  { kind: "the built-in favicon", url: () => "/favicon.ico" },
  { kind: "the built-in web manifest", url: () => "/site.webmanifest" },
  { kind: "an OG image", url: () => `/og-image.${OG_HASH}.png` },
  { kind: "a stored image", url: () => storedImageUrl, headers: () => member.headers },
  { kind: "a built asset", url: () => "/assets/x.js" },
];

/** The ETag without its weakness: `W/"x"` -> `"x"`. */
const opaque = (etag: string) => etag.replace(/^W\//, "");

describe.each(KINDS)("If-None-Match on $kind", ({ url, headers }) => {
  const get = (extra: Record<string, string> = {}) => t.inject({ method: "GET", url: url(), headers: { ...headers?.(), ...extra } });

  it("answers 304, with the ETag and Cache-Control and no body, to the tag made weak, in a list, or `*`", async () => {
    const full = await get();
    expect(full.statusCode).toBe(200);
    const etag = String(full.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    for (const ifNoneMatch of [etag, `W/${opaque(etag)}`, opaque(etag), `"other", ${etag}`, `W/"other",W/${opaque(etag)}`, "*"]) {
      const revalidated = await get({ "if-none-match": ifNoneMatch });
      expect(revalidated.statusCode, ifNoneMatch).toBe(304);
      expect(revalidated.rawPayload.length).toBe(0);
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers["cache-control"]).toBe(full.headers["cache-control"]);
    }
  });

  it("answers 200 with the body to tags that are not the current one", async () => {
    const full = await get();
    for (const ifNoneMatch of ['"other"', 'W/"other", "another"', `"${opaque(String(full.headers.etag)).slice(1, -1)}x"`]) {
      const response = await get({ "if-none-match": ifNoneMatch });
      expect(response.statusCode, ifNoneMatch).toBe(200);
      expect(response.rawPayload.length).toBeGreaterThan(0);
    }
  });
});

describe("If-None-Match on what is not a 2xx", () => {
  it("leaves a 404 page a 404, whatever the tag", async () => {
    const missing = await t.inject({ method: "GET", url: "/no-such-page" });
    expect(missing.statusCode).toBe(404);
    const again = await t.inject({ method: "GET", url: "/no-such-page", headers: { "if-none-match": "*" } });
    expect(again.statusCode).toBe(404);
    expect(again.rawPayload.length).toBeGreaterThan(0);
  });
});

/** The bytes as they travelled, decoded by the Content-Encoding they came with. */
const decoded = (response: { headers: Record<string, unknown>; rawPayload: Buffer }): string => {
  const coding = response.headers["content-encoding"];
  if (coding === "br") return brotliDecompressSync(response.rawPayload).toString();
  if (coding === "gzip") return gunzipSync(response.rawPayload).toString();
  return response.rawPayload.toString();
};

describe.each([
  { kind: "a server-rendered page", url: "/" },
  { kind: "a page the client renders", url: "/login" },
  { kind: "a built asset", url: "/assets/x.js" },
])("Accept-Encoding on $kind", ({ url }) => {
  it.each([
    { acceptEncoding: "br;q=0, gzip", expected: "gzip" },
    { acceptEncoding: "gzip;q=0.5, br;q=1", expected: "br" },
    { acceptEncoding: "gzip, deflate, br, zstd", expected: "br" },
    { acceptEncoding: "gzip", expected: "gzip" },
    { acceptEncoding: "identity", expected: undefined },
    { acceptEncoding: "br;q=0, gzip;q=0", expected: undefined },
  ])("sends $expected for `$acceptEncoding`, varying on Accept-Encoding", async ({ acceptEncoding, expected }) => {
    const plain = await t.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    const response = await t.inject({ method: "GET", url, headers: { "accept-encoding": acceptEncoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe(expected);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(response)).toBe(plain.body);
  });
});

describe("Accept-Encoding where this server picks the copy itself", () => {
  it("reads `*` as any coding not named, and q=0 on a named one as a refusal", async () => {
    for (const url of ["/", "/login"]) {
      expect((await t.inject({ method: "GET", url, headers: { "accept-encoding": "br;q=0, *" } })).headers["content-encoding"]).toBe(
        "gzip",
      );
      expect((await t.inject({ method: "GET", url, headers: { "accept-encoding": "*" } })).headers["content-encoding"]).toBe("br");
      expect((await t.inject({ method: "GET", url, headers: { "accept-encoding": "*;q=0" } })).headers["content-encoding"]).toBeUndefined();
    }
  });

  it("sends Vary: Accept-Encoding with a page's 304 too", async () => {
    const page = await t.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    const revalidated = await t.inject({
      method: "GET",
      url: "/",
      headers: { "accept-encoding": "br", "if-none-match": String(page.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.vary).toMatch(/accept-encoding/i);
  });
});
