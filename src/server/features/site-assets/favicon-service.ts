import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import * as z from "zod/mini";
import {
  FAVICON_FILES,
  FAVICON_ICO_FILE,
  FAVICON_MANIFEST_FILE,
  FAVICON_PNG_SIZES,
  faviconConfigInput,
  faviconContentType,
  faviconPngFile,
  type FaviconConfig,
  type FaviconGenerateResult,
  type FaviconKeyList,
  type FaviconPreview,
  type FaviconState,
  type FaviconUploadFields,
} from "#common/site-assets/favicon.ts";
import type { Database } from "#server/db/client.ts";
import { siteSettings } from "#server/db/schema/index.ts";
import type { CacheBus } from "#server/infra/cache-bus.ts";
import { invalid, unsupportedMediaType } from "#server/infra/errors.ts";
import type { ObjectStorage } from "#server/infra/storage/index.ts";
import { mapLimited } from "#server/infra/storage/map-limited.ts";
import { makeFaviconFiles } from "./favicon-files";
import { encodeIco, faviconDesign, loadIcoEndec, rasterise } from "./favicon-render";
import { readMetaConfig } from "./meta-service";
import type { PageHeadCache } from "./page-head-cache";
import { readSetting, writeSetting } from "./settings-store";

export type FaviconContext = { db: Database; storage: ObjectStorage; cacheBus: CacheBus };

/** site_settings key of the active set: `{ files: { "favicon.ico": "<etag>", ... }, config }`. */
export const FAVICON_SETTING = "favicon";
const STORAGE_PREFIX = "site-assets/favicon/";
export const faviconStorageKey = (file: string) => `${STORAGE_PREFIX}${file}`;

const storedFavicon = z.object({
  files: z.record(z.string(), z.string()),
  config: z.nullable(faviconConfigInput),
});
type StoredFavicon = z.infer<typeof storedFavicon>;

/** The files' ETags together: any change to any file gives a new version, and the pages a new `?v=`. */
const versionOf = (files: Record<string, string>) =>
  createHash("sha256")
    .update(
      Object.keys(files)
        .sort()
        .map((file) => `${file}:${files[file]}`)
        .join("\n"),
    )
    .digest("base64url")
    .slice(0, 10);

export async function readFaviconState(db: Database): Promise<FaviconState> {
  const row = await readSetting(db, FAVICON_SETTING);
  const parsed = z.safeParse(storedFavicon, row?.value);
  if (!row || !parsed.success || Object.keys(parsed.data.files).length === 0)
    return { config: null, files: [], version: null, updatedAt: null };
  const { files, config } = parsed.data;
  return {
    config,
    files: FAVICON_FILES.filter((file) => file in files).map((file) => `/${file}`),
    version: versionOf(files),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The active state as pages and the favicon paths read it: from memory, dropped on every change. */
export const activeFavicons = (db: Database, heads: PageHeadCache) => heads.cached("favicon-state", () => readFaviconState(db));

/** The 18 files from one design: drawn, stored, then made the active set in one write. */
export async function generateFavicons(ctx: FaviconContext, actorId: string, config: FaviconConfig): Promise<FaviconGenerateResult> {
  const { config: meta } = await readMetaConfig(ctx.db);
  const { files, steps } = await makeFaviconFiles(config, { name: meta.title, themeColor: meta.themeColor });
  const timed = async <T>(id: "store" | "activate", work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    steps.push({ id, ms: Math.round(performance.now() - started) });
    return result;
  };
  const stored = await timed("store", () =>
    mapLimited(
      [...files],
      6,
      async ([file, body]) =>
        [file, (await ctx.storage.put(faviconStorageKey(file), body, { contentType: faviconContentType(file) })).etag] as const,
    ),
  );
  await timed("activate", async () => {
    const value: StoredFavicon = { files: Object.fromEntries(stored), config };
    await writeSetting(ctx.db, FAVICON_SETTING, value, actorId);
    await ctx.cacheBus.publish(["page-heads"]);
  });
  return { ...(await readFaviconState(ctx.db)), steps };
}

const PNG_SIZES: readonly number[] = FAVICON_PNG_SIZES;
const MANIFEST_MAX_BYTES = 64 * 1024;

/** Which file an upload replaces, once its bytes are what its fields say. */
async function checkUpload(bytes: Buffer, fields: FaviconUploadFields): Promise<string> {
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  if (fields.type === "ico") {
    if (sniffed !== "image/x-icon") throw unsupportedMediaType("The file is not an ICO icon");
    const entries = await loadIcoEndec()
      .then((ico) => ico.decode(bytes))
      .catch(() => []);
    if (entries.length === 0) throw unsupportedMediaType("The ICO file holds no readable icon");
    return FAVICON_ICO_FILE;
  }
  if (fields.type === "png") {
    const size = Number(fields.size);
    if (!PNG_SIZES.includes(size)) throw invalid(`size must be one of ${FAVICON_PNG_SIZES.join(", ")}`);
    if (sniffed !== "image/png") throw unsupportedMediaType("The file is not a PNG image");
    // A PNG starts with its IHDR chunk: width and height at bytes 16 and 20.
    const width = bytes.readUInt32BE(16);
    const height = bytes.readUInt32BE(20);
    if (width !== size || height !== size) throw invalid(`The PNG is ${width}x${height}, not ${size}x${size}`);
    return faviconPngFile(size);
  }
  if (bytes.length > MANIFEST_MAX_BYTES) throw invalid("The manifest is larger than 64 KB");
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw invalid("The manifest is not valid JSON");
  }
  if (typeof manifest !== "object" || manifest === null || Array.isArray(manifest)) throw invalid("The manifest must be a JSON object");
  return FAVICON_MANIFEST_FILE;
}

/**
 * `POST /api/site-assets/update-favicon`: one file of the set (a client may send the 18 in parallel).
 * Each lands in the active set by a single atomic JSON merge, so parallel uploads never lose each other.
 */
export async function uploadFaviconFile(ctx: FaviconContext, actorId: string, upload: { path: string }, fields: FaviconUploadFields) {
  const bytes = await fs.readFile(upload.path);
  const file = await checkUpload(bytes, fields);
  const { etag } = await ctx.storage.put(faviconStorageKey(file), bytes, { contentType: faviconContentType(file) });
  const added = sql`jsonb_build_object(${file}::text, ${etag}::text)`;
  await ctx.db
    .insert(siteSettings)
    .values({ key: FAVICON_SETTING, value: { files: { [file]: etag }, config: null }, updatedAt: sql`now()`, updatedBy: actorId })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: {
        value: sql`${siteSettings.value} || jsonb_build_object('files', coalesce(${siteSettings.value} -> 'files', '{}'::jsonb) || ${added})`,
        updatedAt: sql`now()`,
        updatedBy: actorId,
      },
    });
  await ctx.cacheBus.publish(["page-heads"]);
  return { success: true as const, file: `/${file}` };
}

/** `GET /api/debug/kv-favicon-list`: what the storage really holds for the favicon set. */
export async function listStoredFavicons(storage: ObjectStorage): Promise<FaviconKeyList> {
  const objects = await storage.list(STORAGE_PREFIX);
  return {
    faviconKeys: objects.map((object) => ({
      name: object.key,
      metadata: { size: object.size, contentType: object.contentType, lastModified: object.lastModified.toISOString() },
    })),
  };
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString("base64")}`;

/** The tab's preview and its Download Favicon: the server's own drawing of an unsaved design. */
export async function previewFavicon(config: FaviconConfig): Promise<FaviconPreview> {
  const svg = await faviconDesign(config);
  const [png16, png32, png180] = await Promise.all([16, 32, 180].map((size) => rasterise(svg, size)));
  const ico = await encodeIco([png16!, png32!, await rasterise(svg, 48)]);
  return { png32: dataUrl("image/png", png32!), png180: dataUrl("image/png", png180!), ico: dataUrl("image/x-icon", ico) };
}
