import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_META_CONFIG, type MetaConfig } from "#common/site-assets/meta.ts";
import { FAVICON_FILES, type FaviconGenerateResult } from "#common/site-assets/favicon.ts";
import { images } from "#server/db/schema/index.ts";
import { getAdminOverview } from "#server/features/admin/service.ts";
import { setActiveOgImage } from "#server/features/site-assets/og/active-og-image.ts";
import { loadIcoEndec } from "#server/features/site-assets/favicon-render.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

/** A folder shaped like dist/client, its index.html shaped like the built one. */
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "lab-client-"));
fs.writeFileSync(
  path.join(clientDir, "index.html"),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="static" />
    <meta name="theme-color" content="#facc15" />
    <link rel="icon" href="/favicon.ico" sizes="any" />
    <title>The $100 Lab</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`,
);
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const t = useTestApp({ clientDir, rateLimits: false, env: { PUBLIC_URL: "https://lab.example.com" } });
const emojiDesign = { type: "emoji", emoji: "🧪", text: "", backgroundColor: "#facc15", textColor: "#111827" } as const;
const upload = (user: TestUser | null, bytes: Buffer, name: string, fields: Record<string, string>) =>
  multipartRequest("/api/site-assets/update-favicon", { bytes, name }, fields, user?.headers ?? {}, "image");
const icoEntries = async (bytes: Buffer) => (await loadIcoEndec()).decode(bytes);

describe("site assets: who may call what", () => {
  it("keeps the favicon and meta tag tools to admins", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "siteAssets.favicon" });
    await expectAdminOnlyProcedure(t, { type: "query", path: "siteAssets.metaTags" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "siteAssets.saveMetaTags", input: DEFAULT_META_CONFIG });
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/debug/kv-favicon-list" });
  });

  it("refuses an anonymous or member favicon upload", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 4, background: "#000" } })
      .png()
      .toBuffer();
    expect((await t.inject(await upload(null, png, "a.png", { type: "png", size: "16" }))).statusCode).toBe(401);
    const member = await t.createUser("member");
    expect((await t.inject(await upload(member, png, "a.png", { type: "png", size: "16" }))).statusCode).toBe(403);
  });
});

describe("the favicon set", () => {
  it("serves a built-in icon before any is generated, never the app", async () => {
    const listed = await t.inject({ method: "GET", url: "/api/site-assets/active-favicons" });
    expect(listed.json()).toEqual({ success: true, files: [], version: null });
    const ico = await t.inject({ method: "GET", url: "/favicon.ico" });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers["content-type"]).toBe("image/x-icon");
    expect(ico.headers["x-served-from"]).toBe("default");
    expect((await icoEntries(ico.rawPayload)).map((entry) => entry.width)).toEqual([16, 32, 48]);
    const again = await t.inject({ method: "GET", url: "/favicon.ico", headers: { "if-none-match": String(ico.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const page = await t.inject({ method: "GET", url: "/" });
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="any">');
  });

  it("generates the 18 files in one call, stores them and links them with a version", async () => {
    const admin = await t.createUser("admin");
    const generated = await t.trpcMutation<FaviconGenerateResult>("siteAssets.generateFavicon", emojiDesign, admin.headers);
    expect(generated.status).toBe(200);
    expect(generated.data.files).toEqual(FAVICON_FILES.map((file) => `/${file}`));
    expect(generated.data.files).toHaveLength(18);
    expect(generated.data.steps.map((step) => step.id)).toHaveLength(10);

    const listed = (await t.inject({ method: "GET", url: "/api/site-assets/active-favicons" })).json();
    expect(listed).toEqual({ success: true, files: generated.data.files, version: generated.data.version });
    const keys = (await t.inject({ method: "GET", url: "/api/debug/kv-favicon-list", headers: admin.headers })).json();
    expect(keys.faviconKeys).toHaveLength(18);

    const ico = await t.inject({ method: "GET", url: `/favicon.ico?v=${generated.data.version}` });
    expect(ico.headers["x-served-from"]).toBe("storage");
    expect(ico.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await icoEntries(ico.rawPayload)).map((entry) => [entry.width, entry.imageType])).toEqual([
      [16, "png"],
      [32, "png"],
      [48, "png"],
    ]);
    const revalidated = await t.inject({ method: "GET", url: "/favicon.ico", headers: { "if-none-match": String(ico.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect((await t.inject({ method: "GET", url: "/favicon.ico" })).headers["cache-control"]).toBe("public, no-cache");

    for (const size of [16, 57, 180, 192, 512, 1024]) {
      const file = generated.data.files.find((name) => name.endsWith(`-${size}x${size}.png`))!;
      const png = await t.inject({ method: "GET", url: file });
      expect(png.headers["content-type"], file).toBe("image/png");
      expect(await sharp(png.rawPayload).metadata(), file).toMatchObject({ width: size, height: size, format: "png" });
    }
    const manifest = await t.inject({ method: "GET", url: "/site.webmanifest" });
    expect(manifest.headers["content-type"]).toBe("application/manifest+json");
    expect(JSON.parse(manifest.body)).toMatchObject({
      display: "standalone",
      theme_color: "#facc15",
      icons: [
        { src: "/android-chrome-192x192.png", sizes: "192x192", type: "image/png" },
        { src: "/android-chrome-512x512.png", sizes: "512x512", type: "image/png" },
      ],
    });

    const page = await t.inject({ method: "GET", url: "/" });
    expect(page.body).toContain(`<link rel="icon" href="/favicon.ico?v=${generated.data.version}" sizes="48x48">`);
    expect(page.body).toContain(`<link rel="manifest" href="/site.webmanifest?v=${generated.data.version}">`);
  });

  it("draws text, and refuses what it cannot draw with a clear message", async () => {
    const admin = await t.createUser("admin");
    const text = await t.trpcQuery<{ png32: string }>(
      "siteAssets.faviconPreview",
      { ...emojiDesign, type: "text", text: "$1" },
      admin.headers,
    );
    expect(text.status).toBe(200);
    expect(text.data.png32).toMatch(/^data:image\/png;base64,/);
    const tooLong = await t.trpcQuery("siteAssets.faviconPreview", { ...emojiDesign, type: "text", text: "abc" }, admin.headers);
    expect(tooLong.error?.message).toBe("Text: at most 2 characters");
    const noAsset = await t.trpcQuery("siteAssets.faviconPreview", { ...emojiDesign, emoji: "Ω" }, admin.headers);
    expect(noAsset.status).toBe(400);
    expect(noAsset.error?.message).toMatch(/has no image in the Twemoji set/);
  });

  it("takes uploaded files one by one, checked against what they claim to be", async () => {
    const admin = await t.createUser("admin");
    const png16 = await sharp({ create: { width: 16, height: 16, channels: 4, background: "#ff0000" } })
      .png()
      .toBuffer();
    const ok = await t.inject(await upload(admin, png16, "f.png", { type: "png", size: "16", adminEmail: admin.user.email }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, file: "/favicon-16x16.png" });
    const served = await t.inject({ method: "GET", url: "/favicon-16x16.png" });
    expect(served.rawPayload.equals(png16)).toBe(true);

    const refusals: Array<[Buffer, Record<string, string>, number, string]> = [
      [png16, { type: "png", size: "32" }, 400, "The PNG is 16x16, not 32x32"],
      [png16, { type: "ico" }, 415, "The file is not an ICO icon"],
      [Buffer.from("GIF89a not a png"), { type: "png", size: "16" }, 415, "The file is not a PNG image"],
      [Buffer.from("{ not json"), { type: "manifest" }, 400, "The manifest is not valid JSON"],
      [png16, { type: "svg" }, 400, "type must be ico, png or manifest"],
    ];
    for (const [bytes, fields, status, error] of refusals) {
      const refused = await t.inject(await upload(admin, bytes, "x", fields));
      expect([refused.statusCode, refused.json()], JSON.stringify(fields)).toEqual([status, { success: false, error }]);
    }
    const ico = (await t.inject({ method: "GET", url: "/favicon.ico" })).rawPayload;
    expect((await t.inject(await upload(admin, ico, "favicon.ico", { type: "ico" }))).json()).toEqual({
      success: true,
      file: "/favicon.ico",
    });
    const manifest = await t.inject(await upload(admin, Buffer.from('{"name":"Lab"}'), "site.webmanifest", { type: "manifest" }));
    expect(manifest.json()).toEqual({ success: true, file: "/site.webmanifest" });
  });
});

describe("what crawlers see", () => {
  const save = async (admin: TestUser, config: Partial<MetaConfig>) => {
    const saved = await t.trpcMutation("siteAssets.saveMetaTags", { ...DEFAULT_META_CONFIG, ...config }, admin.headers);
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
  };

  it("writes the configured tags into every public page, escaped, and shows a change at once", async () => {
    const admin = await t.createUser("admin");
    const before = await t.inject({ method: "GET", url: "/" });
    expect(before.body).toContain("<title>The $100 Lab</title>");
    expect(before.body.match(/<title>/g)).toHaveLength(1);

    await save(admin, { title: 'Lab <script>alert("x")</script> & co', twitterSite: "@hundredlab", twitterDescription: "Short and sweet" });
    const after = await t.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
    expect(after.body).not.toContain("<script>alert");
    expect(after.body).toContain('<meta property="og:title" content="Lab &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co">');
    expect(after.body).toContain('<meta name="twitter:site" content="@hundredlab">');
    expect(after.body).toContain('<meta name="twitter:description" content="Short and sweet">');
    expect(after.body).toContain('<link rel="canonical" href="https://lab.example.com/">');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(after.body)![1]!;
    expect(jsonLd).not.toContain("<");
    expect(JSON.parse(jsonLd)["@graph"][0].name).toBe('Lab <script>alert("x")</script> & co');

    const builders = await t.inject({ method: "GET", url: "/builders" });
    expect(builders.body).toContain('<meta property="og:title" content="Builders">');
    expect(builders.body).toContain('<link rel="canonical" href="https://lab.example.com/builders">');
    const admin404 = await t.inject({ method: "GET", url: "/nope" });
    expect(admin404.statusCode).toBe(404);
    expect(admin404.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("carries the active OG image, absolute, with its size, from the next request after it changes", async () => {
    const admin = await t.createUser("admin");
    await save(admin, {});
    await t.inject({ method: "GET", url: "/" });
    const before = (await getAdminOverview(t.db)).siteAssets;
    await setActiveOgImage(
      { db: t.db, cacheBus: t.services.cacheBus },
      { url: "/og-image.0123456789ab.png", width: 1200, height: 630, updatedAt: new Date().toISOString() },
      admin.user.id,
    );
    // The dashboard's Quick Action counts the social image as set.
    expect((await getAdminOverview(t.db)).siteAssets).toEqual({ done: before.done + 1, total: 3 });
    const page = await t.inject({ method: "GET", url: "/" });
    expect(page.body).toContain('<meta property="og:image" content="https://lab.example.com/og-image.0123456789ab.png">');
    expect(page.body).toContain('<meta property="og:image:width" content="1200">');
    expect(page.body).toContain('<meta name="twitter:image" content="https://lab.example.com/og-image.0123456789ab.png">');
  });

  it("gives a shared image its own tags, and an unknown one noindex", async () => {
    const member = await t.createUser("member");
    const [image] = await t.db
      .insert(images)
      .values({
        ownerId: member.user.id,
        originalName: "chart.png",
        annotation: "Week 3 <returns>",
        fullKey: "images/x/full.webp",
        thumbnailKey: "images/x/thumb.webp",
        contentType: "image/webp",
        fullBytes: 10,
        thumbnailBytes: 5,
        width: 800,
        height: 600,
        shared: true,
        sharedAt: new Date(),
      })
      .returning({ id: images.id });
    const page = await t.inject({ method: "GET", url: `/lab/image/${image!.id}` });
    expect(page.body).toContain('<meta property="og:title" content="Week 3 &lt;returns&gt;">');
    expect(page.body).toContain(`<meta property="og:image" content="https://lab.example.com/uploads/images/${image!.id}">`);
    expect(page.body).toContain('<meta property="og:image:width" content="800">');
    const unknown = await t.inject({ method: "GET", url: `/lab/image/${randomUUID()}` });
    expect(unknown.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it("compresses the page once and answers 304 to a revalidation", async () => {
    const page = await t.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    const again = await t.inject({ method: "GET", url: "/", headers: { "if-none-match": String(page.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("serves robots.txt and sitemap.xml with absolute URLs", async () => {
    const robots = await t.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    for (const line of ["Disallow: /admin", "Disallow: /today", "Disallow: /api", "Sitemap: https://lab.example.com/sitemap.xml"]) {
      expect(robots.body).toContain(line);
    }
    const sitemap = await t.inject({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain("<loc>https://lab.example.com/</loc>");
    expect(sitemap.body).toContain("<loc>https://lab.example.com/builders</loc>");
    expect(sitemap.body).not.toContain("/admin");
  });

  it("stores the Meta Tags tab's fields and refuses bad ones", async () => {
    const admin = await t.createUser("admin");
    const tooLong = await t.trpcMutation(
      "siteAssets.saveMetaTags",
      { ...DEFAULT_META_CONFIG, twitterDescription: "x".repeat(201) },
      admin.headers,
    );
    expect(tooLong.error?.message).toBe("Twitter Description: at most 200 characters");
    await save(admin, { keywords: "a, b", twitterCard: "summary" });
    const state = await t.trpcQuery<{ config: MetaConfig; headHtml: string }>("siteAssets.metaTags", undefined, admin.headers);
    expect(state.data.config).toMatchObject({ keywords: "a, b", twitterCard: "summary" });
    expect(state.data.headHtml).toContain('<meta name="twitter:card" content="summary">');
  });
});
