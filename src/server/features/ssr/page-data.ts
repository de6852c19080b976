import type { FastifyReply, FastifyRequest } from "fastify";
import type { ServerPageData } from "../../../common/page-data";
import { resolveRequestAuth } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { listPublicBuilders } from "../builders/service";
import { getSharedImage } from "../images/service";
import { getExperiment } from "../lab/service";
import { isUuid } from "../../infra/http";
import { nullWhenNotFound } from "../../infra/errors";

/** The data the public pages' loaders read on the server: the services the REST paths answer from. */
export function serverPageData(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): ServerPageData {
  const { db } = deps.database;
  const viewer = async () => (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null;
  return {
    publicBuilders: async () => listPublicBuilders(db, await viewer()),
    sharedImage: async (id) => (isUuid(id) ? getSharedImage(db, id).catch(nullWhenNotFound) : null),
    // Read as no one: the server renders this page for signed-out visitors only (common/page-routes.ts).
    sharedExperiment: async (id) => (isUuid(id) ? getExperiment(db, null, id, new Date()).catch(nullWhenNotFound) : null),
  };
}
