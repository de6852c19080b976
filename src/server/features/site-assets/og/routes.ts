import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { OG_UPLOAD_MAX_BYTES, OG_UPLOAD_TOO_LARGE, ogUploadFields, type OgUpdateResponse } from "#common/site-assets/og.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import { parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { singleFileLimits, spoolSingleFileUpload, uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { serveStoredObject } from "#server/infra/serve-stored-object.ts";
import * as og from "./service";

const OG_IMAGE_NOT_FOUND = "OG image not found";

/** POST /api/site-assets/update-og and the og-image files the site's og:image points to. */
export async function registerSiteAssetsOgRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const context: og.OgContext = { db: deps.database.db, storage: deps.storage, cacheBus: deps.services.cacheBus };
  const spoolDir = uploadSpoolDir(deps.config.dataDir);

  // Multipart parsing exists only in this scope.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(OG_UPLOAD_MAX_BYTES) });
    upload.post("/api/site-assets/update-og", async (request, reply) => {
      const { user } = await guards.admin(request, reply);
      await deps.rateLimits.consume("ogRender", user.id);
      const form = await spoolSingleFileUpload(request, { fileField: "image", tooLargeMessage: OG_UPLOAD_TOO_LARGE, spoolDir });
      try {
        parseInput(ogUploadFields, form.fields);
        const image = await og.publishUploadedOg(context, user.id, form.path);
        const answer: OgUpdateResponse = { message: "OG image updated", imageUrl: image.url };
        return reply.header("Cache-Control", PRIVATE_NO_STORE).send(answer);
      } finally {
        await form.discard();
      }
    });
  });

  // Public, as crawlers fetch them. The name carries the content's hash: a new image is a new URL, so caches
  // (CDNs included) may keep each for a year.
  const serveOgImage = (format: "png" | "jpeg") => async (request: FastifyRequest<{ Params: { hash: string } }>, reply: FastifyReply) => {
    const key = og.ogImageStorageKey(request.params.hash, format);
    if (!key) return reply.code(404).send({ error: OG_IMAGE_NOT_FOUND });
    reply.header("x-served-from", "storage");
    return serveStoredObject(request, reply, deps.storage, key, {
      immutable: true,
      visibility: "public",
      notFoundMessage: OG_IMAGE_NOT_FOUND,
    });
  };
  app.get("/og-image.:hash.png", serveOgImage("png"));
  app.get("/og-image.:hash.jpg", serveOgImage("jpeg"));
}
