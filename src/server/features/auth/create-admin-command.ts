import { parseArgs } from "node:util";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#common/auth/accounts.ts";
import { emailField } from "#common/auth/input.ts";
import { ConfigError, loadConfig } from "#server/config.ts";
import { DataDirInUseError, openDatabase } from "#server/db/client.ts";
import { createOrPromoteAdmin } from "./service";

/** `npm run create-admin`: the logic behind scripts/create-admin.ts, importable so tests run it in-process. */

const USAGE =
  "Usage: npm run create-admin -- --email you@example.com --password 'a long password' [--name 'Your Name'] [--role owner|admin]";

export class CreateAdminUsageError extends Error {}

const argsSchema = z.object({
  email: emailField,
  password: z
    .string({ error: "--password is required" })
    .min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH),
  name: z.string().trim().min(1).max(100).optional(),
  role: z.enum(["admin", "owner"], { error: "--role must be admin or owner" }).default("admin"),
});
export type CreateAdminArgs = z.infer<typeof argsSchema>;

export function parseCreateAdminArgs(args: string[]): CreateAdminArgs {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, role: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw new CreateAdminUsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.email === undefined) throw new CreateAdminUsageError(`--email is required\n${USAGE}`);
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new CreateAdminUsageError(`${parsed.error.issues[0]!.message}\n${USAGE}`);
  return parsed.data;
}

/**
 * Creates the account with an admin role, or promotes the existing one, in the configured database.
 * Migrates first, so it works on a fresh database; running it twice changes nothing more.
 * Returns the line to print.
 */
export async function runCreateAdmin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const input = parseCreateAdminArgs(args);
  const config = loadConfig(env);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, maxConnections: 2 } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    const { user, created } = await createOrPromoteAdmin(database.db, input);
    return `${created ? "Created" : "Updated"} ${user.role} account ${user.email}. Sign in at /login.`;
  } finally {
    await database.close();
  }
}

/** What the command prints on failure: the message alone for mistakes a person can fix, the whole error otherwise. */
export function describeCreateAdminFailure(error: unknown): unknown {
  const explained = error instanceof CreateAdminUsageError || error instanceof ConfigError || error instanceof DataDirInUseError;
  return explained ? error.message : error;
}
