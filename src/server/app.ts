import fs from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { isPagePath } from "#common/pages/page-routes.ts";
import { createGuards } from "#server/auth/guards.ts";
import { isCrossSiteWrite } from "#server/auth/origin-check.ts";
import type { TrustProxy } from "./config";
import type { AppDeps } from "./deps";
import { registerNoindexHeader } from "#server/features/admin/index.ts";
import { createHtmlPages, createPageHeadCache, type HtmlPages } from "#server/features/site-assets/index.ts";
import { FEATURES } from "#server/features/all.ts";
import type { Feature } from "#server/features/feature.ts";
import { registerFormPosts, registerServerRendering, type FormPosts, type RenderPublicPage } from "#server/features/ssr/index.ts";
import { errorReply } from "#server/infra/error-reply.ts";
import { DomainError, rateLimited } from "#server/infra/errors.ts";
import { asPartOfHeavyRead } from "#server/infra/heavy-reads.ts";
import { PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { registerPasswordQueryRedirect } from "#server/infra/password-query-redirect.ts";
import { retryAfterSeconds } from "#server/infra/rate-limit.ts";
import { registerSecurityHeaders } from "#server/infra/security-headers.ts";
import { registerRequestDeadline } from "#server/infra/request-deadline.ts";
import { registerRequestIdHeader, requestIdOptions } from "#server/infra/request-id.ts";
import { createRequestLogController } from "#server/infra/request-log.ts";
import { recordRoutes } from "#server/infra/route-list.ts";
import { heavyReadCalls } from "#server/trpc/heavy-read-calls.ts";
import { createCallerFactory, createContext } from "#server/trpc/init.ts";
import { registerApiReference } from "#server/rest/api-reference.ts";
import { registerRestOperations } from "#server/rest/rest-adapter.ts";
import { appRouter, type AppRouter } from "#server/trpc/router.ts";

/** Per-address ceiling on every API request; named budgets (login, signup...) are stricter. */
const API_REQUESTS_PER_MINUTE = 600;
/** Load balancers and orchestrators probe health often and from few addresses: never throttled. */
const UNLIMITED_ROUTES = new Set(["/healthz"]);
/** Headers arrive in one packet from any real client: 10 s is generous (never more than the whole request). */
const HEADERS_TIMEOUT_MS = 10_000;

export async function buildApp(deps: AppDeps & { redis?: Redis }): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    ...slowClientTimeouts(config.requestTimeoutMs),
    // A proxy's own request id is kept when a proxy is trusted at all: the id is only a label for logs,
    // checked for shape, so a client that reached us directly gains nothing by sending one.
    ...requestIdOptions(() => config.behindProxy),
    logController: createRequestLogController(),
  });
  recordRoutes(app);
  registerRequestDeadline(app, config.requestTimeoutMs);
  registerRequestIdHeader(app);
  // A request names one host (RFC 9112 3.2: more than one Host header is answered 400). Node keeps the
  // first of several, so a proxy that routed on another would disagree with this app about the site asked for.
  app.addHook("onRequest", async (request, reply) => {
    if (countHeader(request.raw.rawHeaders, "host") > 1)
      return reply.code(400).send({ error: "A request must carry exactly one Host header" });
  });
  // First after the request id: a page's URL carrying a password is answered before anything else reads it.
  registerPasswordQueryRedirect(app);
  const guards = createGuards(deps);
  // The procedures called on the server, as the request that a form post or a hand-written route answers.
  const createCaller = createCallerFactory(appRouter);
  const callerFor = async (request: FastifyRequest, reply: FastifyReply) =>
    createCaller(await createContext({ req: request, res: reply }, deps, "form"));

  app.setErrorHandler((thrown: FastifyError | DomainError, request, reply) => {
    const { status, message } = errorReply(thrown, request, reply);
    return reply.code(status).send({ error: message });
  });

  await app.register(cookie);
  registerSecurityHeaders(app, config);

  // Answers of 1 KB and more (JSON of the API and tRPC, CSV exports), in brotli or gzip as the client accepts.
  // Built client files are compressed once at build time instead (preCompressed below): a reply that already
  // has a Content-Encoding is left alone. Request bodies are not decompressed: a small compressed body could
  // inflate far beyond the body limits.
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"], globalDecompression: false });

  registerNoindexHeader(app);
  const renderPublicPage = registerServerRendering(app, deps);
  const heads = createPageHeadCache(deps.services.cacheBus);
  app.addHook("onClose", async () => heads.close());

  app.addHook("onRequest", async (request, reply) => {
    if (isCrossSiteWrite(request, config.publicUrl)) {
      return reply.code(403).send({ error: "Cross-site request refused" });
    }
  });

  const callsOnlyHeavyReads = heavyReadCalls(appRouter);
  await app.register(async (api) => {
    if (config.rateLimits) {
      await api.register(rateLimit, {
        max: API_REQUESTS_PER_MINUTE,
        timeWindow: "1 minute",
        allowList: (request) => UNLIMITED_ROUTES.has(request.routeOptions.url ?? ""),
        // Fail open while Redis is away: this is only a coarse ceiling, the named budgets keep counting per instance.
        ...(deps.redis ? { redis: deps.redis, skipOnError: true } : {}),
        errorResponseBuilder: (_request, context) => rateLimited(undefined, retryAfterSeconds(context.ttl)),
      });
    }
    registerRestOperations(api, deps, appRouter);
    await registerApiReference(api, appRouter, config.publicUrl);
    for (const feature of FEATURES as readonly Feature[]) await feature.routes?.(api, { deps, guards, heads, callerFor });
    await api.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        createContext: (opts) =>
          callsOnlyHeavyReads(opts.req.url)
            ? asPartOfHeavyRead(() => createContext(opts, deps, "trpc"))
            : createContext(opts, deps, "trpc"),
        // Every procedure answers for the caller's session (auth.me, auth.login, the back office's lists):
        // no cache may keep an answer. A rate-limited call says when to come back.
        responseMeta: ({ errors }) => {
          const retryAfter = Math.max(
            0,
            ...errors.map((error) => (error.cause instanceof DomainError ? (error.cause.retryAfterSeconds ?? 0) : 0)),
          );
          return { headers: { "cache-control": PRIVATE_NO_STORE, ...(retryAfter > 0 ? { "retry-after": String(retryAfter) } : {}) } };
        },
        onError: ({ error, path: procedure }) => {
          if (error.code === "INTERNAL_SERVER_ERROR") deps.logger.error({ err: error, procedure }, "tRPC procedure failed");
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  });

  const pages = createHtmlPages({ db: deps.database.db, publicUrl: config.publicUrl, clientDir: config.clientDir, heads });
  await registerSinglePageApp(app, config.clientDir, pages, renderPublicPage);
  const formPosts: FormPosts = Object.assign({}, ...(FEATURES as readonly Feature[]).map((feature) => feature.formPosts));
  await registerFormPosts(app, formPosts, callerFor, async (request, reply, pathname, form) => {
    const rendered = await renderPublicPage(request, reply, form);
    if (rendered) return pages.send(request, reply, pathname, true, rendered);
    // Nothing built to render the page with (or its rendering failed, logged): the refusal in words.
    const { error, fieldErrors = {} } = form.formReturn;
    return reply
      .code(form.status)
      .header("Cache-Control", "no-store")
      .send({ error: error ?? Object.values(fieldErrors)[0] ?? "Invalid input" });
  });
  return app;
}

/**
 * Fastify 5.12 ignores a numeric trustProxy (a hop count cannot check who is speaking), so a hop count
 * becomes a trust function: sound only when the app is reachable through its proxies alone.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  if (trust === false) return false;
  if ("hops" in trust) return (_address: string, hop: number) => hop < trust.hops;
  return trust.addresses;
}

/**
 * Slow clients: Fastify turns Node's request timeout off by default, so a body that trickles in (or never
 * comes) held its connection forever. Node answers 408 and closes the connection when the headers are late
 * (it checks every tenth of the timeout); a body late by REQUEST_TIMEOUT_MS after its headers is answered the
 * same way by registerRequestDeadline, which upload routes trade for a progress check (Node's own
 * requestTimeout cannot be lifted for one request, so it is off). An idle connection in the middle of a
 * request or of its answer (a client that stopped reading) is closed after twice the request timeout.
 */
function slowClientTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: 0,
    connectionTimeout: 2 * requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.ceil(requestTimeoutMs / 10),
    },
  };
}

/**
 * Serves the built client: hashed assets cached for a year, each file as its brotli or gzip copy when the
 * client accepts one (scripts/precompress-assets.ts). A page path gets index.html with the page's head
 * written in by the server (html-pages.ts) and, for the server-rendered public pages, the page itself inside
 * (features/ssr), with status 404 when it is none of the site's pages (the client then shows its not-found
 * page); any other path, such as a missing /assets/x.js, gets a plain 404.
 */
async function registerSinglePageApp(app: FastifyInstance, clientDir: string, pages: HtmlPages, renderPublicPage: RenderPublicPage) {
  const built = fs.existsSync(path.join(clientDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      // "/" is a page like the others, its head written per page below; the bare template is never served.
      index: false,
      allowedPath: (pathname) => pathname !== "/" && pathname !== "/index.html",
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  // The most visited page gets a route of its own rather than a detour through the static files and the not-found handler.
  if (built) app.get("/", (request, reply) => servePage(request, reply));
  app.setNotFoundHandler((request, reply) => servePage(request, reply));
  async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split("?", 1)[0]!;
    const isApi = pathname.startsWith("/api/") || pathname.startsWith("/trpc/");
    const isFile = /\.[^/]*$/.test(pathname);
    if (isApi || isFile || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ error: "Not found" });
    }
    if (!built) return reply.code(503).type("text/plain").send("The client is not built yet: run npm run build.");
    const rendered = await renderPublicPage(request, reply);
    return pages.send(request, reply, pathname, isPagePath(pathname), rendered);
  }
}

/** How many times a header appears among the raw [name, value, name, value...] list Node keeps. */
function countHeader(rawHeaders: string[], name: string): number {
  let count = 0;
  for (let at = 0; at < rawHeaders.length; at += 2) if (rawHeaders[at]!.toLowerCase() === name) count += 1;
  return count;
}
