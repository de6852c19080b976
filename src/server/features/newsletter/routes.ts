import type { FastifyInstance } from "fastify";
import { newsletterProgressInput, newsletterSendInput } from "../../../common/newsletter";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { newsletterProgress, sendNewsletter } from "./service";

/** The newsletter, admin only: the twins of newsletter.send and newsletter.progress. */
export function registerNewsletterRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  /** 202: the mails are queued, the worker delivers them; GET .../progress follows them. */
  app.post("/api/email/newsletter", async (request, reply) => {
    const { user } = await guards.admin(request, reply);
    const input = parseInput(newsletterSendInput, request.body);
    const result = await sendNewsletter(
      { db, publicUrl: deps.config.publicUrl, unsubscribeSecret: deps.config.unsubscribeSecret },
      input,
      user.id,
    );
    return reply.code(202).header("Cache-Control", PRIVATE_NO_STORE).send(result);
  });

  app.get("/api/email/newsletter/progress", async (request, reply) => {
    await guards.admin(request, reply);
    const { sendId } = parseInput(newsletterProgressInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await newsletterProgress(db, sendId));
  });
}
