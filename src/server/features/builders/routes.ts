import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BUILDER_CONFIRM_INVALID_REDIRECT, BUILDER_CONFIRMED_REDIRECT } from "../../../common/builders";
import { builderAdminCreateInput, builderIdInput, builderStatusBody } from "../../../common/builders-admin";
import { builderSubmitInput, builderUpdateInput } from "../../../common/builders-input";
import type { Guards } from "../../auth/guards";
import { resolveRequestAuth } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import * as admin from "./admin-service";
import * as builders from "./service";

/**
 * The spec's fixed REST paths for the builders directory; the React client uses the tRPC twins.
 * Admin paths accept a session cookie or a Bearer token (never the spec's basic credentials) and check it
 * before they read any input, so an anonymous caller learns nothing but 401.
 */
export function registerBuildersRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  /** The optional session: signed-in visitors see canEdit on their own profile, anonymous ones never. */
  const viewer = async (request: FastifyRequest, reply: FastifyReply) =>
    (await resolveRequestAuth(request, reply, { db, config: deps.config }))?.user ?? null;
  const joinDeps = { db, publicUrl: deps.config.publicUrl, rateLimits: deps.rateLimits };
  /** The directory on /builders shows approved profiles: their edits and the back office's moves change it. */
  const directoryChanged = () => deps.services.cacheBus.publish(["builders"]);

  app.get("/api/builders", async (request, reply) => {
    const body = await builders.listPublicBuilders(db, await viewer(request, reply));
    // canEdit depends on who asks: no shared cache may keep this answer.
    return reply.header("Cache-Control", "private, no-cache").send(body);
  });

  app.post("/api/builders", async (request, reply) => {
    const input = parseInput(builderSubmitInput, request.body);
    const body = await builders.submitBuilder(joinDeps, input, await viewer(request, reply), request.ip);
    return reply.code(201).send(body);
  });

  /**
   * The link mailed to confirm a builder's address. A plain GET a browser opens from the mail, scripts or not:
   * 303 to the builders page, whose query flag says what happened. The token is a credential: no-store.
   */
  app.get<{ Querystring: { token?: unknown } }>("/builders/confirm", async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const { ok } = await builders.confirmBuilderEmail(db, token);
    return reply
      .header("Cache-Control", PRIVATE_NO_STORE)
      .redirect(ok ? BUILDER_CONFIRMED_REDIRECT : BUILDER_CONFIRM_INVALID_REDIRECT, 303);
  });

  app.put("/api/builders/mine", async (request, reply) => {
    const { user } = await guards.member(request, reply);
    const input = parseInput(builderUpdateInput, request.body);
    const body = await builders.updateMyBuilder(db, user, input);
    await directoryChanged();
    return body;
  });

  app.get("/api/builders/admin", async (request, reply) => {
    await guards.admin(request, reply);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await admin.listBuildersForAdmin(db));
  });

  /** ?id= and {status}: a move of the status machine (pending -> approved | rejected, approved -> verified). */
  app.put("/api/builders/admin", async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(builderIdInput, request.query);
    const { status } = parseInput(builderStatusBody, request.body);
    const body = await admin.changeBuilderStatus(db, id, status);
    await directoryChanged();
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(body);
  });

  app.post("/api/builders/admin", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(builderAdminCreateInput, request.body);
    const body = await admin.createBuilderAsAdmin(db, input);
    await directoryChanged();
    return reply.code(201).header("Cache-Control", PRIVATE_NO_STORE).send(body);
  });

  /** The spec puts the admin's delete on the public path: DELETE /api/builders?id=, admin only. */
  app.delete("/api/builders", async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(builderIdInput, request.query);
    const body = await admin.deleteBuilder(db, id);
    await directoryChanged();
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(body);
  });
}
