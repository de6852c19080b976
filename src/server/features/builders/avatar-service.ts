import { randomUUID } from "node:crypto";
import { builderAvatarUrl } from "#common/builders/builders.ts";
import { processAvatar, sniffImageType, STORED_IMAGE_EXTENSION, STORED_IMAGE_TYPE } from "#server/infra/image-processing.ts";
import type { ObjectStorage } from "#server/infra/storage/object-storage.ts";

export const AVATAR_NOT_FOUND = "Avatar not found";

export const builderAvatarKey = (id: string) => `avatars/${id}.${STORED_IMAGE_EXTENSION}`;

/**
 * A builder avatar from a received file: sniffed (415 unless JPEG, PNG, WebP, GIF or AVIF), cropped square
 * and re-encoded without metadata (422 for bombs and damaged files), stored under a new id. The profile
 * then points at it (builders-input.ts accepts only such URLs). An avatar no profile uses is harmless:
 * 256 px of WebP, public by nature.
 */
export async function saveBuilderAvatar(storage: ObjectStorage, file: string): Promise<{ avatarUrl: string }> {
  await sniffImageType(file);
  const avatar = await processAvatar(file);
  const id = randomUUID();
  await storage.put(builderAvatarKey(id), avatar.data, { contentType: STORED_IMAGE_TYPE });
  return { avatarUrl: builderAvatarUrl(id) };
}
