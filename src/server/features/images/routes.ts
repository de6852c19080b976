import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES, imageUploadFields, type SavedImage } from "#common/images/images.ts";
import type { Guards } from "#server/auth/guards.ts";
import { resolveRequestAuth } from "#server/auth/request-auth.ts";
import type { AppDeps } from "#server/deps.ts";
import { errorReply } from "#server/infra/error-reply.ts";
import type { DomainError } from "#server/infra/errors.ts";
import { isUuid, parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { singleFileLimits, spoolSingleFileUpload, uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import * as images from "./service";

export const IMAGE_TOO_LARGE = `The image is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB. Please upload a smaller image.`;
/**
 * Stored files never change under their key (a new upload gets a new id), so an unshared image may stay a
 * year in its viewer's own browser. A shared one may sit in shared caches (CDNs) but is revalidated on each
 * use, a cheap 304, so that taking the share back closes it at once everywhere.
 */
const fileCachePolicy = (shared: boolean) =>
  shared ? { visibility: "public" as const, immutable: false } : { visibility: "private" as const, immutable: true };

/**
 * The images' paths that are not one procedure's JSON answer (the rest are generated from router.ts): the
 * multipart upload, and the stored files themselves.
 */
export async function registerImagesRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  const context: images.ImagesContext = { db, storage: deps.storage, quotaBytes: deps.config.imageQuotaBytes };
  const spoolDir = uploadSpoolDir(deps.config.dataDir);

  // The upload has a scope of its own: multipart parsing exists only here, and its every failure answers
  // { success: false, error } (docs/contract/rest-api.md).
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(IMAGE_MAX_BYTES) });
    upload.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
      const { status, message } = errorReply(thrown, request, reply);
      return reply.code(status).send({ success: false, error: message });
    });
    upload.post("/api/images/upload", async (request, reply) => {
      const { user } = await guards.member(request, reply);
      await deps.rateLimits.consume("imageUpload", user.id);
      const form = await spoolSingleFileUpload(request, { fileField: "file", tooLargeMessage: IMAGE_TOO_LARGE, spoolDir });
      let image: SavedImage;
      try {
        const fields = parseInput(imageUploadFields, form.fields);
        image = await images.uploadImage(context, user, { path: form.path, originalName: form.filename }, fields);
      } finally {
        await form.discard();
      }
      // A shared experiment's page lists its images.
      await deps.services.cacheBus.publish(["lab"]);
      return reply.code(201).header("Cache-Control", PRIVATE_NO_STORE).send({ success: true, image });
    });
  });

  const serveImageFile =
    (variant: images.ImageVariant) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { id } = request.params;
      const viewer = async () => (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null;
      const file = isUuid(id) ? await images.servableImageFile(db, id, variant, viewer) : null;
      // The same 404 for missing and private images, so a stranger cannot tell which ids exist.
      if (!file) return reply.code(404).header("Cache-Control", PRIVATE_NO_STORE).send({ error: images.IMAGE_NOT_FOUND });
      return serveStoredObject(request, reply, deps.storage, file.key, {
        ...fileCachePolicy(file.shared),
        notFoundMessage: images.IMAGE_NOT_FOUND,
      });
    };
  app.get("/uploads/images/:id", serveImageFile("full"));
  app.get("/uploads/images/:id/thumbnail", serveImageFile("thumbnail"));
}
