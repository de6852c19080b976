import fastifyHelmet from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import {
  PRECOMPUTED_SECURITY_HEADERS,
  precomputedSecurityHeaders,
  registerSecurityHeaders,
  securityHeaderOptions,
} from "#server/infra/security-headers.ts";

/** What Fastify itself puts on an empty answer; everything else on it comes from Helmet. */
const FASTIFY_OWN = new Set(["content-length", "date", "connection", "keep-alive"]);

/** The headers @fastify/helmet, registered the usual way, sets on an empty answer. */
async function helmetHeaders(env: "production" | "development") {
  const app = Fastify();
  await app.register(fastifyHelmet, securityHeaderOptions({ env }));
  app.get("/", async (_request, reply) => reply.code(202).send());
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !FASTIFY_OWN.has(name)));
}

describe("precomputed security headers", () => {
  it.each(["production", "development"] as const)("are exactly what Helmet sets per request (%s)", async (env) => {
    const expected = await helmetHeaders(env);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(12);
    expect(precomputedSecurityHeaders(securityHeaderOptions({ env }))).toEqual(expected);
  });

  it("keep upgrade-insecure-requests in production only", () => {
    const csp = (env: "production" | "development") =>
      precomputedSecurityHeaders(securityHeaderOptions({ env }))["content-security-policy"] ?? "";
    expect(csp("production")).toContain("upgrade-insecure-requests");
    expect(csp("development")).not.toContain("upgrade-insecure-requests");
  });

  it("refuse options that differ per request", () => {
    expect(() => precomputedSecurityHeaders({ ...securityHeaderOptions({ env: "production" }), enableCSPNonces: true })).toThrow(/nonces/);
  });

  it("go on every answer of a marked route, refusals of later hooks included, and leave other routes to Helmet", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { env: "production" });
    // A later hook that refuses, as the cross-site check and the rate limits do.
    app.addHook("onRequest", async (request, reply) => {
      if (request.headers["x-refuse"]) return reply.code(403).send({ error: "refused" });
    });
    const shared = { requestLogLevel: "debug" as const };
    app.post("/beacon", { config: { ...shared, ...PRECOMPUTED_SECURITY_HEADERS.config } }, async (_request, reply) =>
      reply.code(202).send(),
    );
    app.post("/other", { config: shared }, async (_request, reply) => reply.code(202).send());
    const expected = await helmetHeaders("production");
    for (const [url, refuse] of [
      ["/beacon", false],
      ["/beacon", true],
      ["/other", false],
    ] as const) {
      const response = await app.inject({ method: "POST", url, headers: refuse ? { "x-refuse": "1" } : {} });
      expect(response.statusCode).toBe(refuse ? 403 : 202);
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    // The route's config is its own: a route sharing the config object is still rebuilt by Helmet.
    expect(shared).toEqual({ requestLogLevel: "debug" });
    await app.close();
  });
});
