import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { fileTypeFromFile } from "file-type";
import * as z from "zod/mini";
import {
  OG_CANVAS,
  OG_DEFAULT_CONFIG,
  OG_UPLOAD_REFUSED,
  ogConfigInput,
  type ActiveOgImage,
  type OgConfig,
} from "#common/site-assets/og.ts";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/index.ts";
import type { CacheBus } from "#server/infra/cache-bus.ts";
import { unsupportedMediaType } from "#server/infra/errors.ts";
import { reencodeWithoutMetadata } from "#server/infra/image-processing.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { getActiveOgImage, setActiveOgImage } from "./active-og-image";
import { renderOgPng, renderOgSvg } from "./og-renderer";

/** What the OG functions need: the database (settings) and the storage holding the images. */
export type OgContext = { db: Database; storage: ObjectStorage; cacheBus: CacheBus };

/** The site_settings key of the generator's last saved design. */
const OG_CONFIG_SETTING_KEY = "og_config";

const OG_FORMATS = {
  png: { extension: "png", contentType: "image/png" },
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
} as const;
type OgFormat = keyof typeof OG_FORMATS;

/** The bytes name the file: a new image gets a new URL, so every cache may keep one for a year. */
const HASHED_NAME = /^[0-9a-f]{12}$/;
const ogImageUrl = (hash: string, format: OgFormat) => `/og-image.${hash}.${OG_FORMATS[format].extension}`;
const ogStorageKey = (hash: string, format: OgFormat) => `site-assets/og/og-image.${hash}.${OG_FORMATS[format].extension}`;

/** The storage key of a requested og-image URL, or null when the name is not one the app makes. */
export function ogImageStorageKey(hash: string, format: OgFormat): string | null {
  return HASHED_NAME.test(hash) ? ogStorageKey(hash, format) : null;
}

/** The generator's saved design (the default before the first save) and the site's current og:image. */
export async function getOgState(db: Database): Promise<{ config: OgConfig; active: ActiveOgImage | null }> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, OG_CONFIG_SETTING_KEY));
  const stored = z.safeParse(ogConfigInput, row?.value);
  return { config: stored.success ? stored.data : OG_DEFAULT_CONFIG, active: await getActiveOgImage(db) };
}

/** The live preview: the SVG the PNG would be made from. */
export async function previewOg(config: OgConfig): Promise<{ svg: string }> {
  return { svg: await renderOgSvg(config) };
}

/** The PNG for "Download OG Image", without making it the site's image. */
export async function renderOgDownload(config: OgConfig): Promise<{ pngBase64: string; width: number; height: number }> {
  return { pngBase64: (await renderOgPng(config)).toString("base64"), ...OG_CANVAS };
}

async function publish(ctx: OgContext, actorId: string, image: { data: Buffer; width: number; height: number }, format: OgFormat) {
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
  await ctx.storage.put(ogStorageKey(hash, format), image.data, { contentType: OG_FORMATS[format].contentType });
  return setActiveOgImage(
    ctx,
    { url: ogImageUrl(hash, format), width: image.width, height: image.height, updatedAt: new Date().toISOString() },
    actorId,
  );
}

/** "Update Our OG Image": keeps the design, renders its PNG, stores it and makes it the site's og:image. */
export async function publishOgDesign(ctx: OgContext, actorId: string, config: OgConfig): Promise<ActiveOgImage> {
  const png = await renderOgPng(config);
  await ctx.db
    .insert(siteSettings)
    .values({ key: OG_CONFIG_SETTING_KEY, value: config, updatedBy: actorId })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: config, updatedAt: sql`now()`, updatedBy: actorId } });
  return publish(ctx, actorId, { data: png, ...OG_CANVAS }, "png");
}

/**
 * A ready image (POST /api/site-assets/update-og): PNG or JPEG by its bytes (415 otherwise), re-encoded
 * without metadata in its own format and size, then made the site's og:image like a generated one.
 */
export async function publishUploadedOg(ctx: OgContext, actorId: string, file: string): Promise<ActiveOgImage> {
  const sniffed = await fileTypeFromFile(file);
  const format: OgFormat | null =
    sniffed?.mime === "image/png" || sniffed?.mime === "image/apng" ? "png" : sniffed?.mime === "image/jpeg" ? "jpeg" : null;
  if (!format) throw unsupportedMediaType(OG_UPLOAD_REFUSED);
  return publish(ctx, actorId, await reencodeWithoutMetadata(file, format), format);
}
