import type { FastifyInstance } from "fastify";
import { dailyPlanInput } from "../../../common/today";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { getDailyPlan, regenerateDailyPlan } from "./service";

/** The spec's daily plan paths (admin only). `?timeZone=` (or the body's timeZone) sets the plan date; UTC by default. */
export function registerTodayRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  app.get("/api/today/generate", async (request, reply) => {
    const { user } = await guards.admin(request, reply);
    const input = parseInput(dailyPlanInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await getDailyPlan(db, user, input));
  });

  app.post("/api/today/regenerate", async (request, reply) => {
    const { user } = await guards.admin(request, reply);
    const input = parseInput(dailyPlanInput, request.body ?? {});
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await regenerateDailyPlan(db, user, input));
  });
}
