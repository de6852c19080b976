import { asc, eq } from "drizzle-orm";
import { imageShareUrl, imageThumbnailUrl, imageUrl } from "#common/images/images.ts";
import type { Database } from "#server/db/client.ts";
import { images } from "#server/db/schema/index.ts";
import { isoOrNull as iso } from "#server/infra/iso-date.ts";

/**
 * An account's image records for its data export, oldest first, with absolute links to their files (the storage
 * keys stay inside). Deletion is deleteImagesOf, which removes the files as well.
 */
export async function exportImagesOf(db: Database, userId: string, publicUrl: string) {
  const rows = await db.select().from(images).where(eq(images.ownerId, userId)).orderBy(asc(images.createdAt), asc(images.id));
  return rows.map((row) => ({
    id: row.id,
    experimentId: row.experimentId,
    originalName: row.originalName,
    annotation: row.annotation,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    bytes: row.fullBytes,
    shared: row.shared,
    url: `${publicUrl}${imageUrl(row.id)}`,
    thumbnailUrl: `${publicUrl}${imageThumbnailUrl(row.id)}`,
    shareUrl: row.shared ? `${publicUrl}${imageShareUrl(row.id)}` : null,
    uploadedAt: iso(row.createdAt),
  }));
}
