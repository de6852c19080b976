import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { isNoindexPath } from "#server/features/admin/noindex.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/** A second app on the same database, serving a stand-in client build, so the SPA fallback answers with HTML. */
let spa: FastifyInstance;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "client-"));
  fs.writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>app</title><div id=root></div>");
  spa = await buildApp({ ...t.deps, config: { ...t.deps.config, clientDir } });
  await spa.ready();
});
afterAll(async () => {
  await spa?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("X-Robots-Tag: noindex", () => {
  it.each(["/admin", "/admin/", "/admin/seo-setup", "/admin/waitlist?page=2", "/today"])(
    "is sent with the SPA's HTML for %s",
    async (url) => {
      const response = await spa.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["x-robots-tag"]).toBe("noindex");
    },
  );

  it.each(["/", "/builders", "/login"])("is not sent for the public page %s", async (url) => {
    const response = await spa.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-robots-tag"]).toBeUndefined();
  });

  it.each(["/administrator", "/todays-news"])("is not sent for %s, which only looks like a back-office path (a 404 page)", async (url) => {
    const response = await spa.inject({ method: "GET", url });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["x-robots-tag"]).toBeUndefined();
  });

  it("is sent on admin REST answers, successful or refused", async () => {
    const admin = await t.createUser("admin");
    for (const url of ["/api/admin/status", "/api/seo/checklist"]) {
      expect((await t.inject({ method: "GET", url, headers: admin.headers })).headers["x-robots-tag"]).toBe("noindex");
      expect((await t.inject({ method: "GET", url })).headers["x-robots-tag"]).toBe("noindex");
    }
  });

  it("is sent on tRPC answers", async () => {
    const admin = await t.createUser("admin");
    const response = await t.inject({ method: "GET", url: "/trpc/admin.overview", headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-robots-tag"]).toBe("noindex");
  });

  it("covers every API path, so a new admin endpoint cannot forget it", () => {
    for (const url of [
      "/api/waitlist/admin?page=1",
      "/api/builders/admin",
      "/api/analytics/dashboard?timeRange=24h",
      "/api/backup/status",
    ]) {
      expect(isNoindexPath(url), url).toBe(true);
    }
    for (const url of ["/", "/builders", "/sitemap.xml", "/robots.txt", "/favicon.ico", "/adminx", "/api"]) {
      expect(isNoindexPath(url), url).toBe(false);
    }
  });
});
