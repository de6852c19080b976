import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SavedImage } from "#common/images/images.ts";
import { multipartRequest } from "../helpers/images";
import { useTestApp, type TestUser } from "../helpers/test-app";

// The images a member may send that cost the most memory to work on (the budget itself is measured by
// npm run bench:images, not here): they pass, or are refused with the usual words.
const t = useTestApp();
let member: TestUser;
let bigPng: Buffer;

beforeAll(async () => {
  member = await t.createUser("member");
  // ~200 KB that declares 49 megapixels of RGBA (196 MB decoded): just under the 50-megapixel cap.
  bigPng = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: 40, g: 120, b: 200, alpha: 0.5 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 60_000);

describe("large images", () => {
  it("accepts a 7000x7000 PNG through POST /api/images/upload, stored at 2560 px", async () => {
    expect(bigPng.length).toBeLessThan(1024 * 1024);
    const response = await t.inject(await multipartRequest("/api/images/upload", { bytes: bigPng, name: "big.png" }, {}, member.headers));
    expect(response.statusCode).toBe(201);
    const { image } = response.json<{ success: boolean; image: SavedImage }>();
    expect([image.type, image.width, image.height]).toEqual(["image/webp", 2560, 2560]);
  }, 60_000);

  it("accepts the same PNG as a builder avatar (the public path), stored at 256 px", async () => {
    const response = await t.inject(await multipartRequest("/api/builders/avatar", { bytes: bigPng, name: "me.png" }));
    expect(response.statusCode).toBe(201);
    const file = await t.inject({ method: "GET", url: response.json<{ avatarUrl: string }>().avatarUrl });
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 256, 256]);
  }, 60_000);

  it("refuses an interlaced PNG over 12 megapixels (its decoder holds the whole image) with 422", async () => {
    const interlaced = await sharp({ create: { width: 4000, height: 4000, channels: 4, background: "#5a7" } })
      .png({ progressive: true, compressionLevel: 9 })
      .toBuffer();
    const response = await t.inject(
      await multipartRequest("/api/images/upload", { bytes: interlaced, name: "interlaced.png" }, {}, member.headers),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      error: "This image has too many pixels (more than 12 megapixels). Please upload a smaller image.",
    });
  }, 60_000);
});
