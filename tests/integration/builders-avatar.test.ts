import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { PublicBuilder } from "#common/builders/builders.ts";
import { builders } from "#server/db/schema/index.ts";
import { jpegWithGpsAndOrientation, multipartRequest, pngClaimingSize } from "../helpers/images";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
let portrait: Buffer;

beforeAll(async () => {
  portrait = await sharp({ create: { width: 600, height: 900, channels: 3, background: "#3a6" } })
    .jpeg()
    .toBuffer();
});

const uploadAvatar = async (bytes: Buffer, headers: Record<string, string> = {}) =>
  t.inject(await multipartRequest("/api/builders/avatar", { bytes, name: "me.jpg" }, {}, headers));

const json = (method: "POST" | "PUT", url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.inject({ method, url, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(body) });

describe("POST /api/builders/avatar", () => {
  it("takes a picture from anyone (the join form is public) and serves a 256 px square WebP without metadata", async () => {
    const response = await uploadAvatar(await jpegWithGpsAndOrientation());
    expect(response.statusCode).toBe(201);
    const { avatarUrl } = response.json<{ avatarUrl: string }>();
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}$/);

    const file = await t.inject({ method: "GET", url: avatarUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([256, 256, undefined]);
    expect((await t.inject({ method: "GET", url: avatarUrl, headers: { "if-none-match": file.headers.etag as string } })).statusCode).toBe(
      304,
    );
  });

  it("refuses what is not an image (415), a file over 5 MB (413) and a pixel bomb (422)", async () => {
    const svg = await uploadAvatar(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toEqual({ error: "This file is not a supported image. Please upload a JPEG, PNG, WebP, GIF or AVIF image." });

    const big = await uploadAvatar(Buffer.concat([portrait, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: "The picture is larger than 5 MB. Please choose a smaller one." });

    const bomb = await uploadAvatar(await pngClaimingSize(20_000));
    expect(bomb.statusCode).toBe(422);
  });

  it("answers 404 for unknown and malformed avatar ids", async () => {
    expect((await t.inject({ method: "GET", url: `/uploads/avatars/${crypto.randomUUID()}` })).json()).toEqual({
      error: "Avatar not found",
    });
    expect((await t.inject({ method: "GET", url: "/uploads/avatars/..%2Fimages" })).statusCode).toBe(404);
  });
});

describe("the profile's avatarUrl", () => {
  it("is set by the join form, kept by an edit that leaves it out, replaced, and removed with null", async () => {
    const first = (await uploadAvatar(portrait)).json<{ avatarUrl: string }>().avatarUrl;
    const joined = await json("POST", "/api/builders", { name: "Ada", email: "ada-avatar@example.com", avatarUrl: first });
    expect(joined.statusCode).toBe(201);
    const [saved] = await t.db.select({ avatarUrl: builders.avatarUrl }).from(builders).where(eq(builders.email, "ada-avatar@example.com"));
    expect(saved?.avatarUrl).toBe(first);

    const owner = await t.createUser("member", { email: "ada-avatar@example.com" });
    const kept = await json("PUT", "/api/builders/mine", { name: "Ada L." }, owner.headers);
    expect(kept.json<{ builder: PublicBuilder }>().builder.avatarUrl).toBe(first);

    const second = (await uploadAvatar(portrait)).json<{ avatarUrl: string }>().avatarUrl;
    const replaced = await t.trpcMutation<{ builder: PublicBuilder }>(
      "builders.updateMine",
      { name: "Ada L.", avatarUrl: second },
      owner.headers,
    );
    expect(replaced.data.builder.avatarUrl).toBe(second);

    const removed = await json("PUT", "/api/builders/mine", { name: "Ada L.", avatarUrl: null }, owner.headers);
    expect(removed.json<{ builder: PublicBuilder }>().builder.avatarUrl).toBeNull();
  });

  it("refuses any other URL", async () => {
    for (const avatarUrl of ["https://evil.example/x.png", "/uploads/images/00000000-0000-4000-8000-000000000000", "javascript:alert(1)"]) {
      const response = await json("POST", "/api/builders", { name: "Eve", email: "eve@example.com", avatarUrl });
      expect(response.statusCode, avatarUrl).toBe(400);
      expect(response.json()).toEqual({ error: "Avatar must be an image uploaded with the form" });
    }
  });
});

describe("the avatar budget", () => {
  it("limits avatar uploads per address", async () => {
    for (let i = 0; i < 10; i++) await t.deps.rateLimits.consume("avatarUpload", "203.0.113.9");
    const refused = await t.inject({
      ...(await multipartRequest("/api/builders/avatar", { bytes: portrait, name: "me.jpg" })),
      remoteAddress: "203.0.113.9",
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "Too many avatar uploads. Please try again later." });
  });
});
