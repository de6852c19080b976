import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeStorage } from "../../src/server/infra/storage";

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "lab-storage-"));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe("the storage probe", () => {
  it("makes a missing data folder, writes in it, leaves nothing behind and reports the free space", async () => {
    const dataDir = path.join(root, "data");
    expect(await probeStorage(dataDir, 1)).toMatch(/^\d+\.\d GB free on the data disk$/);
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it("fails when the folder cannot be made", async () => {
    const file = path.join(root, "a-file");
    await fs.writeFile(file, "");
    await expect(probeStorage(path.join(file, "data"))).rejects.toThrow(/ENOTDIR|EEXIST/);
  });

  it("fails when the disk has less room than required", async () => {
    await expect(probeStorage(root, Number.MAX_SAFE_INTEGER)).rejects.toThrow(/^Only .* GB free on the data disk$/);
  });
});
