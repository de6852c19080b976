import type { FastifyInstance } from "fastify";
import { credentialTestInput } from "../../../common/email-test";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import { checkCredentials } from "./credential-check";
import { typedCredentials } from "./typed-credentials";

/**
 * The email test page's REST path that is not one procedure's JSON answer as the adapter serves it (POST
 * /api/email/send is generated from router.ts): the credential check answers 502 when the provider cannot be
 * reached, a fact its body does not carry, so its status cannot be chosen from the answer. Admin only; the
 * keys arrive as headers (typed-credentials.ts).
 */
export function registerEmailTestRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  /** 200 with {valid, message, error}; 502 when the provider could not be reached. */
  app.post("/api/email/test-credentials", async (request, reply) => {
    await guards.admin(request, reply);
    const { provider } = parseInput(credentialTestInput, request.body);
    const { reachable, ...result } = await checkCredentials(provider, typedCredentials(request.headers) ?? {}, deps.config);
    return reply
      .code(reachable ? 200 : 502)
      .header("Cache-Control", PRIVATE_NO_STORE)
      .send(result);
  });
}
