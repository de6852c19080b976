import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { activeOgImageSchema, type ActiveOgImage } from "#common/site-assets/og.ts";
import type { Database } from "#server/db/client.ts";
import type { CacheBus } from "#server/infra/cache-bus.ts";
import { siteSettings } from "#server/db/schema/index.ts";

/** The site_settings key of the site's og:image: `{ url, width, height, updatedAt }` (ActiveOgImage). */
export const OG_IMAGE_SETTING_KEY = "og_image";

/** The site's og:image, or null before any was made (or when the stored value is not one). */
export async function getActiveOgImage(db: Database): Promise<ActiveOgImage | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, OG_IMAGE_SETTING_KEY));
  const parsed = z.safeParse(activeOgImageSchema, row?.value);
  return parsed.success ? parsed.data : null;
}

/** Makes the image the site's og:image; the next page carries it, on every instance (the cache bus). */
export async function setActiveOgImage(
  { db, cacheBus }: { db: Database; cacheBus: CacheBus },
  image: ActiveOgImage,
  actorId: string,
): Promise<ActiveOgImage> {
  await db
    .insert(siteSettings)
    .values({ key: OG_IMAGE_SETTING_KEY, value: image, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: image, updatedAt: sql`now()`, updatedBy: actorId } });
  await cacheBus.publish(["page-heads"]);
  return image;
}
