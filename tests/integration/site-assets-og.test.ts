import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  OG_DEFAULT_CONFIG,
  OG_UPLOAD_MAX_BYTES,
  OG_UPLOAD_REFUSED,
  OG_UPLOAD_TOO_LARGE,
  applyOgTemplate,
  type ActiveOgImage,
  type OgConfig,
  type OgUpdateResponse,
} from "#common/site-assets/og.ts";
import { getActiveOgImage } from "#server/features/site-assets/og/active-og-image.ts";
import { expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await t.createUser("admin");
});

/** The upload form: the file in `image`, the admin's email beside it. */
async function updateOgRequest(bytes: Buffer, name: string, headers: Record<string, string>) {
  const form = new FormData();
  form.append("adminEmail", admin.user.email);
  form.append("image", new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  return {
    method: "POST" as const,
    url: "/api/site-assets/update-og",
    headers: { ...headers, "content-type": encoded.headers.get("content-type")! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  };
}

const design = (overrides: Partial<OgConfig> = {}): OgConfig => ({
  ...applyOgTemplate(OG_DEFAULT_CONFIG, "dark"),
  domain: "example.com",
  ...overrides,
});
const pngOf = async (config: OgConfig) => {
  const result = await t.trpcMutation<{ pngBase64: string }>("siteAssetsOg.renderPng", config, admin.headers);
  expect(result.status).toBe(200);
  return Buffer.from(result.data.pngBase64, "base64");
};

describe("the OG renderer", () => {
  it("makes a 1200x630 PNG that changes with the title", async () => {
    const first = await pngOf(design({ title: "First title 🚀" }));
    const second = await pngOf(design({ title: "Second title 🚀" }));
    for (const png of [first, second]) expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect(first.equals(second)).toBe(false);
  });

  it("previews the same design as an SVG whose text is drawn as paths", async () => {
    const result = await t.trpcMutation<{ svg: string }>("siteAssetsOg.preview", design(), admin.headers);
    expect(result.status).toBe(200);
    expect(result.data.svg).toMatch(/^<svg[^>]+width="1200" height="630"/);
    expect(result.data.svg).toContain("<path");
  });

  it("refuses an emoji Twemoji has no picture for, a script the font lacks, and a design out of range, with clear messages", async () => {
    const unknownEmoji = await t.trpcMutation("siteAssetsOg.preview", design({ title: "Shaking \u{1FAE8}\u{1F3FF}" }), admin.headers);
    expect(unknownEmoji.status).toBe(400);
    expect(unknownEmoji.error?.message).toMatch(/emoji .* has no image in the Twemoji set/);
    const unknownScript = await t.trpcMutation("siteAssetsOg.preview", design({ title: "日本語" }), admin.headers);
    expect(unknownScript.status).toBe(400);
    expect(unknownScript.error?.message).toMatch(/The font has no letters for "日本語"/);
    const tooBig = await t.trpcMutation("siteAssetsOg.preview", design({ titleSize: 101 }), admin.headers);
    expect(tooBig.status).toBe(400);
    expect(tooBig.error?.message).toBe("Title size must be between 40 and 100 px");
  });
});

describe("Update Our OG Image", () => {
  it("keeps the design and makes its PNG the site's og:image, served from storage with validators", async () => {
    const config = design({ title: "Published title", template: "dark" });
    const updated = await t.trpcMutation<ActiveOgImage>("siteAssetsOg.update", config, admin.headers);
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ url: expect.stringMatching(/^\/og-image\.[0-9a-f]{12}\.png$/), width: 1200, height: 630 });
    expect(await getActiveOgImage(t.db)).toEqual(updated.data);

    const state = await t.trpcQuery<{ config: OgConfig; active: ActiveOgImage }>("siteAssetsOg.state", undefined, admin.headers);
    expect(state.data).toEqual({ config, active: updated.data });

    const served = await t.inject({ method: "GET", url: updated.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "x-served-from": "storage",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    const revalidated = await t.inject({ method: "GET", url: updated.data.url, headers: { "if-none-match": String(served.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect((await t.inject({ method: "GET", url: "/og-image.0123456789ab.png" })).statusCode).toBe(404);
  });

  it("POST /api/site-assets/update-og takes a ready PNG or JPEG (admins only) and answers its URL", async () => {
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const response = await expectAdminOnlyRest(t, () => updateOgRequest(png, "og.png", {}));
    const body = response.json<OgUpdateResponse>();
    expect(body).toEqual({ message: "OG image updated", imageUrl: expect.stringMatching(/^\/og-image\.[0-9a-f]{12}\.png$/) });
    expect((await getActiveOgImage(t.db))?.url).toBe(body.imageUrl);

    const jpeg = await sharp({ create: { width: 800, height: 420, channels: 3, background: "#993366" } })
      .jpeg()
      .toBuffer();
    const jpegAnswer = await t.inject(await updateOgRequest(jpeg, "og.jpg", admin.headers));
    expect(jpegAnswer.statusCode).toBe(200);
    const jpegUrl = jpegAnswer.json<OgUpdateResponse>().imageUrl;
    expect(jpegUrl).toMatch(/\.jpg$/);
    expect(await getActiveOgImage(t.db)).toMatchObject({ url: jpegUrl, width: 800, height: 420 });
    expect((await t.inject({ method: "GET", url: jpegUrl })).headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses a file over the size limit", async () => {
    const response = await t.inject(await updateOgRequest(Buffer.alloc(OG_UPLOAD_MAX_BYTES + 1), "og.png", admin.headers));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: OG_UPLOAD_TOO_LARGE });
  });

  it("refuses a file that is not a PNG or JPEG, whatever its name says", async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    for (const bytes of [gif, Buffer.from("just some text, not an image")]) {
      const response = await t.inject(await updateOgRequest(bytes, "og.png", admin.headers));
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ error: OG_UPLOAD_REFUSED });
    }
  });
});
