import fs from "node:fs/promises";
import path from "node:path";

/** Below this much free space the status banner reports storage as degraded. */
export const STORAGE_MIN_FREE_BYTES = 512 * 1024 * 1024;

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/**
 * The data folder (DATA_DIR: the embedded database, and what the site stores on disk) is usable: it exists
 * or can be made, a file can be written in it, and its disk has room. Returns a line for the status banner;
 * throws with the reason otherwise.
 */
export async function probeStorage(dataDir: string, minFreeBytes = STORAGE_MIN_FREE_BYTES): Promise<string> {
  await fs.mkdir(dataDir, { recursive: true });
  const probe = path.join(dataDir, `.write-check-${process.pid}`);
  await fs.writeFile(probe, "ok");
  await fs.rm(probe, { force: true });
  const { bavail, bsize } = await fs.statfs(dataDir);
  const free = bavail * bsize;
  if (free < minFreeBytes) throw new Error(`Only ${gigabytes(free)} free on the data disk`);
  return `${gigabytes(free)} free on the data disk`;
}
