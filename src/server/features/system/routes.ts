import type { FastifyInstance } from "fastify";
import type { AppDeps } from "#server/deps.ts";
import { DEBUG_REQUEST_LOGS } from "#server/infra/request-log.ts";
import { probeHealth } from "./health";

/**
 * The health probe, hand-written: it is for load balancers and orchestrators, not a procedure's answer (no
 * session, its 503 carries a status of its own, and its requests are logged at debug level only). The back
 * office's GET /api/admin/status is generated from router.ts.
 */
export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get("/healthz", DEBUG_REQUEST_LOGS, async (_request, reply) => {
    const { code, body } = await probeHealth(deps.database);
    return reply.code(code).send(body);
  });
}
