import type { FastifyInstance } from "fastify";
import { EMAIL_VERIFIED_REDIRECT, EMAIL_VERIFY_INVALID_REDIRECT } from "#common/auth/accounts.ts";
import type { AppDeps } from "#server/deps.ts";
import { PRIVATE_NO_STORE } from "#server/infra/http.ts";
import * as auth from "./service";

/**
 * The accounts' REST paths that are not one procedure's JSON answer (the others are generated from router.ts):
 * the address confirmation link, which a browser opens from a mail and which answers with a redirect.
 */
export async function registerAuthRoutes(parent: FastifyInstance, deps: AppDeps) {
  await parent.register(async (app) => {
    // The link's token is a credential: no cache may keep the answer, a refusal included.
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("Cache-Control", PRIVATE_NO_STORE);
    });
    defineAuthRoutes(app, deps);
  });
}

function defineAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

  /**
   * The link mailed to confirm an account's address. A plain GET a browser opens from the mail, scripts or not:
   * it answers 303 to the sign-in page, whose query flag says what happened.
   */
  app.get<{ Querystring: { token?: unknown } }>("/verify-email", async (request, reply) => {
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const { ok } = await auth.verifyEmail(db, token);
    return reply.redirect(ok ? EMAIL_VERIFIED_REDIRECT : EMAIL_VERIFY_INVALID_REDIRECT, 303);
  });
}
