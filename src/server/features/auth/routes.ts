import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "../../../common/auth-input";
import { clearSessionCookie, resolveRequestAuth, setSessionCookie } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import * as auth from "./service";

/** The spec's fixed REST paths for accounts, for outside clients; the React client uses tRPC. */
export async function registerAuthRoutes(parent: FastifyInstance, deps: AppDeps) {
  await parent.register(async (app) => {
    // Every answer here carries a token or the signed-in user, or ends a session: no cache may keep one.
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("Cache-Control", PRIVATE_NO_STORE);
    });
    defineAuthRoutes(app, deps);
  });
}

function defineAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const startSession = (request: FastifyRequest, reply: FastifyReply, signedIn: auth.SignedIn) => {
    setSessionCookie(request, reply, deps.config, signedIn.token, signedIn.session.expiresAt);
    return { user: signedIn.user, token: signedIn.token };
  };

  app.post("/api/auth/login", async (request, reply) => {
    const input = parseInput(loginInput, request.body);
    return startSession(request, reply, await auth.login({ db, rateLimits: deps.rateLimits }, input, request.ip));
  });

  app.post("/api/auth/signup", async (request, reply) => {
    const input = parseInput(signupInput, request.body);
    const body = startSession(request, reply, await auth.signup({ db, rateLimits: deps.rateLimits }, input, request.ip));
    return reply.code(201).send(body);
  });

  app.post("/api/auth/logout", async (request, reply) => {
    const current = await resolveRequestAuth(request, reply, { db, config: deps.config });
    const result = await auth.logout(db, current?.session.id ?? null);
    clearSessionCookie(reply);
    return result;
  });

  app.post("/api/auth/reset-password", async (request) => {
    const input = parseInput(passwordResetRequestInput, request.body);
    return auth.requestPasswordReset({ db, publicUrl: deps.config.publicUrl, rateLimits: deps.rateLimits }, input, request.ip);
  });

  app.post("/api/auth/reset-password/confirm", async (request) => {
    const input = parseInput(passwordResetConfirmInput, request.body);
    return auth.confirmPasswordReset({ db, rateLimits: deps.rateLimits }, input, request.ip);
  });
}
