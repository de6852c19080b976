import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { isAdminRole, type Role } from "#common/auth/accounts.ts";
import {
  imageShareUrl,
  imageThumbnailUrl,
  imageUrl,
  type ImageAnnotateInput,
  type ImageShareInput,
  type ImageUploadFields,
  type SavedImage,
  type SharedImage,
} from "#common/images/images.ts";
import { hasUnsafeText } from "#common/forms/text-input.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { images, type ImageRow } from "#server/db/schema/index.ts";
import { isImageOfSharedExperiment } from "#server/features/lab/index.ts";
import { payloadTooLarge, notFound } from "#server/infra/errors.ts";
import { processUpload, sniffImageType, STORED_IMAGE_EXTENSION, STORED_IMAGE_TYPE } from "#server/infra/image-processing.ts";
import type { ObjectStorage } from "#server/infra/storage/object-storage.ts";

/** What the image functions need: the database, the storage holding the files, and the per-user quota. */
export type ImagesContext = { db: Database; storage: ObjectStorage; quotaBytes: number };
/** Who asks: owners see and change their images, admins everyone's. */
export type ImageActor = { id: string; role: Role };
/** A received file on disk (see infra/multipart-upload.ts) and the name it was sent under. */
export type ImageUpload = { path: string; originalName: string };
export type ImageVariant = "full" | "thumbnail";

export const IMAGE_NOT_FOUND = "Image not found";
/** Any fixed number, distinct from the app's other advisory lock keys: the namespace of per-owner quota locks. */
const QUOTA_LOCK_NAMESPACE = 7_100_300;
const ORIGINAL_NAME_MAX = 255;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const quotaReached = (quotaBytes: number) =>
  payloadTooLarge(`Storage quota reached (${megabytes(quotaBytes)}). Delete some images to upload new ones.`);

const storageKeys = (ownerId: string, imageId: string) => ({
  fullKey: `images/${ownerId}/${imageId}/full.${STORED_IMAGE_EXTENSION}`,
  thumbnailKey: `images/${ownerId}/${imageId}/thumb.${STORED_IMAGE_EXTENSION}`,
});

export function toSavedImage(row: ImageRow): SavedImage {
  return {
    id: row.id,
    url: imageUrl(row.id),
    thumbnailUrl: imageThumbnailUrl(row.id),
    originalName: row.originalName,
    annotation: row.annotation,
    experimentId: row.experimentId,
    uploadedAt: row.createdAt.toISOString(),
    size: row.fullBytes,
    type: row.contentType,
    width: row.width,
    height: row.height,
    shared: row.shared,
    shareUrl: row.shared ? imageShareUrl(row.id) : null,
  };
}

/** The name shown beside the image: the sent file name without folders or control characters. */
function displayName(sent: string): string {
  const base = (sent.split(/[\\/]/).pop() ?? "")
    .split("")
    .filter((char) => !hasUnsafeText(char))
    .join("")
    .trim();
  return base.slice(0, ORIGINAL_NAME_MAX) || "image";
}

async function usedBytes(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${images.fullBytes} + ${images.thumbnailBytes}), 0)` })
    .from(images)
    .where(eq(images.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/**
 * Trusts the bytes, not the name: sniffs the type (415), re-encodes without metadata (422 for bombs and
 * damaged files), stores both copies, then records the row under the owner's quota. The quota is checked
 * before the work (a full account spends no CPU) and again under a per-owner lock at insert, so parallel
 * uploads cannot overshoot it. Files stored for an upload that then fails are removed.
 */
export async function uploadImage(
  ctx: ImagesContext,
  owner: ImageActor,
  upload: ImageUpload,
  fields: ImageUploadFields,
): Promise<SavedImage> {
  // The sniffed type only decides admission: what is stored (and served) is the re-encoded WebP.
  await sniffImageType(upload.path);
  if ((await usedBytes(ctx.db, owner.id)) >= ctx.quotaBytes) throw quotaReached(ctx.quotaBytes);
  const processed = await processUpload(upload.path);

  const imageId = randomUUID();
  const keys = storageKeys(owner.id, imageId);
  const stored: string[] = [];
  try {
    await ctx.storage.put(keys.fullKey, processed.full.data, { contentType: STORED_IMAGE_TYPE });
    stored.push(keys.fullKey);
    await ctx.storage.put(keys.thumbnailKey, processed.thumbnail.data, { contentType: STORED_IMAGE_TYPE });
    stored.push(keys.thumbnailKey);
    const row = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_NAMESPACE}, hashtext(${owner.id}))`);
      const added = processed.full.data.length + processed.thumbnail.data.length;
      if ((await usedBytes(tx, owner.id)) + added > ctx.quotaBytes) throw quotaReached(ctx.quotaBytes);
      const [inserted] = await tx
        .insert(images)
        .values({
          id: imageId,
          ownerId: owner.id,
          experimentId: fields.experimentId,
          originalName: displayName(upload.originalName),
          annotation: fields.annotation,
          ...keys,
          contentType: STORED_IMAGE_TYPE,
          fullBytes: processed.full.data.length,
          thumbnailBytes: processed.thumbnail.data.length,
          width: processed.full.width,
          height: processed.full.height,
        })
        .returning();
      return inserted!;
    });
    return toSavedImage(row);
  } catch (error) {
    await Promise.allSettled(stored.map((key) => ctx.storage.delete(key)));
    throw error;
  }
}

/** The actor's own images of one experiment, newest first (images_owner_experiment_created_at_idx). */
export async function listImages(db: Database, actor: ImageActor, experimentId: string): Promise<{ images: SavedImage[] }> {
  const rows = await db
    .select()
    .from(images)
    .where(and(eq(images.ownerId, actor.id), eq(images.experimentId, experimentId)))
    .orderBy(desc(images.createdAt), desc(images.id));
  return { images: rows.map(toSavedImage) };
}

const mayManage = (actor: ImageActor | null, row: ImageRow) => actor !== null && (actor.id === row.ownerId || isAdminRole(actor.role));

/** The image when the actor owns it or is an admin; 404 otherwise, so others cannot learn that it exists. */
async function manageableImage(db: Database, actor: ImageActor, imageId: string): Promise<ImageRow> {
  const [row] = await db.select().from(images).where(eq(images.id, imageId));
  if (!row || !mayManage(actor, row)) throw notFound(IMAGE_NOT_FOUND);
  return row;
}

export async function annotateImage(db: Database, actor: ImageActor, input: ImageAnnotateInput): Promise<{ ok: true }> {
  await manageableImage(db, actor, input.imageId);
  await db.update(images).set({ annotation: input.annotation }).where(eq(images.id, input.imageId));
  return { ok: true };
}

/**
 * Removes both files, then the row: when the storage is away nothing changes and asking again finishes the
 * job (removing a missing file is no error), and no file outlives its row unseen.
 */
export async function deleteImage(ctx: Pick<ImagesContext, "db" | "storage">, actor: ImageActor, imageId: string): Promise<{ ok: true }> {
  const row = await manageableImage(ctx.db, actor, imageId);
  await Promise.all([ctx.storage.delete(row.fullKey), ctx.storage.delete(row.thumbnailKey)]);
  await ctx.db.delete(images).where(eq(images.id, row.id));
  return { ok: true };
}

/** How many stored files are removed at once when many images go together (an experiment, an account). */
const REMOVAL_CONCURRENCY = 8;

/**
 * Removes every image of an owner (or of one of its experiments) with its two stored files: files first, then
 * the rows, as deleteImage does, so a storage outage leaves the images listed and a retry finishes the job.
 * Runs on the caller's executor, so an experiment's or an account's own deletion can follow in one transaction.
 */
export async function deleteImagesOf(
  ctx: { db: Executor; storage: ObjectStorage },
  owner: { ownerId: string; experimentId?: string },
): Promise<{ deleted: number }> {
  const where = owner.experimentId
    ? and(eq(images.ownerId, owner.ownerId), eq(images.experimentId, owner.experimentId))
    : eq(images.ownerId, owner.ownerId);
  const rows = await ctx.db.select({ id: images.id, fullKey: images.fullKey, thumbnailKey: images.thumbnailKey }).from(images).where(where);
  const keys = rows.flatMap((row) => [row.fullKey, row.thumbnailKey]);
  for (let start = 0; start < keys.length; start += REMOVAL_CONCURRENCY) {
    await Promise.all(keys.slice(start, start + REMOVAL_CONCURRENCY).map((key) => ctx.storage.delete(key)));
  }
  if (rows.length > 0) await ctx.db.delete(images).where(where);
  return { deleted: rows.length };
}

/** Shares (the public page /lab/image/{id} and the files open to anyone) or takes the share back. */
export async function shareImage(db: Database, actor: ImageActor, input: ImageShareInput): Promise<{ shareUrl: string | null }> {
  const row = await manageableImage(db, actor, input.imageId);
  if (row.shared !== input.shared) {
    await db
      .update(images)
      .set({ shared: input.shared, sharedAt: input.shared ? new Date() : null })
      .where(eq(images.id, row.id));
  }
  return { shareUrl: input.shared ? imageShareUrl(row.id) : null };
}

/** A shared image for anyone; 404 when it does not exist or is not shared. */
export async function getSharedImage(db: Database, id: string): Promise<SharedImage> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, id), eq(images.shared, true)));
  if (!row) throw notFound(IMAGE_NOT_FOUND);
  const { url, thumbnailUrl, originalName, annotation, uploadedAt, width, height } = toSavedImage(row);
  return { id: row.id, url, thumbnailUrl, originalName, annotation, uploadedAt, width, height };
}

/**
 * Which stored file a request for an image may read: anyone's when the image (or its experiment) is shared, else only its
 * owner's or an admin's (the viewer is looked up only then). Null (answered 404) when the viewer may not
 * see it or it does not exist.
 */
export async function servableImageFile(
  db: Database,
  id: string,
  variant: ImageVariant,
  viewer: () => Promise<ImageActor | null>,
): Promise<{ key: string; shared: boolean } | null> {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  if (!row) return null;
  // The images of a shared Lab experiment show on its public page, so they are open like shared ones.
  const shared = row.shared || (await isImageOfSharedExperiment(db, row.ownerId, row.experimentId));
  if (!shared && !mayManage(await viewer(), row)) return null;
  return { key: variant === "full" ? row.fullKey : row.thumbnailKey, shared };
}
