import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { precompressFolder } from "../../scripts/precompress-assets";
import { ANALYTICS_TRACK_PATH } from "#common/analytics/events.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp } from "../helpers/test-app";

/** A folder shaped like dist/client, with the build's compressed copies: an HTML shell and a script of 6 KB. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-client-"));
const INDEX_HTML = `<!doctype html><html><head><title>The $100 Lab</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 600 }, (_, i) => `word${i}`))};`;
fs.mkdirSync(path.join(clientDir, "assets"));
fs.writeFileSync(path.join(clientDir, "index.html"), INDEX_HTML);
fs.writeFileSync(path.join(clientDir, "assets/x.js"), SCRIPT);
fs.writeFileSync(path.join(clientDir, "assets/tiny.js"), "export const tiny = 1;");
precompressFolder(clientDir);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp({ clientDir });
/** The shell with the head the server writes for each page (site-assets.test.ts checks the tags). */
const SHELL_WITH_HEAD = /^<!doctype html><html><head>\s*<title>[^<]*The \$100 Lab<\/title>[\s\S]*<\/head><body><div id="root"><\/div>/;

describe("the app shell", () => {
  it("answers /healthz after pinging the database", async () => {
    const response = await t.inject({ method: "GET", url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("sends security headers with a content security policy", async () => {
    const response = await t.inject({ method: "GET", url: "/healthz" });
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeDefined();
  });

  it("answers unknown API paths with a JSON 404 in the one error shape", async () => {
    const response = await t.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found" });
  });

  it("logs and hides the details of an unexpected failure", async () => {
    const broken = useBrokenDatabase();
    t.expectErrorLog();
    const response = await t.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "whatever" }),
    });
    broken.restore();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    expect(response.body).not.toMatch(/select|relation|stack/i);
  });
});

/** Makes the next queries fail the way a lost database connection does. */
function useBrokenDatabase() {
  const db = t.db as unknown as { select: unknown };
  const original = db.select;
  db.select = () => {
    throw new Error('relation "users" does not exist at select ...');
  };
  return { restore: () => (db.select = original) };
}

describe("the admin gate", () => {
  it("guards the system status REST path: 401 anonymous, 403 member, 200 admin and owner", async () => {
    const response = await expectAdminOnlyRest(t, { method: "GET", url: "/api/admin/status" });
    const body = response.json();
    expect(body.ok).toBe(true);
    expect(body.checks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "database", ok: true }),
        expect.objectContaining({ name: "storage", ok: true, detail: expect.stringMatching(/GB free on the data disk$/) }),
        expect.objectContaining({ name: "mail", ok: true, detail: expect.stringContaining("Outbox only") }),
      ]),
    );
  });

  it("guards the system status procedure the same way", async () => {
    const response = await expectAdminOnlyProcedure(t, { type: "query", path: "system.status" });
    expect(response.data).toMatchObject({ ok: true });
  });
});

describe("compression", () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("writes brotli and gzip copies of built text files of 1 KB and more, and only of those", () => {
    expect(brotliDecompressSync(fs.readFileSync(path.join(clientDir, "assets/x.js.br"))).toString()).toBe(SCRIPT);
    expect(gunzipSync(fs.readFileSync(path.join(clientDir, "assets/x.js.gz"))).toString()).toBe(SCRIPT);
    expect(fs.existsSync(path.join(clientDir, "assets/tiny.js.br"))).toBe(false);
  });

  it("sends a built script as its brotli copy, its gzip copy, or as is, by Accept-Encoding", async () => {
    const br = await get("/assets/x.js", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The build's copy as is, not compressed a second time on the way out.
    expect(br.rawPayload.equals(fs.readFileSync(path.join(clientDir, "assets/x.js.br")))).toBe(true);

    const gzip = await get("/assets/x.js", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const identity = await get("/assets/x.js");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body).toBe(SCRIPT);
  });

  it("sends the HTML shell of a page compressed too", async () => {
    const response = await get("/builders", "br");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(SHELL_WITH_HEAD);
  });

  it("compresses a JSON answer of 1 KB and more, on REST and tRPC alike", async () => {
    const admin = await t.createUser("admin");
    const rest = await t.inject({ method: "GET", url: "/api/seo/checklist", headers: { ...admin.headers, "accept-encoding": "br" } });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers["content-encoding"]).toBe("br");
    const restBody = JSON.parse(brotliDecompressSync(rest.rawPayload).toString());
    expect(restBody.items).toHaveLength(5);
    expect(JSON.stringify(restBody).length).toBeGreaterThan(1024);

    const trpc = await t.inject({ method: "GET", url: "/trpc/seo.checklist", headers: { ...admin.headers, "accept-encoding": "gzip" } });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(trpc.rawPayload).toString()).result.data.items).toHaveLength(5);
  });

  it("compresses a streamed download as it goes, and it still arrives whole", async () => {
    const admin = await t.createUser("admin");
    const response = await t.inject({ method: "GET", url: "/api/waitlist/export", headers: { ...admin.headers, "accept-encoding": "br" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="waitlist-/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toMatch(/^\uFEFFPosition,Name,Email/);
  });

  it("leaves small answers and the analytics beacon's empty 202 as they are", async () => {
    const health = await get("/healthz", "br");
    expect(health.headers["content-encoding"]).toBeUndefined();
    expect(health.json()).toEqual({ status: "ok" });

    const beacon = await t.inject({
      method: "POST",
      url: ANALYTICS_TRACK_PATH,
      headers: { "content-type": "text/plain", "accept-encoding": "br" },
      payload: JSON.stringify({
        event: "page_view",
        page: "/",
        sessionId: "compress-1",
        timestamp: new Date().toISOString(),
        url: "https://lab.example/",
        referrer: "",
      }),
    });
    expect(beacon.statusCode).toBe(202);
    expect(beacon.headers["content-encoding"]).toBeUndefined();
    expect(beacon.body).toBe("");
  });
});

describe("unknown paths", () => {
  it.each(["/", "/builders", "/BUILDERS/", "/login/debug", "/reset-password?token=abc", "/today", "/admin", "/admin/seo-setup"])(
    "serves the app for the page %s with 200",
    async (url) => {
      const response = await t.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toMatch(SHELL_WITH_HEAD);
    },
  );

  it.each(["/nope", "/builders/someone", "/login/debug/more", "/adminx"])(
    "serves the app's not-found page for %s with 404",
    async (url) => {
      const response = await t.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.body).toMatch(SHELL_WITH_HEAD);
    },
  );

  it.each(["/index.php", "/assets/missing.js", "/admin/export.csv", "/wp-login.php"])(
    "answers a missing file %s with a plain 404, never the app",
    async (url) => {
      const response = await t.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Not found" });
    },
  );
});
