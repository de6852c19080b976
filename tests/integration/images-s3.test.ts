import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedImage } from "#common/images/images.ts";
import { createS3Storage } from "#server/infra/storage/s3-storage.ts";
import { jpegWithGpsAndOrientation, multipartRequest, noisyJpeg } from "../helpers/images";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";
import { useTestApp, type TestUser } from "../helpers/test-app";

// The upload path end to end on the S3 driver (a real s3rver); images-upload.test.ts covers every rule on the local one.
let server: TestS3Server;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => {
  await server?.remove();
});

const t = useTestApp({ storage: () => createS3Storage(server.config), env: { IMAGE_QUOTA_MB: "1" } });
let member: TestUser;
beforeAll(async () => {
  member = await t.createUser("member");
});

const upload = async (bytes: Buffer) =>
  t.inject(await multipartRequest("/api/images/upload", { bytes, name: "photo.jpg" }, {}, member.headers));
const storedKeys = async () => (await t.deps.storage.list(`images/${member.user.id}/`)).map((object) => object.key);

describe("images on S3-compatible storage", () => {
  it("stores a clean upright copy, serves it with ETag and 304, and deletes both files", async () => {
    const response = await upload(await jpegWithGpsAndOrientation());
    expect(response.statusCode).toBe(201);
    const image = response.json<{ image: SavedImage }>().image;
    expect(await storedKeys()).toEqual([
      `images/${member.user.id}/${image.id}/full.webp`,
      `images/${member.user.id}/${image.id}/thumb.webp`,
    ]);

    const file = await t.inject({ method: "GET", url: image.url, headers: member.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([40, 60, undefined]);
    const revalidated = await t.inject({
      method: "GET",
      url: image.url,
      headers: { ...member.headers, "if-none-match": file.headers.etag as string },
    });
    expect(revalidated.statusCode).toBe(304);

    expect((await t.trpcMutation("images.delete", { imageId: image.id }, member.headers)).data).toEqual({ ok: true });
    expect(await storedKeys()).toEqual([]);
  });

  it("removes what it stored when the upload then fails (over quota)", async () => {
    const response = await upload(await noisyJpeg(2400, 1800, 95));
    expect(response.statusCode).toBe(413);
    expect(await storedKeys()).toEqual([]);
  });

  // Last: stops the server for the rest of the file.
  it("answers 503 { success: false } while the storage is away, and 503 for the files", async () => {
    const kept = await upload(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    const image = kept.json<{ image: SavedImage }>().image;
    await server.stop();
    t.expectErrorLog(1); // serveStoredObject logs the outage of the file read.
    const refused = await upload(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ success: false, error: "File storage is unavailable right now. Please try again in a moment." });
    expect((await t.inject({ method: "GET", url: image.url, headers: member.headers })).statusCode).toBe(503);
    const deletion = await t.trpcMutation("images.delete", { imageId: image.id }, member.headers);
    expect(deletion.error?.data.code).toBe("SERVICE_UNAVAILABLE");
    // Nothing changed: the image is still listed, so deleting again once the storage is back finishes the job.
    const listed = await t.trpcQuery<{ images: SavedImage[] }>("images.list", { experimentId: "general" }, member.headers);
    expect(listed.data.images.map((row) => row.id)).toContain(image.id);
  });
});
