import type { FastifyInstance } from "fastify";
import { seoChecklistReplaceInput } from "../../../common/seo";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput } from "../../infra/http";
import { getSeoChecklist, replaceSeoChecklist } from "./service";

/** REST access to the SEO checklist for API clients (admin session cookie or bearer token). */
export function registerSeoRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  app.get("/api/seo/checklist", async (request, reply) => {
    await guards.admin(request, reply);
    return getSeoChecklist(db);
  });

  /** Body `{ checkedItems: { "1": true, ... } }`: replaces the whole map; false or missing ids are unchecked. */
  app.put("/api/seo/checklist", async (request, reply) => {
    const { user } = await guards.admin(request, reply);
    const input = parseInput(seoChecklistReplaceInput, request.body);
    return replaceSeoChecklist(db, user, input.checkedItems);
  });
}
