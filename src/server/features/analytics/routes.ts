import type { FastifyInstance } from "fastify";
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_TRACK_PATH } from "../../../common/analytics";
import { analyticsDashboardInput } from "../../../common/analytics-dashboard";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput } from "../../infra/http";
import { DEBUG_REQUEST_LOGS } from "../../infra/request-log";
import { createUserAgentLookup } from "../../infra/user-agent";
import { createDailySalts } from "./daily-salt";
import { getAnalyticsDashboard } from "./dashboard";
import { createAnalyticsService } from "./service";

/**
 * POST /api/analytics/track: the beacon endpoint. A plain route, not tRPC, so sendBeacon can reach it.
 * GET /api/analytics/dashboard: the admin dashboard (the React client uses analytics.dashboard).
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  const { writer } = deps.services.analytics;
  const analytics = createAnalyticsService({ salts: createDailySalts(db), geo: deps.geo, userAgents: createUserAgentLookup(), writer });

  app.get("/api/analytics/dashboard", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(analyticsDashboardInput, request.query);
    const body = await getAnalyticsDashboard(db, { timeRange: input.timeRange });
    return reply.header("Cache-Control", "no-store").send(body);
  });

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
