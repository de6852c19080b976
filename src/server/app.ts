import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { createGuards } from "./auth/guards";
import { isCrossSiteCookieWrite } from "./auth/origin-check";
import { databaseUnavailableError } from "./db/errors";
import type { AppDeps } from "./deps";
import { registerNoindexHeader } from "./features/admin/noindex";
import { registerAnalyticsRoutes } from "./features/analytics/routes";
import { registerAuthRoutes } from "./features/auth/routes";
import { registerBuildersRoutes } from "./features/builders/routes";
import { registerSeoRoutes } from "./features/seo/routes";
import { registerSystemRoutes } from "./features/system/routes";
import { registerWaitlistRoutes } from "./features/waitlist/routes";
import { DOMAIN_ERROR_STATUS, DomainError } from "./infra/errors";
import { createContext } from "./trpc/init";
import { appRouter, type AppRouter } from "./trpc/router";

/** Per-address ceiling on every API request; named budgets (login, signup...) are stricter. */
const API_REQUESTS_PER_MINUTE = 600;
const GENERIC_ERROR = "Something went wrong on our side. Please try again.";

const FASTIFY_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must be a JSON object",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
};

export async function buildApp(deps: AppDeps & { redis?: Redis }): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
  });
  const guards = createGuards(deps);

  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    const error = databaseUnavailableError(thrown) ?? thrown;
    if (error instanceof DomainError) {
      if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply.code(DOMAIN_ERROR_STATUS[error.kind]).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ error: GENERIC_ERROR });
    }
    const known = error.code ? FASTIFY_ERROR_TEXT[error.code] : undefined;
    return reply.code(status).send({ error: known ?? (error instanceof SyntaxError ? "Malformed JSON body" : error.message) });
  });

  await app.register(cookie);
  await app.register(helmet, {
    // The browser default: full URL within the site, origin only across sites, nothing on downgrade.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === "production" ? [] : null,
      },
    },
  });

  registerNoindexHeader(app);

  app.addHook("onRequest", async (request, reply) => {
    if (isCrossSiteCookieWrite(request, config.publicUrl)) {
      return reply.code(403).send({ error: "Cross-site request refused" });
    }
  });

  await app.register(async (api) => {
    if (config.rateLimits) {
      await api.register(rateLimit, {
        max: API_REQUESTS_PER_MINUTE,
        timeWindow: "1 minute",
        ...(deps.redis ? { redis: deps.redis } : {}),
        errorResponseBuilder: () => ({ statusCode: 429, error: "Too many requests. Please wait a minute and try again." }),
      });
    }
    registerAuthRoutes(api, deps);
    registerSystemRoutes(api, deps, guards);
    registerWaitlistRoutes(api, deps, guards);
    registerBuildersRoutes(api, deps, guards);
    await registerAnalyticsRoutes(api, deps, guards);
    registerSeoRoutes(api, deps, guards);
    await api.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: (opts) => createContext(opts, deps),
        onError: ({ error, path: procedure }) => {
          if (error.code === "INTERNAL_SERVER_ERROR") deps.logger.error({ err: error, procedure }, "tRPC procedure failed");
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  });

  await registerSinglePageApp(app, config.clientDir);
  return app;
}

/** Serves the built client: hashed assets cached for a year, every other GET answered with index.html. */
async function registerSinglePageApp(app: FastifyInstance, clientDir: string) {
  const built = fs.existsSync(path.join(clientDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/api/") || request.url.startsWith("/trpc/");
    if (isApi || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ error: "Not found" });
    }
    if (!built) return reply.code(503).type("text/plain").send("The client is not built yet: run npm run build.");
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
