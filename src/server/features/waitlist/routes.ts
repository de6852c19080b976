import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { waitlistJoinInput, waitlistUnsubscribeInput } from "../../../common/waitlist-input";
import { waitlistAdminDeleteInput, waitlistAdminListInput } from "../../../common/waitlist-admin";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { deleteWaitlistEntry, exportWaitlistCsv, getWaitlistStats, listWaitlistEntries, waitlistExportFileName } from "./admin-service";
import { joinWaitlist } from "./service";
import { unsubscribeByLink } from "./unsubscribe";

/**
 * The spec's fixed REST paths for outside clients; the React client calls the tRPC twins (waitlist.join,
 * waitlist.adminList...), except the CSV export, which the browser downloads from here with its cookie.
 * Admin paths check the session before they read any input, so an anonymous caller learns nothing but 401.
 */
export function registerWaitlistRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const serviceDeps = { db: deps.database.db, geo: deps.geo, logger: deps.logger, rateLimits: deps.rateLimits };
  const { db } = deps.database;

  /** 201 for a new entry, 200 for "Welcome back" (nothing was created). */
  app.post("/api/waitlist/join", async (request, reply) => {
    const input = parseInput(waitlistJoinInput, request.body);
    const result = await joinWaitlist(serviceDeps, input, { ip: request.ip, headers: request.headers });
    return reply.code(result.alreadyJoined ? 200 : 201).send(result);
  });

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
      const unsubscribed = await unsubscribeByLink(
        { db, rateLimits: deps.rateLimits, configuredSecret: deps.config.unsubscribeSecret },
        token,
        request.ip,
      );
      return reply.header("Cache-Control", PRIVATE_NO_STORE).send(unsubscribed);
    });
  });

  /** ?page=&pageSize=&q=&sort=&order=; the spec's dev=1 and debug=1 are ignored (the Debug figures are always there). */
  app.get("/api/waitlist/admin", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(waitlistAdminListInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await listWaitlistEntries(db, input));
  });

  app.delete("/api/waitlist/admin", async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(waitlistAdminDeleteInput, request.query);
    return reply.send(await deleteWaitlistEntry(db, id));
  });

  app.get("/api/waitlist/stats", async (request, reply) => {
    await guards.admin(request, reply);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await getWaitlistStats(db));
  });

  /** The whole list as a CSV attachment, streamed as it is read. */
  app.get("/api/waitlist/export", async (request, reply) => {
    await guards.admin(request, reply);
    return reply
      .header("Cache-Control", PRIVATE_NO_STORE)
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${waitlistExportFileName()}"`)
      .send(Readable.from(exportWaitlistCsv(db)));
  });
}
