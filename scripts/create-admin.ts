/**
 * npm run create-admin -- --email E --password P [--name N] [--role owner|admin]
 * Creates the account with an admin role, or promotes the existing one. Migrates first, so it works
 * on a fresh database; running it twice changes nothing more.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../src/common/auth";
import { emailField } from "../src/common/auth-input";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirInUseError, openDatabase } from "../src/server/db/client";
import { createOrPromoteAdmin } from "../src/server/features/auth/service";

const USAGE = "Usage: npm run create-admin -- --email you@example.com --password 'a long password' [--name 'Your Name'] [--role owner|admin]";

const argsSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "--password is required" })
    .min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(["admin", "owner"], { error: "--role must be admin or owner" }).default("admin"),
});

async function run() {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.email === undefined) throw new UsageError(`--email is required\n${USAGE}`);
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]!.message}\n${USAGE}`);

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: 2 } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const { user, created } = await createOrPromoteAdmin(database.db, parsed.data);
    console.log(`${created ? "Created" : "Updated"} ${user.role} account ${user.email}. Sign in at /login.`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

run().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirInUseError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
