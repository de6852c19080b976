import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SavedImage, SharedImage } from "#common/images/images.ts";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();
let owner: TestUser;
let stranger: TestUser;
let admin: TestUser;
let png: Buffer;

beforeAll(async () => {
  owner = await t.createUser("member");
  stranger = await t.createUser("member");
  admin = await t.createUser("admin");
  png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#c33" } })
    .png()
    .toBuffer();
});

async function uploadAs(user: TestUser, fields: Record<string, string> = {}): Promise<SavedImage> {
  const response = await t.inject(await multipartRequest("/api/images/upload", { bytes: png, name: "shot.png" }, fields, user.headers));
  expect(response.statusCode).toBe(201);
  return response.json<{ image: SavedImage }>().image;
}

const annotateRest = (imageId: string, annotation: string, headers: Record<string, string>) =>
  t.inject({
    method: "POST",
    url: "/api/images/annotate",
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify({ imageId, annotation, experimentId: "default", timestamp: new Date().toISOString() }),
  });

const storedKeys = async (user: TestUser, imageId: string) =>
  (await t.deps.storage.list(`images/${user.user.id}/${imageId}/`)).map((object) => object.key);

describe("images.list", () => {
  it("lists the caller's own images of one experiment, newest first", async () => {
    const first = await uploadAs(owner, { experimentId: "listing" });
    const second = await uploadAs(owner, { experimentId: "listing" });
    await uploadAs(owner, { experimentId: "elsewhere" });
    await uploadAs(stranger, { experimentId: "listing" });

    const mine = await t.trpcQuery<{ images: SavedImage[] }>("images.list", { experimentId: "listing" }, owner.headers);
    expect(mine.data.images.map((image) => image.id)).toEqual([second.id, first.id]);
    expect(mine.data.images[0]).toEqual(second);

    const theirs = await t.trpcQuery<{ images: SavedImage[] }>("images.list", { experimentId: "listing" }, stranger.headers);
    expect(theirs.data.images.map((image) => image.id)).not.toContain(first.id);
  });

  it("answers 401 without a session", async () => {
    expect((await t.trpcQuery("images.list", { experimentId: "general" })).status).toBe(401);
  });
});

describe("annotating", () => {
  it("lets the owner annotate by REST and tRPC, and an admin too", async () => {
    const image = await uploadAs(owner);
    const rest = await annotateRest(image.id, "First line\nsecond line", owner.headers);
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toEqual({ ok: true });
    expect((await t.trpcMutation("images.annotate", { imageId: image.id, annotation: "by tRPC" }, owner.headers)).data).toEqual({
      ok: true,
    });
    expect((await annotateRest(image.id, "by the admin", admin.headers)).statusCode).toBe(200);
    const listed = await t.trpcQuery<{ images: SavedImage[] }>("images.list", { experimentId: "general" }, owner.headers);
    expect(listed.data.images.find((row) => row.id === image.id)?.annotation).toBe("by the admin");
  });

  it("answers 404 to another member, as for an image that does not exist", async () => {
    const image = await uploadAs(owner);
    const rest = await annotateRest(image.id, "mine now", stranger.headers);
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toEqual({ error: "Image not found" });
    const trpc = await t.trpcMutation("images.annotate", { imageId: image.id, annotation: "mine now" }, stranger.headers);
    expect(trpc.error?.data.code).toBe("NOT_FOUND");
    expect((await annotateRest(crypto.randomUUID(), "x", owner.headers)).json()).toEqual({ error: "Image not found" });
  });

  it("refuses an annotation over 2000 characters and a malformed id", async () => {
    const image = await uploadAs(owner);
    const long = await annotateRest(image.id, "x".repeat(2001), owner.headers);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: "Annotation must be at most 2000 characters" });
    expect((await annotateRest(image.id, "x".repeat(2000), owner.headers)).statusCode).toBe(200);
    expect((await annotateRest("not-an-id", "x", owner.headers)).json()).toEqual({ error: "Image id must be a valid id" });
  });

  it("answers 401 without a session", async () => {
    const response = await annotateRest(crypto.randomUUID(), "x", {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "You need to sign in" });
  });
});

describe("the stored files", () => {
  it("serves the owner the image with its type, ETag, nosniff and a private long cache, and 304 on If-None-Match", async () => {
    const image = await uploadAs(owner);
    const full = await t.inject({ method: "GET", url: image.url, headers: owner.headers });
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("image/webp");
    expect(full.headers["x-content-type-options"]).toBe("nosniff");
    expect(full.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect(full.rawPayload.length).toBe(image.size);
    expect((await sharp(full.rawPayload).metadata()).width).toBe(80);
    const etag = full.headers.etag as string;
    expect(etag).toMatch(/^"/);

    const again = await t.inject({ method: "GET", url: image.url, headers: { ...owner.headers, "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const thumbnail = await t.inject({ method: "GET", url: image.thumbnailUrl, headers: owner.headers });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    // Smaller than 400 px already: the thumbnail keeps its size (never enlarged).
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(80);
  });

  it("answers 404 to strangers and anonymous visitors until the image is shared, and serves admins", async () => {
    const image = await uploadAs(owner);
    for (const url of [image.url, image.thumbnailUrl]) {
      expect((await t.inject({ method: "GET", url })).statusCode, url).toBe(404);
      const asStranger = await t.inject({ method: "GET", url, headers: stranger.headers });
      expect(asStranger.statusCode, url).toBe(404);
      expect(asStranger.json()).toEqual({ error: "Image not found" });
      expect((await t.inject({ method: "GET", url, headers: admin.headers })).statusCode, url).toBe(200);
    }
    expect((await t.inject({ method: "GET", url: `/uploads/images/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await t.inject({ method: "GET", url: "/uploads/images/..%2F..%2Fetc" })).statusCode).toBe(404);
  });
});

describe("sharing", () => {
  it("opens the image and its files to anyone while shared, and closes them again when taken back", async () => {
    const image = await uploadAs(owner, { annotation: "Hero shot" });
    expect((await t.trpcQuery("images.getShared", { id: image.id })).error?.data.code).toBe("NOT_FOUND");

    const shared = await t.trpcMutation<{ shareUrl: string | null }>("images.share", { imageId: image.id, shared: true }, owner.headers);
    expect(shared.data).toEqual({ shareUrl: `/lab/image/${image.id}` });

    const page = await t.trpcQuery<SharedImage>("images.getShared", { id: image.id });
    expect(page.data).toEqual({
      id: image.id,
      url: image.url,
      thumbnailUrl: image.thumbnailUrl,
      originalName: "shot.png",
      annotation: "Hero shot",
      uploadedAt: image.uploadedAt,
      width: 80,
      height: 60,
    });
    const publicFile = await t.inject({ method: "GET", url: image.url });
    expect(publicFile.statusCode).toBe(200);
    expect(publicFile.headers["cache-control"]).toBe("public, no-cache");
    expect((await t.inject({ method: "GET", url: image.thumbnailUrl })).statusCode).toBe(200);
    const listed = await t.trpcQuery<{ images: SavedImage[] }>("images.list", { experimentId: "general" }, owner.headers);
    expect(listed.data.images.find((row) => row.id === image.id)).toMatchObject({ shared: true, shareUrl: `/lab/image/${image.id}` });

    const unshared = await t.trpcMutation("images.share", { imageId: image.id, shared: false }, owner.headers);
    expect(unshared.data).toEqual({ shareUrl: null });
    expect((await t.trpcQuery("images.getShared", { id: image.id })).error?.data.code).toBe("NOT_FOUND");
    expect((await t.inject({ method: "GET", url: image.url })).statusCode).toBe(404);
  });

  it("answers NOT_FOUND when another member tries to share", async () => {
    const image = await uploadAs(owner);
    const attempt = await t.trpcMutation("images.share", { imageId: image.id, shared: true }, stranger.headers);
    expect(attempt.error?.data.code).toBe("NOT_FOUND");
    expect((await t.trpcQuery("images.getShared", { id: image.id })).error?.data.code).toBe("NOT_FOUND");
  });
});

describe("images.delete", () => {
  it("removes the row and both stored files", async () => {
    const image = await uploadAs(owner);
    expect(await storedKeys(owner, image.id)).toHaveLength(2);
    expect((await t.trpcMutation("images.delete", { imageId: image.id }, owner.headers)).data).toEqual({ ok: true });
    expect(await storedKeys(owner, image.id)).toEqual([]);
    expect((await t.inject({ method: "GET", url: image.url, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.trpcMutation("images.delete", { imageId: image.id }, owner.headers)).error?.data.code).toBe("NOT_FOUND");
  });

  it("answers NOT_FOUND to another member and keeps the files; an admin may delete", async () => {
    const image = await uploadAs(owner);
    expect((await t.trpcMutation("images.delete", { imageId: image.id }, stranger.headers)).error?.data.code).toBe("NOT_FOUND");
    expect(await storedKeys(owner, image.id)).toHaveLength(2);
    expect((await t.trpcMutation("images.delete", { imageId: image.id }, admin.headers)).data).toEqual({ ok: true });
    expect(await storedKeys(owner, image.id)).toEqual([]);
  });
});
