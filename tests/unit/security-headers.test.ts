import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { precomputedSecurityHeaders, registerSecurityHeaders, securityHeaderOptions } from "#server/infra/security-headers.ts";

/** What Fastify itself puts on an empty answer; everything else on it comes from Helmet. */
const FASTIFY_OWN = new Set(["content-length", "date", "connection", "keep-alive"]);

/** The headers @fastify/helmet, registered the usual way, sets on an empty answer: the oracle of the copy. */
async function helmetHeaders(env: "production" | "development") {
  const app = Fastify();
  // The same options type, declared twice: once for require (which @fastify/helmet's types use), once for import.
  await app.register(fastifyHelmet, securityHeaderOptions({ env }) as FastifyHelmetOptions);
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

  it("go on every answer, refusals of later hooks and 404s included", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { env: "production" });
    // A later hook that refuses, as the cross-site check and the rate limits do.
    app.addHook("onRequest", async (request, reply) => {
      if (request.headers["x-refuse"]) return reply.code(403).send({ error: "refused" });
    });
    app.post("/beacon", async (_request, reply) => reply.code(202).send());
    const expected = await helmetHeaders("production");
    for (const [url, refuse, status] of [
      ["/beacon", false, 202],
      ["/beacon", true, 403],
      ["/missing", false, 404],
    ] as const) {
      const response = await app.inject({ method: "POST", url, headers: refuse ? { "x-refuse": "1" } : {} });
      expect(response.statusCode).toBe(status);
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });
});
