import { eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/index.ts";

/** One site_settings row: its JSON value and when it last changed. */
export type StoredSetting = { value: unknown; updatedAt: Date };

export async function readSetting(db: Database, key: string): Promise<StoredSetting | null> {
  const [row] = await db
    .select({ value: siteSettings.value, updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.key, key));
  return row ?? null;
}

/** Replaces the whole value. */
export async function writeSetting(db: Database, key: string, value: unknown, actorId: string | null): Promise<StoredSetting> {
  const [row] = await db
    .insert(siteSettings)
    .values({ key, value, updatedAt: sql`now()`, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: actorId } })
    .returning({ value: siteSettings.value, updatedAt: siteSettings.updatedAt });
  return row!;
}
