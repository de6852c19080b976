import * as z from "zod/mini";
import type { Database } from "../../db/client";
import { readSetting } from "./settings-store";

/**
 * The site's active OG image, as the OG Generator stores it (site_settings key `og_image`). The seam between
 * the two halves of Site Assets: at merge this reader gives way to the OG feature's own getActiveOgImage.
 */
export type ActiveOgImage = { url: string; width: number; height: number; updatedAt: string };

const storedOgImage = z.object({ url: z.string().check(z.startsWith("/")), width: z.number(), height: z.number(), updatedAt: z.string() });

export async function readActiveOgImage(db: Database): Promise<ActiveOgImage | null> {
  const parsed = z.safeParse(storedOgImage, (await readSetting(db, "og_image"))?.value);
  return parsed.success ? parsed.data : null;
}
