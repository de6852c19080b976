import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { waitlistUnsubscribeInput } from "#common/waitlist/input.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import { asPartOfHeavyRead } from "#server/infra/heavy-reads.ts";
import { parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { exportWaitlistCsv, waitlistExportFileName } from "./admin-service";
import type { RouteContext } from "#server/features/feature.ts";
import { procedureError } from "#server/trpc/procedure-error.ts";

/**
 * The waitlist's REST paths that are not one procedure's JSON answer (the others are generated from
 * router.ts): the one-click unsubscribe, which takes a form post, and the CSV export, a stream the browser
 * downloads with its cookie. The export checks the session before anything else.
 */
export function registerWaitlistRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards, callerFor: RouteContext["callerFor"]) {
  const { db } = deps.database;

  /**
   * The unsubscribe page's button sends `{token}` as JSON; a mail client's RFC 8058 one-click POST to the
   * List-Unsubscribe URL carries the token in the query and `List-Unsubscribe=One-Click` as a form body,
   * which this scope alone accepts (the body itself is not needed).
   */
  app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/x-www-form-urlencoded", "multipart/form-data"],
      { parseAs: "string" },
      (_request, _body, done) => done(null, {}),
    );
    scope.post("/api/waitlist/unsubscribe", async (request, reply) => {
      const query = request.query as { token?: unknown };
      const body = (request.body ?? {}) as { token?: unknown };
      const { token } = parseInput(waitlistUnsubscribeInput, { token: body.token ?? query.token });
      const unsubscribed = await callerFor(request, reply)
        .then((api) => api.waitlist.unsubscribe({ token }))
        .catch((error: unknown) => {
          throw procedureError(error);
        });
      return reply.header("Cache-Control", PRIVATE_NO_STORE).send(unsubscribed);
    });
  });

  /** The whole list as a CSV attachment, streamed as it is read: a heavy read until the stream closes. */
  app.get("/api/waitlist/export", async (request, reply) => {
    await asPartOfHeavyRead(() => guards.admin(request, reply));
    const release = await deps.services.heavyReads.acquire();
    const csv = Readable.from(exportWaitlistCsv(db));
    csv.once("close", release);
    return reply
      .header("Cache-Control", PRIVATE_NO_STORE)
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${waitlistExportFileName()}"`)
      .send(csv);
  });
}
