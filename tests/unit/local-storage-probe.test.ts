import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLocalStorage } from "#server/infra/storage/local-storage.ts";

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "lab-storage-"));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("the local storage probe", () => {
  it("makes a missing storage folder, writes in it, leaves nothing behind and reports the free space", async () => {
    const storageRoot = path.join(root, "data", "storage");
    expect(await createLocalStorage({ root: storageRoot, minFreeBytes: 1 }).probe()).toMatch(/^\d+\.\d GB free on the data disk$/);
    expect(await fs.readdir(storageRoot)).toEqual([]);
  });

  it("fails when the folder cannot be made", async () => {
    const file = path.join(root, "a-file");
    await fs.writeFile(file, "");
    await expect(createLocalStorage({ root: path.join(file, "storage") }).probe()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });

  it("fails when the disk has less room than required", async () => {
    await expect(createLocalStorage({ root, minFreeBytes: Number.MAX_SAFE_INTEGER }).probe()).rejects.toThrow(
      /^Only .* GB free on the data disk$/,
    );
  });
});
