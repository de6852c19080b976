import type { FastifyInstance } from "fastify";
import { BUILDER_CONFIRM_INVALID_REDIRECT, BUILDER_CONFIRMED_REDIRECT } from "#common/builders/builders.ts";
import type { AppDeps } from "#server/deps.ts";
import { PRIVATE_NO_STORE } from "#server/infra/http.ts";
import * as builders from "./service";

/**
 * The builders directory's REST paths that are not one procedure's JSON answer (the others are generated
 * from router.ts): the address confirmation link, which a browser opens from a mail and which answers with a
 * redirect. Avatars, a multipart upload and files, are in avatar-routes.ts.
 */
export function registerBuildersRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;

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
}
