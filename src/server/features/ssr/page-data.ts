import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerPageData } from "#common/pages/page-data.ts";
import { resolveRequestAuth } from "#server/auth/request-auth.ts";
import type { AppDeps } from "#server/deps.ts";
import { listPublicBuilders } from "#server/features/builders/index.ts";
import { getSharedImage } from "#server/features/images/index.ts";
import { getExperiment } from "#server/features/lab/index.ts";
import { myWaitlistData } from "#server/features/waitlist/index.ts";
import { isUuid } from "#server/infra/http.ts";
import { nullWhenNotFound } from "#server/infra/errors.ts";

/** The data the public pages' loaders read on the server: the services the REST paths answer from. */
export function serverPageData(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): ServerPageData {
  const { db } = deps.database;
  const viewer = async () => (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null;
  return {
    publicBuilders: async () => listPublicBuilders(db, await viewer()),
    sharedImage: async (id) => (isUuid(id) ? getSharedImage(db, id).catch(nullWhenNotFound) : null),
    // Read as no one: the server renders this page for signed-out visitors only (common/page-routes.ts).
    sharedExperiment: async (id) => (isUuid(id) ? getExperiment(db, null, id, new Date()).catch(nullWhenNotFound) : null),
    waitlistMyData: async (token) => {
      const { config, logger } = deps;
      const waitlist = { db, logger, publicUrl: config.publicUrl, configuredSecret: config.unsubscribeSecret, settings: config.waitlist };
      return token ? myWaitlistData(waitlist, token).catch(nullWhenNotFound) : null;
    },
  };
}
