import type { FastifyInstance, FastifyRequest } from "fastify";
import { CREDENTIAL_HEADERS, credentialTestInput, emailSendInput, type EmailCredentials } from "../../../common/email-test";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { checkCredentials } from "./credential-check";
import { sendTestEmail } from "./service";

/**
 * The email test page's REST paths (admin only). Keys typed on the page arrive as the spec's headers and
 * live only in this request: Fastify's request log has no headers, and no error here carries them.
 */
export function registerEmailTestRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  /** 200 sent or kept by the outbox; 202 still queued when the wait ended; 502 the provider refused it. */
  app.post("/api/email/send", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(emailSendInput, request.body);
    const result = await sendTestEmail({ db, config: deps.config }, input, typedCredentials(request));
    const status = result.status === "failed" ? 502 : result.success ? 200 : 202;
    return reply.code(status).header("Cache-Control", PRIVATE_NO_STORE).send(result);
  });

  /** 200 with {valid, message, error}; 502 when the provider could not be reached. */
  app.post("/api/email/test-credentials", async (request, reply) => {
    await guards.admin(request, reply);
    const { provider } = parseInput(credentialTestInput, request.body);
    const { reachable, ...result } = await checkCredentials(provider, typedCredentials(request) ?? {}, deps.config);
    return reply
      .code(reachable ? 200 : 502)
      .header("Cache-Control", PRIVATE_NO_STORE)
      .send(result);
  });
}

/** The keys typed on the page, or null when live mode is off (then the site's own provider is used). */
function typedCredentials(request: FastifyRequest): EmailCredentials | null {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text || undefined;
  };
  if (header(CREDENTIAL_HEADERS.liveMode) !== "true") return null;
  const credentials: EmailCredentials = {};
  for (const field of ["resendApiKey", "sendgridApiKey", "mailgunApiKey", "mailgunDomain"] as const) {
    const value = header(CREDENTIAL_HEADERS[field]);
    if (value) credentials[field] = value;
  }
  return credentials;
}
