import fs from "node:fs";
import path from "node:path";
import type { Logger } from "./logger";
import { SPOOL_FILE_SUFFIX, uploadSpoolDir } from "./multipart-upload";

/**
 * A spooled upload untouched for this long belongs to no request: it is a server's leftover (killed in the
 * middle of an upload or of its checks). Age, not the process that wrote it, decides, because instances
 * sharing DATA_DIR may run on other machines or containers, where a process id means nothing. A file in
 * flight is safe: while it arrives it is written at least every REQUEST_TIMEOUT_MS (slower uploads are cut),
 * and once whole it is read within minutes (image work, or a restore, which marks it in use each time it
 * opens it: SpooledUpload.open); an hour leaves a wide margin.
 */
export const SPOOL_FILE_MAX_AGE_MS = 60 * 60 * 1000;
/** How often a running server looks again: a server restarted after a kill finds its leftovers still young. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export type UploadSpoolSweeper = {
  /** Removes the spool's files older than SPOOL_FILE_MAX_AGE_MS; says how many. */
  sweep(now?: number): Promise<number>;
  /** Sweeps now, then every hour. */
  start(): Promise<void>;
  stop(): void;
};

export function createUploadSpoolSweeper(deps: { dataDir: string; logger: Logger }): UploadSpoolSweeper {
  const dir = uploadSpoolDir(deps.dataDir);
  let timer: NodeJS.Timeout | undefined;

  async function sweep(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await fs.promises.readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      // Only this app's spool files: anything else an operator put there is theirs.
      if (!name.endsWith(SPOOL_FILE_SUFFIX)) continue;
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile() || now - stat.mtimeMs < SPOOL_FILE_MAX_AGE_MS) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
    if (removed > 0) deps.logger.info({ removed, dir }, "removed upload files left by an interrupted server");
    return removed;
  }

  const sweepLogged = () => sweep().catch((error: unknown) => deps.logger.warn({ err: error, dir }, "could not sweep the upload spool"));

  return {
    sweep,
    async start() {
      await sweepLogged();
      timer ??= setInterval(() => void sweepLogged(), SWEEP_EVERY_MS).unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
