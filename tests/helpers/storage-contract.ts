import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { StorageInputError, StorageUnavailableError, type ObjectStorage } from "#server/infra/storage/index.ts";

/** A stream of the bytes in uneven chunks, as a network upload arrives. */
export function chunked(bytes: Buffer, chunkSize = 64 * 1024 + 3): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
    })(),
  );
}

/** A stream that sends some bytes, then fails, as a dropped upload does. */
export function failingAfter(bytes: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error("the client went away");
    })(),
  );
}

export const BAD_KEYS = ["../x", "/abs", "a//b", "a\\b", "", "a/../b", "a/./b", "a/", "white space", "a/b?c", "é"];

/** The same cases for every driver: what features rely on, whichever storage is configured. */
export function objectStorageContract(storageOf: () => ObjectStorage) {
  describe("the object storage contract", () => {
    const unique = (name: string) => `contract/${randomBytes(4).toString("hex")}/${name}`;

    it("round-trips a buffer: bytes, content type, size and ETag", async () => {
      const storage = storageOf();
      const key = unique("photo.webp");
      const bytes = randomBytes(40_000);
      const put = await storage.put(key, bytes, { contentType: "image/webp" });
      expect(put).toMatchObject({ key, size: bytes.length, contentType: "image/webp" });
      expect(put.etag).toMatch(/^".+"$/);
      const got = await storage.get(key);
      expect(got).toMatchObject({ key, size: bytes.length, contentType: "image/webp", etag: put.etag });
      expect((await buffer(got!.body)).equals(bytes)).toBe(true);
      expect(await storage.head(key)).toEqual({
        key,
        size: bytes.length,
        contentType: "image/webp",
        etag: put.etag,
        lastModified: got!.lastModified,
      });
    });

    it("round-trips a stream of unknown length larger than one upload part", async () => {
      const storage = storageOf();
      const key = unique("backup.tar");
      const bytes = randomBytes(6 * 1024 * 1024 + 123);
      const put = await storage.put(key, chunked(bytes), { contentType: "application/x-tar" });
      expect(put).toMatchObject({ key, size: bytes.length, contentType: "application/x-tar" });
      const got = await storage.get(key);
      expect(got).toMatchObject({ size: bytes.length, contentType: "application/x-tar", etag: put.etag });
      expect((await buffer(got!.body)).equals(bytes)).toBe(true);
    });

    it("answers null for a key that holds nothing", async () => {
      const storage = storageOf();
      expect(await storage.get(unique("missing.png"))).toBeNull();
      expect(await storage.head(unique("missing.png"))).toBeNull();
    });

    it("overwrites: the new bytes, type and ETag replace the old", async () => {
      const storage = storageOf();
      const key = unique("avatar");
      const first = await storage.put(key, Buffer.from("first version"), { contentType: "image/png" });
      const second = await storage.put(key, Buffer.from("second"), { contentType: "image/jpeg" });
      expect(second.etag).not.toBe(first.etag);
      const got = await storage.get(key);
      expect(got).toMatchObject({ size: 6, contentType: "image/jpeg", etag: second.etag });
      expect((await buffer(got!.body)).toString()).toBe("second");
    });

    it("keeps the old object when a put fails halfway", async () => {
      const storage = storageOf();
      const key = unique("kept.bin");
      await storage.put(key, Buffer.from("the old bytes"), { contentType: "application/octet-stream" });
      const failed = storage.put(key, failingAfter(randomBytes(1000)), { contentType: "application/octet-stream" });
      await expect(failed).rejects.toThrow("the client went away");
      await expect(failed).rejects.not.toBeInstanceOf(StorageUnavailableError);
      const got = await storage.get(key);
      expect((await buffer(got!.body)).toString()).toBe("the old bytes");
    });

    it("deletes, and deleting a missing key is no error", async () => {
      const storage = storageOf();
      const key = unique("gone.png");
      await storage.put(key, Buffer.from("x"), { contentType: "image/png" });
      await storage.delete(key);
      expect(await storage.head(key)).toBeNull();
      await expect(storage.delete(key)).resolves.toBeUndefined();
      await expect(storage.delete(unique("never/was.png"))).resolves.toBeUndefined();
    });

    it("lists by prefix, in key order, across folders", async () => {
      const storage = storageOf();
      const base = unique("list");
      for (const name of ["b", "a/2", "a/1", "a-c"]) await storage.put(`${base}/${name}`, Buffer.from(name), { contentType: "text/plain" });
      await storage.put(`${base}ing/x`, Buffer.from("x"), { contentType: "text/plain" });
      const listed = await storage.list(`${base}/`);
      expect(listed.map((info) => info.key)).toEqual([`${base}/a-c`, `${base}/a/1`, `${base}/a/2`, `${base}/b`]);
      expect(listed[1]).toMatchObject({ size: 3, contentType: "text/plain" });
      expect((await storage.list(`${base}/a/`)).map((info) => info.key)).toEqual([`${base}/a/1`, `${base}/a/2`]);
      expect((await storage.list(`${base}/a`)).map((info) => info.key)).toEqual([`${base}/a-c`, `${base}/a/1`, `${base}/a/2`]);
      expect((await storage.list(base)).map((info) => info.key)).toContain(`${base}ing/x`);
      expect(await storage.list(unique("empty/"))).toEqual([]);
    });

    it("refuses keys that could escape or mean two things, before touching the storage", async () => {
      const storage = storageOf();
      for (const key of BAD_KEYS) {
        await expect(storage.put(key, Buffer.from("x"), { contentType: "text/plain" }), key).rejects.toThrow(StorageInputError);
        await expect(storage.get(key), key).rejects.toThrow(StorageInputError);
        await expect(storage.head(key), key).rejects.toThrow(StorageInputError);
        await expect(storage.delete(key), key).rejects.toThrow(StorageInputError);
      }
      await expect(storage.put("../x", Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(/Refused storage key "\.\.\/x"/);
      await expect(storage.list("../")).rejects.toThrow(StorageInputError);
      await expect(storage.list("/abs")).rejects.toThrow(StorageInputError);
      await expect(storage.put("a".repeat(600), Buffer.from("x"), { contentType: "text/plain" })).rejects.toThrow(/at most 512 characters/);
    });

    it("refuses a content type that is not a plain media type", async () => {
      const storage = storageOf();
      for (const contentType of ["", "text/html\r\nSet-Cookie: a=b", "image", "x".repeat(300)]) {
        await expect(storage.put(unique("typed"), Buffer.from("x"), { contentType }), contentType).rejects.toThrow(StorageInputError);
      }
    });

    it("probes: answers and accepts a write, leaving nothing behind", async () => {
      const storage = storageOf();
      const before = (await storage.list("")).length;
      expect(await storage.probe()).toEqual(expect.any(String));
      expect((await storage.list("")).length).toBe(before);
    });
  });
}
