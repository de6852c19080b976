import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageUnavailableError, type ObjectStorage } from "#server/infra/storage/index.ts";
import { createLocalStorage } from "#server/infra/storage/local-storage.ts";
import { failingAfter, objectStorageContract } from "../helpers/storage-contract";

let root: string;
let storage: ObjectStorage;

beforeAll(async () => {
  root = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "lab-local-storage-")), "storage");
  storage = createLocalStorage({ root, minFreeBytes: 1 });
});
afterAll(async () => {
  await fs.rm(path.dirname(root), { recursive: true, force: true });
});

objectStorageContract(() => storage);

/** Every file under the folder, relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
}

/** A put whose second half waits until `finish` is called, so a test can look at the storage mid-write. */
function slowBody(first: Buffer, second: Buffer) {
  let finish!: () => void;
  const released = new Promise<void>((resolve) => (finish = resolve));
  let firstSent!: () => void;
  const started = new Promise<void>((resolve) => (firstSent = resolve));
  const body = Readable.from(
    (async function* () {
      yield first;
      firstSent();
      await released;
      yield second;
    })(),
  );
  return { body, started, finish };
}

describe("the local driver's files", () => {
  it("keeps objects under the root, one file per key, in the key's folders", async () => {
    await storage.put("layout/images/u1/full.webp", Buffer.from("bytes"), { contentType: "image/webp" });
    expect(await filesUnder(path.join(root, "layout"))).toEqual([path.join("images", "u1", "full.webp")]);
  });

  it("a reader during a slow put sees no object, never half of one", async () => {
    const key = "atomic/new.bin";
    const { body, started, finish } = slowBody(Buffer.alloc(100_000, 1), Buffer.alloc(100_000, 2));
    const writing = storage.put(key, body, { contentType: "application/octet-stream" });
    await started;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.list("atomic/")).toEqual([]);
    finish();
    expect((await writing).size).toBe(200_000);
    expect((await buffer((await storage.get(key))!.body)).length).toBe(200_000);
  });

  it("a reader during a slow overwrite sees the whole old object; one that opened before keeps reading it", async () => {
    const key = "atomic/old.bin";
    const old = Buffer.alloc(300_000, 7);
    await storage.put(key, old, { contentType: "image/png" });
    const openedBefore = await storage.get(key);
    const { body, started, finish } = slowBody(Buffer.alloc(10, 8), Buffer.alloc(10, 9));
    const writing = storage.put(key, body, { contentType: "image/gif" });
    await started;
    const during = await storage.get(key);
    expect(during).toMatchObject({ size: old.length, contentType: "image/png" });
    expect((await buffer(during!.body)).equals(old)).toBe(true);
    finish();
    await writing;
    expect((await buffer(openedBefore!.body)).equals(old)).toBe(true);
    const after = await storage.get(key);
    expect(after).toMatchObject({ size: 20, contentType: "image/gif" });
    expect((await buffer(after!.body)).equals(Buffer.concat([Buffer.alloc(10, 8), Buffer.alloc(10, 9)]))).toBe(true);
  });

  it("a failed put leaves no temp file behind", async () => {
    await expect(storage.put("failed/one.bin", failingAfter(Buffer.alloc(50_000)), { contentType: "image/png" })).rejects.toThrow(
      /went away/,
    );
    expect(await filesUnder(path.join(root, "failed"))).toEqual([]);
    expect((await filesUnder(root)).filter((file) => file.includes("~"))).toEqual([]);
  });

  it("deleting the last object of a folder removes the empty folders, not the root", async () => {
    await storage.put("prune/a/b/c.png", Buffer.from("x"), { contentType: "image/png" });
    await storage.delete("prune/a/b/c.png");
    await expect(fs.stat(path.join(root, "prune"))).rejects.toThrow(/ENOENT/);
    expect((await fs.stat(root)).isDirectory()).toBe(true);
  });

  it("reports a damaged file clearly instead of serving garbage", async () => {
    await fs.mkdir(path.join(root, "damaged"), { recursive: true });
    await fs.writeFile(path.join(root, "damaged", "file.png"), "not a stored object");
    await expect(storage.get("damaged/file.png")).rejects.toThrow(/is not a stored object \(its header is missing or damaged\)/);
  });

  it("lists only what it wrote: leftover temp files and foreign names are skipped", async () => {
    await storage.put("stray/kept.png", Buffer.from("x"), { contentType: "image/png" });
    await fs.writeFile(path.join(root, "stray", "kept.png~0a1b2c.tmp"), "half");
    await fs.writeFile(path.join(root, "stray", "notes from someone.txt"), "hello");
    expect((await storage.list("stray/")).map((info) => info.key)).toEqual(["stray/kept.png"]);
  });

  it("explains a key that a folder tree cannot hold beside another", async () => {
    await storage.put("tree/leaf", Buffer.from("x"), { contentType: "image/png" });
    await expect(storage.put("tree/leaf/below", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(
      "Cannot store tree/leaf/below: a folder on its path is already an object",
    );
    await expect(storage.put("tree", Buffer.from("x"), { contentType: "image/png" })).rejects.toThrow(
      "Cannot store tree: it is a folder of other objects",
    );
    expect((await filesUnder(path.join(root, "tree"))).filter((file) => file.includes("~"))).toEqual([]);
  });

  it("reports a broken storage folder as unavailable, with the system's reason", async () => {
    const file = path.join(path.dirname(root), "not-a-folder");
    await fs.writeFile(file, "");
    const broken = createLocalStorage({ root: path.join(file, "storage") });
    const failed = broken.put("x.png", Buffer.from("x"), { contentType: "image/png" });
    await expect(failed).rejects.toThrow(StorageUnavailableError);
    await expect(failed).rejects.toThrow(
      /^Storage \(local folder .*not-a-folder\/storage\) could not write x\.png: ENOTDIR: not a directory/,
    );
  });

  it("treats a folder as no object", async () => {
    await storage.put("folder/inside.png", Buffer.from("x"), { contentType: "image/png" });
    expect(await storage.get("folder")).toBeNull();
    expect(await storage.head("folder")).toBeNull();
  });
});
