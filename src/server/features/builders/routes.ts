import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { builderSubmitInput, builderUpdateInput } from "../../../common/builders-input";
import type { Guards } from "../../auth/guards";
import { resolveRequestAuth } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { parseInput } from "../../infra/http";
import * as builders from "./service";

/** The spec's fixed REST paths for the builders directory; the React client uses the tRPC twins. */
export function registerBuildersRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  /** The optional session: signed-in visitors see canEdit on their own profile, anonymous ones never. */
  const viewerEmail = async (request: FastifyRequest, reply: FastifyReply) =>
    (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user.email ?? null;

  app.get("/api/builders", async (request, reply) => {
    const body = await builders.listPublicBuilders(db, await viewerEmail(request, reply));
    // canEdit depends on who asks: no shared cache may keep this answer.
    return reply.header("Cache-Control", "private, no-cache").send(body);
  });

  app.post("/api/builders", async (request, reply) => {
    const input = parseInput(builderSubmitInput, request.body);
    await deps.rateLimits.consume("builderSubmit", request.ip);
    const body = await builders.submitBuilder(db, input, await viewerEmail(request, reply));
    return reply.code(201).send(body);
  });

  app.put("/api/builders/mine", async (request, reply) => {
    const { user } = await guards.member(request, reply);
    const input = parseInput(builderUpdateInput, request.body);
    return builders.updateMyBuilder(db, user.email, input);
  });
}
