import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/index.ts";

/*
 * Secrets a site makes for itself (the unsubscribe links' key, the backups' signing key): random, written
 * once to site_settings under their key. The first instance to write wins, so every instance on one
 * database uses the same secret and it survives restarts. Each instance remembers it per database.
 */

const remembered = new WeakMap<Database, Map<string, Promise<string>>>();

/** The secret stored under `key`, made and stored the first time it is asked for. */
export function storedSiteSecret(db: Database, key: string): Promise<string> {
  let secrets = remembered.get(db);
  if (!secrets) {
    secrets = new Map();
    remembered.set(db, secrets);
  }
  let secret = secrets.get(key);
  if (!secret) {
    secret = readOrStoreSecret(db, key);
    const forget = secrets;
    secret.catch(() => forget.delete(key));
    secrets.set(key, secret);
  }
  return secret;
}

async function readOrStoreSecret(db: Database, key: string): Promise<string> {
  await db
    .insert(siteSettings)
    .values({ key, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: siteSettings.key });
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
  if (typeof row?.value !== "string") throw new Error(`site_settings.${key} is not a string`);
  return row.value;
}
