import multipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FAVICON_FILES, FAVICON_UPLOAD_MAX_BYTES, faviconContentType, faviconUploadFields } from "#common/site-assets/favicon.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import { isNotModified } from "#server/infra/conditional-request.ts";
import { errorReply } from "#server/infra/error-reply.ts";
import type { DomainError } from "#server/infra/errors.ts";
import { parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { singleFileLimits, spoolSingleFileUpload, uploadSpoolDir } from "#server/infra/multipart-upload.ts";
import { readWholeObject, sendHeldObject, storageUnavailable, type HeldObject } from "#server/infra/serve-stored-object.ts";
import { robotsTxt, sitemapXml } from "./crawler-files";
import { defaultFaviconFile } from "./default-favicons";
import { activeFavicons, faviconStorageKey, uploadFaviconFile } from "./favicon-service";
import type { PageHeadCache } from "./page-head-cache";

const FAVICON_TOO_LARGE = `The file is larger than ${FAVICON_UPLOAD_MAX_BYTES / (1024 * 1024)} MB`;

/** The favicon upload (multipart), the 18 favicon files themselves, robots.txt and sitemap.xml; the JSON paths are generated from router.ts. */
export async function registerSiteAssetsRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards, heads: PageHeadCache) {
  const { db } = deps.database;
  const { storage } = deps;
  const { cacheBus } = deps.services;
  const spoolDir = uploadSpoolDir(deps.config.dataDir);

  await app.register(async (upload) => {
    await upload.register(multipart, { limits: singleFileLimits(FAVICON_UPLOAD_MAX_BYTES) });
    upload.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
      const { status, message } = errorReply(thrown, request, reply);
      return reply.code(status).send({ success: false, error: message });
    });
    // Requires an admin, like every other write to the site's assets: a client that sends no auth gets 401.
    upload.post("/api/site-assets/update-favicon", async (request, reply) => {
      const { user } = await guards.admin(request, reply);
      const form = await spoolSingleFileUpload(request, { fileField: "image", tooLargeMessage: FAVICON_TOO_LARGE, spoolDir });
      try {
        const fields = parseInput(faviconUploadFields, form.fields);
        const result = await uploadFaviconFile({ db, storage, cacheBus }, user.id, form, fields);
        return reply.header("Cache-Control", PRIVATE_NO_STORE).send(result);
      } finally {
        await form.discard();
      }
    });
  });

  for (const file of FAVICON_FILES) {
    app.get(`/${file}`, (request: FastifyRequest<{ Querystring: { v?: string } }>, reply) => serveFavicon(request, reply, file));
  }

  /** The active set's file from storage; before any set exists, the built-in default (never the app's HTML). */
  async function serveFavicon(request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply, file: string) {
    const state = await activeFavicons(db, heads);
    if (state.files.includes(`/${file}`)) {
      // The pages link `?v=<version>`: that URL's bytes never change, so browsers may keep them a year.
      const immutable = state.version !== null && request.query.v === state.version;
      reply.header("X-Served-From", "storage");
      // Every page links them: the few small files are held in memory with the site's heads (dropped on change).
      let held: HeldObject | null;
      try {
        held = await heads.cached(`favicon-file:${file}:${state.version}`, () => readWholeObject(storage, faviconStorageKey(file)));
      } catch (error) {
        return storageUnavailable(request, reply, error);
      }
      if (!held) return reply.code(404).send({ error: "Favicon not found" });
      return sendHeldObject(request, reply, held, { visibility: "public", immutable });
    }
    const builtIn = await defaultFaviconFile(file);
    if (!builtIn) return reply.code(404).send({ error: "Favicon not found" });
    reply
      .header("X-Served-From", "default")
      .header("ETag", builtIn.etag)
      .header("Cache-Control", "public, no-cache")
      .type(faviconContentType(file));
    if (isNotModified(request, { etag: builtIn.etag })) return reply.code(304).send();
    return reply.send(builtIn.body);
  }

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(robotsTxt(deps.config.publicUrl)),
  );
  app.get("/sitemap.xml", async (_request, reply) =>
    reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(await sitemapXml(db, deps.config.publicUrl)),
  );
}
