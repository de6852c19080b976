import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { SPOOL_FILE_MAX_AGE_MS } from "#server/infra/upload-spool-sweeper.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp({ rateLimits: false });

/** A file in the spool whose last write was `ageMs` ago. */
function plant(name: string, ageMs: number): string {
  const dir = uploadSpoolDir(t.deps.config.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, "left by a killed server");
  const then = new Date(Date.now() - ageMs);
  fs.utimesSync(file, then, then);
  return file;
}

describe("the upload spool sweeper", () => {
  it("at start, removes the spool files of a killed server older than an hour, and leaves young ones and others' files", async () => {
    const old = plant("0b9f6a2e-old.upload", SPOOL_FILE_MAX_AGE_MS + 60_000);
    const ancient = plant("1c8e5b3d-ancient.upload", 30 * 24 * 3_600_000);
    // Another instance sharing DATA_DIR may be receiving this one right now.
    const young = plant("2d7d4c4c-young.upload", 5 * 60_000);
    const foreign = plant("notes.txt", 30 * 24 * 3_600_000);

    await t.services.uploadSpoolSweeper.start();
    t.services.uploadSpoolSweeper.stop();

    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(ancient)).toBe(false);
    expect(fs.existsSync(young)).toBe(true);
    expect(fs.existsSync(foreign)).toBe(true);
    expect(t.logs.some((log) => log.msg === "removed upload files left by an interrupted server")).toBe(true);

    // The young file's turn comes at a later sweep (hourly while the server runs).
    expect(await t.services.uploadSpoolSweeper.sweep(Date.now() + SPOOL_FILE_MAX_AGE_MS)).toBe(1);
    expect(fs.existsSync(young)).toBe(false);
    fs.rmSync(foreign);
  });

  it("a sweep with no spool folder yet does nothing", async () => {
    fs.rmSync(uploadSpoolDir(t.deps.config.dataDir), { recursive: true, force: true });
    expect(await t.services.uploadSpoolSweeper.sweep()).toBe(0);
  });
});
