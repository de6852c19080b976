import type { FastifyInstance } from "fastify";
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_TRACK_PATH } from "../../../common/analytics";
import { isDatabaseUnavailable } from "../../db/errors";
import type { AppDeps } from "../../deps";
import { DEBUG_REQUEST_LOGS } from "../../infra/request-log";
import { createUserAgentLookup } from "../../infra/user-agent";
import { createDailySalts } from "./daily-salt";
import { createEventWriter, insertAnalyticsEvents, type EventWriter } from "./event-writer";
import { ensureRollups } from "./rollups";
import { createAnalyticsService } from "./service";
import { createVisitorAlertMonitor, type VisitorAlertMonitor } from "./visitor-alert";

/**
 * Each app's event writer, so tests (and the dashboard's tests) can flush it: `analyticsWriterOf(t.deps).flush()`.
 * Keyed by the app's deps object; it holds no request state.
 */
const writers = new WeakMap<AppDeps, EventWriter>();
export const analyticsWriterOf = (deps: AppDeps): EventWriter | undefined => writers.get(deps);
/** Likewise the app's visitor alert monitor: `visitorAlertOf(t.deps).idle()` waits for a check a flush started. */
const alertMonitors = new WeakMap<AppDeps, VisitorAlertMonitor>();
export const visitorAlertOf = (deps: AppDeps): VisitorAlertMonitor | undefined => alertMonitors.get(deps);

/**
 * POST /api/analytics/track: the beacon endpoint. A plain route, not tRPC, so sendBeacon can reach it
 * (the dashboard's path is generated from router.ts).
 */
export async function registerAnalyticsRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const persist = deps.config.analyticsPersist;
  if (persist && (await ensureRollups(db))) deps.logger.info("analytics: built the dashboard rollups from the stored events");
  const alerts = createVisitorAlertMonitor({ db, logger: deps.logger, publicUrl: deps.config.publicUrl });
  alertMonitors.set(deps, alerts);
  const insert = insertAnalyticsEvents(db);
  const writer = createEventWriter({
    insert: persist
      ? async (rows) => {
          await insert(rows);
          // The visitor alert is checked from the ingest side, so it fires with nobody watching the dashboard.
          alerts.afterWrite();
        }
      : async () => {},
    logger: deps.logger,
    isUnavailable: isDatabaseUnavailable,
  });
  if (!persist) deps.logger.warn("ANALYTICS_PERSIST is off: analytics events are validated and enriched, then discarded");
  writers.set(deps, writer);
  const analytics = createAnalyticsService({ salts: createDailySalts(db), geo: deps.geo, userAgents: createUserAgentLookup(), writer });

  // Runs after the HTTP server has stopped taking requests and before main.ts closes the database.
  app.addHook("onClose", async () => {
    await writer.close();
    await alerts.idle();
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
