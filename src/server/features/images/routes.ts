import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { IMAGE_MAX_BYTES, imageAnnotateInput, imageUploadFields } from "../../../common/images";
import type { Guards } from "../../auth/guards";
import { resolveRequestAuth } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { errorReply } from "../../infra/error-reply";
import type { DomainError } from "../../infra/errors";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { readSingleFileUpload, singleFileLimits } from "../../infra/multipart-upload";
import { sendStoredObject } from "../../infra/serve-stored-object";
import * as images from "./service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const IMAGE_TOO_LARGE = `The image is larger than ${IMAGE_MAX_BYTES / (1024 * 1024)} MB. Please upload a smaller image.`;
/**
 * Stored files never change under their key (a new upload gets a new id), so browsers may keep them a year.
 * An unshared image is private to its viewer's browser; a shared one may sit in shared caches only ten
 * minutes, so taking a share back reaches a CDN soon.
 */
const SHARED_FILE_CACHE = "public, max-age=31536000, s-maxage=600, immutable";
const PRIVATE_FILE_CACHE = "private, max-age=31536000, immutable";

/** The spec's fixed REST paths of images (upload, annotate) and the stored files they serve. */
export async function registerImagesRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  const context: images.ImagesContext = { db, storage: deps.storage, quotaBytes: deps.config.imageQuotaBytes };

  // The upload has a scope of its own: multipart parsing exists only here, and its every failure answers
  // the spec's { success: false, error }.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(IMAGE_MAX_BYTES) });
    upload.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
      const { status, message } = errorReply(thrown, request, reply);
      return reply.code(status).send({ success: false, error: message });
    });
    upload.post("/api/images/upload", async (request, reply) => {
      const { user } = await guards.member(request, reply);
      await deps.rateLimits.consume("imageUpload", user.id);
      const form = await readSingleFileUpload(request, { fileField: "file", tooLargeMessage: IMAGE_TOO_LARGE });
      const fields = parseInput(imageUploadFields, form.fields);
      const image = await images.uploadImage(context, user, { bytes: form.bytes, originalName: form.filename }, fields);
      return reply.code(201).header("Cache-Control", PRIVATE_NO_STORE).send({ success: true, image });
    });
  });

  app.post("/api/images/annotate", async (request, reply) => {
    const { user } = await guards.member(request, reply);
    const input = parseInput(imageAnnotateInput, request.body);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await images.annotateImage(db, user, input));
  });

  const serveImageFile = (variant: images.ImageVariant) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id } = request.params;
    const viewer = UUID.test(id) ? ((await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null) : null;
    const file = UUID.test(id) ? await images.servableImageFile(db, viewer, id, variant) : null;
    // The same 404 for missing and private images, so a stranger cannot tell which ids exist.
    if (!file) return reply.code(404).header("Cache-Control", PRIVATE_NO_STORE).send({ error: images.IMAGE_NOT_FOUND });
    return sendStoredObject(request, reply, deps.storage, file.key, { cacheControl: file.shared ? SHARED_FILE_CACHE : PRIVATE_FILE_CACHE });
  };
  app.get("/uploads/images/:id", serveImageFile("full"));
  app.get("/uploads/images/:id/thumbnail", serveImageFile("thumbnail"));
}
