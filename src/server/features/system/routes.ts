import type { FastifyInstance } from "fastify";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { DEBUG_REQUEST_LOGS } from "../../infra/request-log";
import { getSystemStatus } from "./service";

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  app.get("/healthz", DEBUG_REQUEST_LOGS, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable", error: "Database unreachable" });
    }
  });

  app.get("/api/admin/status", async (request, reply) => {
    await guards.admin(request, reply);
    return getSystemStatus(deps);
  });
}
