import type { FastifyInstance } from "fastify";
import { EMAIL_CHANGE_CONFIRM_PATH, EMAIL_CHANGE_INVALID_REDIRECT, EMAIL_CHANGED_REDIRECT } from "#common/account/account.ts";
import type { AppDeps } from "#server/deps.ts";
import { PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { confirmEmailChange } from "./profile";

/**
 * The email change link, opened from the mail sent to the new address: a plain GET a browser opens, scripts or not,
 * answering 303 to the account page (the sign-in form there if that browser is signed out), whose flag says what
 * happened. The token is a credential: no cache keeps the answer, and the request log redacts `token`.
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get<{ Querystring: { token?: unknown } }>(EMAIL_CHANGE_CONFIRM_PATH, async (request, reply) => {
    reply.header("Cache-Control", PRIVATE_NO_STORE);
    const token = typeof request.query.token === "string" ? request.query.token : "";
    const { ok } = await confirmEmailChange(deps.database.db, token);
    return reply.redirect(ok ? EMAIL_CHANGED_REDIRECT : EMAIL_CHANGE_INVALID_REDIRECT, 303);
  });
}
