import fs from "node:fs";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, type SavedImage } from "#common/images/images.ts";
import { IMAGE_MAX_INPUT_PIXELS } from "#server/infra/image-processing.ts";
import { uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { jpegWithGpsAndOrientation, multipartRequest, noisyJpeg, pngClaimingSize, sampleImages } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();
let member: TestUser;
let samples: Awaited<ReturnType<typeof sampleImages>>;

beforeAll(async () => {
  member = await t.createUser("member");
  samples = await sampleImages();
});

type UploadAnswer = { success: boolean; image?: SavedImage; error?: string };

async function upload(bytes: Buffer, name: string, fields: Record<string, string> = {}, headers: Record<string, string> = member.headers) {
  const response = await t.inject(await multipartRequest("/api/images/upload", { bytes, name }, fields, headers));
  return { status: response.statusCode, body: response.json<UploadAnswer>() };
}

/** The stored file's bytes, read back through the configured storage driver. */
async function storedBytes(key: string): Promise<Buffer> {
  const object = await t.deps.storage.get(key);
  if (!object) throw new Error(`nothing stored under ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const keysOf = (ownerId: string, imageId: string) => [`images/${ownerId}/${imageId}/full.webp`, `images/${ownerId}/${imageId}/thumb.webp`];

describe("POST /api/images/upload", () => {
  it.each(["jpeg", "png", "webp", "gif", "avif"] as const)(
    "accepts %s, stores a WebP copy and a thumbnail, and answers the saved image",
    async (format) => {
      const { status, body } = await upload(samples[format], `photo.${format}`, { experimentId: "exp-1", annotation: "Landing hero" });
      expect(status).toBe(201);
      expect(body.success).toBe(true);
      const image = body.image!;
      expect(image).toMatchObject({
        url: `/uploads/images/${image.id}`,
        thumbnailUrl: `/uploads/images/${image.id}/thumbnail`,
        originalName: `photo.${format}`,
        annotation: "Landing hero",
        experimentId: "exp-1",
        type: "image/webp",
        width: 64,
        height: 48,
        shared: false,
        shareUrl: null,
      });
      expect(Number.isNaN(Date.parse(image.uploadedAt))).toBe(false);
      const [fullKey, thumbKey] = keysOf(member.user.id, image.id);
      const full = await storedBytes(fullKey!);
      expect(image.size).toBe(full.length);
      expect((await sharp(full).metadata()).format).toBe("webp");
      expect((await sharp(await storedBytes(thumbKey!)).metadata()).format).toBe("webp");
    },
  );

  it("defaults the experiment to general and the annotation to empty", async () => {
    const { status, body } = await upload(samples.png, "plain.png");
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ experimentId: "general", annotation: "" });
  });

  it("keeps at most 2560 px on the long side and makes a 400 px thumbnail", async () => {
    const { status, body } = await upload(
      await sharp({ create: { width: 3000, height: 1500, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      "wide.png",
    );
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ width: 2560, height: 1280 });
    const [, thumbKey] = keysOf(member.user.id, body.image!.id);
    const thumb = await sharp(await storedBytes(thumbKey!)).metadata();
    expect([thumb.width, thumb.height]).toEqual([400, 200]);
  });

  it("applies the EXIF orientation and strips every metadata block, GPS included", async () => {
    const original = await jpegWithGpsAndOrientation();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("TestCam");
    expect(before.orientation).toBe(6);

    const { status, body } = await upload(original, "gps.jpg");
    expect(status).toBe(201);
    // 60x40 turned a quarter: upright it is 40 wide and 60 tall.
    expect(body.image).toMatchObject({ width: 40, height: 60 });
    for (const key of keysOf(member.user.id, body.image!.id)) {
      const stored = await storedBytes(key);
      const metadata = await sharp(stored).metadata();
      expect(metadata.exif, key).toBeUndefined();
      expect(metadata.xmp, key).toBeUndefined();
      expect(metadata.orientation ?? 1, key).toBe(1);
      expect(stored.toString("latin1"), key).not.toMatch(/TestCam|Exif/);
    }
  });

  it.each([
    ["an SVG renamed .png", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ["an HTML page renamed .png", Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>")],
    ["a PDF renamed .png", Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")],
  ])("refuses %s with 415 naming the accepted types", async (_label, bytes) => {
    const { status, body } = await upload(bytes, "innocent.png");
    expect(status).toBe(415);
    expect(body).toEqual({
      success: false,
      error: "This file is not a supported image. Please upload a JPEG, PNG, WebP, GIF or AVIF image.",
    });
  });

  it("refuses a file over 10 MB with 413", async () => {
    const { status, body } = await upload(Buffer.concat([samples.jpeg, Buffer.alloc(IMAGE_MAX_BYTES)]), "huge.jpg");
    expect(status).toBe(413);
    expect(body).toEqual({ success: false, error: "The image is larger than 10 MB. Please upload a smaller image." });
  });

  it("refuses a decompression bomb with 422 and stores nothing", async () => {
    const bomb = await pngClaimingSize(20_000);
    expect(bomb.length).toBeLessThan(1024);
    const before = await t.deps.storage.list(`images/${member.user.id}/`);
    const { status, body } = await upload(bomb, "bomb.png");
    expect(status).toBe(422);
    expect(body.success).toBe(false);
    expect(body.error).toContain(`more than ${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    expect(await t.deps.storage.list(`images/${member.user.id}/`)).toEqual(before);
  });

  it("passes a 12-megapixel photo", async () => {
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#5a7" } })
      .jpeg()
      .toBuffer();
    const { status, body } = await upload(photo, "phone.jpg");
    expect(status).toBe(201);
    expect(body.image).toMatchObject({ width: 2560, height: 1920 });
  });

  it("refuses damaged image bytes with 422", async () => {
    const { status, body } = await upload(samples.jpeg.subarray(0, 200), "cut.jpg");
    expect(status).toBe(422);
    expect(body).toEqual({ success: false, error: "This image could not be read: the file looks damaged or incomplete." });
  });

  it("answers 401 { success: false } without a session", async () => {
    const { status, body } = await upload(samples.png, "a.png", {}, {});
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, error: "You need to sign in" });
  });

  it("answers 400 for a form without a file, bad fields or two files", async () => {
    const noFile = await t.inject(await multipartRequest("/api/images/upload", null, { experimentId: "x" }, member.headers));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ success: false, error: 'Choose a file to upload (the "file" field)' });

    const badExperiment = await upload(samples.png, "a.png", { experimentId: "../etc" });
    expect(badExperiment.status).toBe(400);
    expect(badExperiment.body.error).toBe("Experiment id may hold only letters, digits, - and _");

    const longAnnotation = await upload(samples.png, "a.png", { annotation: "x".repeat(2001) });
    expect(longAnnotation.status).toBe(400);
    expect(longAnnotation.body.error).toBe("Annotation must be at most 2000 characters");

    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(samples.png)]), "a.png");
    form.append("file", new Blob([new Uint8Array(samples.png)]), "b.png");
    const encoded = new Request("http://localhost/", { method: "POST", body: form });
    const twoFiles = await t.inject({
      method: "POST",
      url: "/api/images/upload",
      headers: { ...member.headers, "content-type": encoded.headers.get("content-type")! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json()).toEqual({ success: false, error: "Send one file per request" });
  });

  it("answers 415 { success: false } to a JSON body", async () => {
    const response = await t.inject({
      method: "POST",
      url: "/api/images/upload",
      headers: { ...member.headers, "content-type": "application/json" },
      payload: "{}",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ success: false, error: "Send the file as multipart/form-data" });
  });

  it("keeps only the file's own name, without folders or control characters", async () => {
    const { body } = await upload(samples.png, "C:\\Users\\ada\\shot\u0007.png");
    expect(body.image?.originalName).toBe("shot.png");
  });

  it("limits uploads per user, not per address", async () => {
    const busy = await t.createUser("member");
    for (let i = 0; i < 30; i++) await t.deps.rateLimits.consume("imageUpload", busy.user.id);
    const refused = await upload(samples.png, "a.png", {}, busy.headers);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: "Too many uploads. Please wait a minute and try again." });
    expect((await upload(samples.png, "a.png")).status).toBe(201);
  });

  // Last of this file's uploads: every one above, accepted or refused, removed its temp file.
  it("leaves no received file behind in the spool folder", () => {
    const spool = uploadSpoolDir(t.deps.config.dataDir);
    expect(fs.existsSync(spool)).toBe(true);
    expect(fs.readdirSync(spool)).toEqual([]);
  });
});

describe("the storage quota", () => {
  const quota = useTestApp({ env: { IMAGE_QUOTA_MB: "1" } });

  it("refuses an upload that would pass the quota, with a clear message, and leaves no file behind", async () => {
    const owner = await quota.createUser("member");
    const send = async (bytes: Buffer) =>
      quota.inject(await multipartRequest("/api/images/upload", { bytes, name: "shot.jpg" }, {}, owner.headers));

    const small = await send(
      await sharp({ create: { width: 32, height: 32, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    expect(small.statusCode).toBe(201);
    const keptKeys = (await quota.deps.storage.list(`images/${owner.user.id}/`)).map((object) => object.key);
    expect(keptKeys).toHaveLength(2);

    // Noise does not compress: its WebP copy alone is well over 1 MB.
    const big = await send(await noisyJpeg(2400, 1800, 95));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, error: "Storage quota reached (1 MB). Delete some images to upload new ones." });
    expect((await quota.deps.storage.list(`images/${owner.user.id}/`)).map((object) => object.key)).toEqual(keptKeys);
  });
});
