import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase } from "../../src/server/db/client";

const run = promisify(execFile);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "create-admin-"));
const createAdmin = (...args: string[]) =>
  run("npx", ["tsx", "scripts/create-admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } }).catch(
    (error: { stdout: string; stderr: string; code: number }) => error,
  );

afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("npm run create-admin", () => {
  it("creates an admin on a fresh database, then promotes idempotently", async () => {
    const first = await createAdmin("--email", "Boss@Example.com", "--password", "long-enough", "--name", "The Boss");
    expect(first.stdout).toContain("Created admin account boss@example.com");
    const again = await createAdmin("--email", "boss@example.com", "--password", "long-enough", "--role", "owner");
    expect(again.stdout).toContain("Updated owner account boss@example.com");

    const database = await openDatabase({ kind: "pglite", dataDir });
    const rows = await database.db.query.users.findMany();
    await database.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "boss@example.com", role: "owner", name: "The Boss" });
  });

  it("explains bad arguments", async () => {
    const missing = await createAdmin("--password", "long-enough");
    expect("code" in missing && missing.code).toBe(1);
    expect(missing.stderr).toContain("--email is required");
    const badRole = await createAdmin("--email", "x@example.com", "--password", "long-enough", "--role", "king");
    expect(badRole.stderr).toContain("--role must be admin or owner");
    const short = await createAdmin("--email", "x@example.com", "--password", "123");
    expect(short.stderr).toContain("--password must be at least 6 characters");
  });

  it("says plainly when the embedded data folder is in use", async () => {
    const holder = await openDatabase({ kind: "pglite", dataDir });
    try {
      await expect(openDatabase({ kind: "pglite", dataDir })).rejects.toThrow(DataDirInUseError);
      const blocked = await createAdmin("--email", "x@example.com", "--password", "long-enough");
      expect(blocked.stderr).toContain(`The data folder ${dataDir} is in use by another process`);
    } finally {
      await holder.close();
    }
  });
});
