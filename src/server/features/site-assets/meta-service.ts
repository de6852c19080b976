import * as z from "zod/mini";
import { DEFAULT_META_CONFIG, metaConfigInput, type MetaConfig } from "#common/site-assets/meta.ts";
import type { Database } from "#server/db/client.ts";
import type { CacheBus } from "#server/infra/cache-bus.ts";
import { readSetting, writeSetting } from "./settings-store";

export const META_SETTING = "meta_tags";

/** The stored config, or the defaults; a stored value that no longer parses (an older shape) falls back field by field. */
export async function readMetaConfig(db: Database): Promise<{ config: MetaConfig; updatedAt: string | null }> {
  const row = await readSetting(db, META_SETTING);
  if (!row) return { config: DEFAULT_META_CONFIG, updatedAt: null };
  const parsed = z.safeParse(metaConfigInput, { ...DEFAULT_META_CONFIG, ...(row.value as object) });
  return { config: parsed.success ? parsed.data : DEFAULT_META_CONFIG, updatedAt: row.updatedAt.toISOString() };
}

export async function saveMetaConfig(
  { db, cacheBus }: { db: Database; cacheBus: CacheBus },
  actorId: string,
  config: MetaConfig,
): Promise<{ config: MetaConfig; updatedAt: string }> {
  const row = await writeSetting(db, META_SETTING, config, actorId);
  await cacheBus.publish(["page-heads"]);
  return { config, updatedAt: row.updatedAt.toISOString() };
}
