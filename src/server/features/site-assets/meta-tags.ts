import type { MetaConfig, MetaTagsState } from "#common/site-assets/meta.ts";
import type { Database } from "#server/db/client.ts";
import type { CacheBus } from "#server/infra/cache-bus.ts";
import { getActiveOgImage } from "#server/features/site-assets/og/active-og-image.ts";
import { readFaviconState } from "./favicon-service";
import { readMetaConfig, saveMetaConfig } from "./meta-service";
import { renderHead } from "./page-head";

/** The tab's view of a config: the tags the server writes into `/` with it (the same function the pages use). */
async function stateOf(db: Database, publicUrl: string, config: MetaConfig, updatedAt: string | null): Promise<MetaTagsState> {
  // The back office reads the stored settings, never the pages' cache of them.
  const [ogImage, favicons] = await Promise.all([getActiveOgImage(db), readFaviconState(db)]);
  return {
    config,
    publicUrl,
    activeOgImage: ogImage ? `${publicUrl}${ogImage.url}` : null,
    headHtml: renderHead({ meta: config, publicUrl, ogImage, favicons, path: "/", subject: null }),
    updatedAt,
  };
}

export async function getMetaTags(db: Database, publicUrl: string): Promise<MetaTagsState> {
  const { config, updatedAt } = await readMetaConfig(db);
  return stateOf(db, publicUrl, config, updatedAt);
}

/** The tags an unsaved config would give, for the tab's code view. */
export const previewMetaTags = (db: Database, publicUrl: string, config: MetaConfig) => stateOf(db, publicUrl, config, null);

export async function updateMetaTags(
  deps: { db: Database; cacheBus: CacheBus },
  publicUrl: string,
  actorId: string,
  input: MetaConfig,
): Promise<MetaTagsState> {
  const { config, updatedAt } = await saveMetaConfig(deps, actorId, input);
  return stateOf(deps.db, publicUrl, config, updatedAt);
}
