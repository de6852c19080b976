import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase } from "#server/db/client.ts";
import {
  CreateAdminUsageError,
  describeCreateAdminFailure,
  parseCreateAdminArgs,
  runCreateAdmin,
} from "#server/features/auth/create-admin-command.ts";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "create-admin-"));
const env = { DATA_DIR: dataDir };

afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("npm run create-admin", () => {
  it("migrates a fresh database and creates the admin, then a second run only updates the account", async () => {
    const first = await runCreateAdmin(["--email", "Boss@Example.com", "--password", "long-enough", "--name", "The Boss"], env);
    expect(first).toBe("Created admin account boss@example.com. Sign in at /login.");
    const again = await runCreateAdmin(["--email", "boss@example.com", "--password", "long-enough", "--role", "owner"], env);
    expect(again).toBe("Updated owner account boss@example.com. Sign in at /login.");

    const database = await openDatabase({ kind: "pglite", dataDir });
    const rows = await database.db.query.users.findMany();
    await database.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "boss@example.com", role: "owner", name: "The Boss" });
    // Creating an embedded database on disk (initdb) is the slowest step of the whole suite on a busy machine.
  }, 90_000);

  it("reads email, password, name and role, the role defaulting to admin", () => {
    expect(parseCreateAdminArgs(["--email", " A@Example.com ", "--password", "long-enough"])).toEqual({
      email: "a@example.com",
      password: "long-enough",
      role: "admin",
    });
    expect(parseCreateAdminArgs(["--email", "a@example.com", "--password", "long-enough", "--name", "Ann", "--role", "owner"])).toEqual({
      email: "a@example.com",
      password: "long-enough",
      name: "Ann",
      role: "owner",
    });
  });

  it.each([
    [["--password", "long-enough"], "--email is required"],
    [["--email", "x@example.com"], "--password is required"],
    [["--email", "x@example.com", "--password", "long-enough", "--role", "king"], "--role must be admin or owner"],
    [["--email", "x@example.com", "--password", "123"], "--password must be at least 6 characters"],
    [["--email", "x@example.com", "--password", "long-enough", "--colour", "red"], "Unknown option '--colour'"],
  ])("explains bad arguments %j with the usage line", (args, message) => {
    const error = captureError(() => parseCreateAdminArgs(args));
    expect(error).toBeInstanceOf(CreateAdminUsageError);
    expect(describeCreateAdminFailure(error)).toContain(message);
    expect(describeCreateAdminFailure(error)).toContain("Usage: npm run create-admin -- --email");
  });

  it("explains a bad configuration without a stack trace", async () => {
    const error = await runCreateAdmin(["--email", "x@example.com", "--password", "long-enough"], { DATABASE_URL: "mysql://nope" }).catch(
      (caught: unknown) => caught,
    );
    expect(describeCreateAdminFailure(error)).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL, such as postgres://");
  });

  it("says plainly when the embedded data folder is in use", async () => {
    const holder = await openDatabase({ kind: "pglite", dataDir });
    try {
      const blocked = await runCreateAdmin(["--email", "x@example.com", "--password", "long-enough"], env).catch(
        (caught: unknown) => caught,
      );
      expect(blocked).toBeInstanceOf(DataDirInUseError);
      expect(describeCreateAdminFailure(blocked)).toContain(`The data folder ${dataDir} is in use by another process`);
    } finally {
      await holder.close();
    }
  });

  it("shows the whole error when something unexpected fails", () => {
    const unexpected = new TypeError("boom");
    expect(describeCreateAdminFailure(unexpected)).toBe(unexpected);
  });
});

function captureError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}
