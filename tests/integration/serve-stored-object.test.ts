import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { createLocalStorage } from "#server/infra/storage/local-storage.ts";
import { createS3Storage } from "#server/infra/storage/s3-storage.ts";
import { startS3Server, type TestS3Server } from "../helpers/s3-server";

/** An app with the same compression as the real one, serving `files/<name>` from the storage. */
async function appServing(storage: ObjectStorage): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], globalDecompression: false });
  app.get<{ Params: { name: string } }>("/files/:name", (request, reply) =>
    serveStoredObject(request, reply, storage, `files/${request.params.name}`),
  );
  app.get<{ Params: { name: string } }>("/immutable/:name", (request, reply) =>
    serveStoredObject(request, reply, storage, `files/${request.params.name}`, {
      immutable: true,
      visibility: "public",
      notFoundMessage: "Image not found",
    }),
  );
  await app.ready();
  return app;
}

let dataDir: string;
let local: ObjectStorage;
let app: FastifyInstance;
const image = randomBytes(200_000);
let etag: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "lab-serve-"));
  local = createLocalStorage({ root: dataDir, minFreeBytes: 1 });
  etag = (await local.put("files/photo.webp", image, { contentType: "image/webp" })).etag;
  app = await appServing(local);
});
afterAll(async () => {
  await app?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("serving a stored object", () => {
  it("sends the bytes with type, length, ETag, Last-Modified, nosniff and a revalidating cache policy", async () => {
    const response = await app.inject({ method: "GET", url: "/files/photo.webp", headers: { "accept-encoding": "gzip, br" } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(image)).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": "image/webp",
      "content-length": String(image.length),
      etag,
      "cache-control": "private, no-cache",
      "x-content-type-options": "nosniff",
    });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(new Date(String(response.headers["last-modified"])).getTime()).toBeGreaterThan(0);
  });

  it("caches immutable keys for a year", async () => {
    const response = await app.inject({ method: "GET", url: "/immutable/photo.webp" });
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers 304 with no body to a matching If-None-Match, weak or in a list", async () => {
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const response = await app.inject({ method: "GET", url: "/immutable/photo.webp", headers: { "if-none-match": ifNoneMatch } });
      expect(response.statusCode, ifNoneMatch).toBe(304);
      expect(response.rawPayload.length).toBe(0);
      expect(response.headers).toMatchObject({ etag, "cache-control": "public, max-age=31536000, immutable" });
    }
  });

  it("sends the object again when the ETag is stale", async () => {
    const response = await app.inject({ method: "GET", url: "/files/photo.webp", headers: { "if-none-match": '"stale"' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(image)).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const response = await app.inject({ method: "HEAD", url: "/files/photo.webp" });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ "content-type": "image/webp", "content-length": String(image.length), etag });
    expect(response.rawPayload.length).toBe(0);
  });

  it("answers 404 with an error body when the key holds nothing, also on revalidation", async () => {
    for (const headers of [{}, { "if-none-match": etag }]) {
      const response = await app.inject({ method: "GET", url: "/files/missing.webp", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "File not found" });
    }
    expect((await app.inject({ method: "GET", url: "/immutable/missing.webp" })).json()).toEqual({ error: "Image not found" });
  });

  it("streams a large object over a real connection", async () => {
    const large = randomBytes(12 * 1024 * 1024);
    await local.put("files/large.avif", large, { contentType: "image/avif" });
    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const response = await fetch(`${address}/files/large.avif`);
    expect(response.headers.get("content-length")).toBe(String(large.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(large)).toBe(true);
  });
});

describe("serving from S3", () => {
  let s3: TestS3Server;
  let s3App: FastifyInstance;
  beforeAll(async () => {
    s3 = await startS3Server();
    const storage = createS3Storage(s3.config);
    await storage.put("files/photo.png", image, { contentType: "image/png" });
    s3App = await appServing(storage);
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.remove();
  });

  it("sends the object and answers 304 on its ETag", async () => {
    const response = await s3App.inject({ method: "GET", url: "/files/photo.png" });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(image)).toBe(true);
    expect(response.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(image.length),
      "x-content-type-options": "nosniff",
    });
    const again = await s3App.inject({
      method: "GET",
      url: "/files/photo.png",
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await s3App.inject({ method: "GET", url: "/files/missing.png" })).statusCode).toBe(404);
  });

  it("answers 503 with an error body when the service is away", async () => {
    await s3.stop();
    const response = await s3App.inject({ method: "GET", url: "/files/photo.png" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: "File storage is unavailable right now. Please try again shortly." });
  });
});
