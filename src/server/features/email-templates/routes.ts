import type { FastifyInstance } from "fastify";
import {
  emailTemplateIdInput,
  emailTemplatePreviewInput,
  emailTemplateSaveInput,
  emailTemplateTestInput,
} from "../../../common/email-templates-input";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import * as templates from "./service";

/** The spec's REST paths of email templates, admin only; the guard runs before any input is read. */
export function registerEmailTemplatesRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  app.get("/api/email/templates", async (request, reply) => {
    await guards.admin(request, reply);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await templates.listTemplates(db));
  });

  /** Creates, or edits when the body carries an id. */
  app.post("/api/email/templates", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(emailTemplateSaveInput, request.body);
    const result = await templates.saveTemplate(db, input);
    return reply
      .code(input.id ? 200 : 201)
      .header("Cache-Control", PRIVATE_NO_STORE)
      .send(result);
  });

  app.delete("/api/email/templates", async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(emailTemplateIdInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await templates.deleteTemplate(db, id));
  });

  app.post("/api/email/templates/preview", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(emailTemplatePreviewInput, request.body);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await templates.previewTemplate(db, input));
  });

  app.post("/api/email/templates/test", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(emailTemplateTestInput, request.body);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await templates.sendTestEmail(db, input));
  });

  app.post("/api/email/templates/seed", async (request, reply) => {
    await guards.admin(request, reply);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await templates.seedTemplates(db));
  });
}
