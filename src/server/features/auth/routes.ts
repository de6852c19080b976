import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMAIL_VERIFIED_REDIRECT, EMAIL_VERIFY_INVALID_REDIRECT } from "../../../common/auth";
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "../../../common/auth-input";
import type { Guards } from "../../auth/guards";
import { clearSessionCookie, resolveRequestAuth, setSessionCookie } from "../../auth/request-auth";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import * as auth from "./service";

/** The spec's fixed REST paths for accounts, for outside clients; the React client uses tRPC. */
export async function registerAuthRoutes(parent: FastifyInstance, deps: AppDeps, guards: Guards) {
  await parent.register(async (app) => {
    // Every answer here carries a token or the signed-in user, or ends a session: no cache may keep one.
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("Cache-Control", PRIVATE_NO_STORE);
    });
    defineAuthRoutes(app, deps, guards);
  });
}

function defineAuthRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
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
    const body = startSession(
      request,
      reply,
      await auth.signup({ db, publicUrl: deps.config.publicUrl, rateLimits: deps.rateLimits }, input, request.ip),
    );
    return reply.code(201).send(body);
  });

  app.post("/api/auth/logout", async (request, reply) => {
    const current = await resolveRequestAuth(request, reply, { db, config: deps.config });
    const result = await auth.logout(db, current?.session.id ?? null);
    clearSessionCookie(reply);
    return result;
  });

  /**
   * The link mailed to confirm an account's address. A plain GET a browser opens from the mail, scripts or not:
   * it answers 303 to the sign-in page, whose query flag says what happened (no-store, like every answer here).
   */
  app.get<{ Querystring: { token?: unknown } }>("/verify-email", async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const { ok } = await auth.verifyEmail(db, token);
    return reply.redirect(ok ? EMAIL_VERIFIED_REDIRECT : EMAIL_VERIFY_INVALID_REDIRECT, 303);
  });

  app.post("/api/auth/verify-email/resend", async (request, reply) => {
    const { user } = await guards.member(request, reply);
    return auth.resendEmailVerification({ db, publicUrl: deps.config.publicUrl, rateLimits: deps.rateLimits }, user.id, request.ip);
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
