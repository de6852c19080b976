import type { FastifyInstance } from "fastify";
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_TRACK_PATH } from "#common/analytics/events.ts";
import type { AppDeps } from "#server/deps.ts";
import { DEBUG_REQUEST_LOGS } from "#server/infra/request-log.ts";
import { createUserAgentLookup } from "#server/infra/user-agent.ts";
import { createDailySalts } from "./daily-salt";
import { createAnalyticsService } from "./service";

/**
 * POST /api/analytics/track: the beacon endpoint. A plain route, not tRPC, so sendBeacon can reach it
 * (the dashboard's path is generated from router.ts).
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const { writer } = deps.services.analytics;
  const analytics = createAnalyticsService({ salts: createDailySalts(db), geo: deps.geo, userAgents: createUserAgentLookup(), writer });

  await app.register(async (scope) => {
    // navigator.sendBeacon sends a string body as text/plain: in this scope only, read it as JSON.
    scope.removeContentTypeParser("text/plain");
    scope.addContentTypeParser("text/plain", { parseAs: "string" }, scope.getDefaultJsonParser("error", "error"));

    scope.post(ANALYTICS_TRACK_PATH, { bodyLimit: ANALYTICS_BODY_LIMIT_BYTES, ...DEBUG_REQUEST_LOGS }, async (request, reply) => {
      await deps.rateLimits.consume("analyticsTrack", request.ip);
      await analytics.track(request.body, { ip: request.ip, userAgent: request.headers["user-agent"], headers: request.headers });
      return reply.code(202).send();
    });
  });
}
