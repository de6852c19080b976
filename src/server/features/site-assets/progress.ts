import { count, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/index.ts";
import { FAVICON_SETTING } from "./favicon-service";
import { META_SETTING } from "./meta-service";
import { OG_IMAGE_SETTING_KEY } from "#server/features/site-assets/og/active-og-image.ts";

const SET_UP_BY_SITE_ASSETS = [OG_IMAGE_SETTING_KEY, FAVICON_SETTING, META_SETTING];

/** How many of the three things Site Assets sets up (social image, favicon set, meta tags) are set: the dashboard's count. */
export async function getSiteAssetsProgress(db: Database): Promise<{ done: number; total: number }> {
  const [row] = await db.select({ n: count() }).from(siteSettings).where(inArray(siteSettings.key, SET_UP_BY_SITE_ASSETS));
  return { done: row?.n ?? 0, total: SET_UP_BY_SITE_ASSETS.length };
}
