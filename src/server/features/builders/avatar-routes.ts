import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { BUILDER_AVATAR_MAX_BYTES } from "#common/builders/builders.ts";
import type { AppDeps } from "#server/deps.ts";
import { isUuid } from "#server/infra/http.ts";
import { singleFileLimits, spoolSingleFileUpload, uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import { AVATAR_NOT_FOUND, builderAvatarKey, saveBuilderAvatar } from "./avatar-service";

export const AVATAR_TOO_LARGE = `The picture is larger than ${BUILDER_AVATAR_MAX_BYTES / (1024 * 1024)} MB. Please choose a smaller one.`;

/**
 * Builder avatars. The join form is public, so anyone may upload one, under a strict budget per address
 * (avatarUpload in rate-limit.ts) and a 5 MB limit; the answer's URL is then sent with the form.
 */
export async function registerBuilderAvatarRoutes(app: FastifyInstance, deps: AppDeps) {
  const spoolDir = uploadSpoolDir(deps.config.dataDir);

  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(BUILDER_AVATAR_MAX_BYTES) });
    upload.post("/api/builders/avatar", async (request, reply) => {
      await deps.rateLimits.consume("avatarUpload", request.ip);
      const form = await spoolSingleFileUpload(request, { fileField: "file", tooLargeMessage: AVATAR_TOO_LARGE, spoolDir });
      let saved: { avatarUrl: string };
      try {
        saved = await saveBuilderAvatar(deps.storage, form.path);
      } finally {
        await form.discard();
      }
      return reply.code(201).send(saved);
    });
  });

  app.get<{ Params: { id: string } }>("/uploads/avatars/:id", async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) return reply.code(404).send({ error: AVATAR_NOT_FOUND });
    // Each upload gets a new id, so the bytes under one never change; avatars are public by nature.
    return serveStoredObject(request, reply, deps.storage, builderAvatarKey(id.toLowerCase()), {
      visibility: "public",
      immutable: true,
      notFoundMessage: AVATAR_NOT_FOUND,
    });
  });
}
