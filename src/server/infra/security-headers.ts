import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "#server/config.ts";

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** Answer with the security headers worked out once at start-up, instead of Helmet's per-request rebuild. */
    precomputedSecurityHeaders?: true;
  }
}

/**
 * Route options of a route whose answers are the site's most frequent (the analytics beacon's empty 202):
 * the same security headers as every other answer, without Helmet's per-request work. Spread the config in
 * with the route's own (`config: { ...PRECOMPUTED_SECURITY_HEADERS.config, ... }`).
 */
export const PRECOMPUTED_SECURITY_HEADERS = { config: { precomputedSecurityHeaders: true } } as const;

/**
 * Every answer carries the site's security headers (Helmet). @fastify/helmet builds Helmet's middleware anew
 * for every request, parsing the CSP directives each time: about 10% of the CPU of the analytics beacon
 * (docs/decisions/026-cheaper-beacon.md). Routes marked with PRECOMPUTED_SECURITY_HEADERS skip it and get
 * the same headers from a copy made once, set at the very point Helmet sets them, so the refusals of the
 * hooks that follow (the cross-site check, the rate limits) carry them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "env">): Promise<void> {
  const options = securityHeaderOptions(config);
  const headers = precomputedSecurityHeaders(options);
  // Before Helmet's own onRoute hook, which turns `helmet: false` into its skip flag, written into the
  // route's config object: a copy, since routes share config objects (DEBUG_REQUEST_LOGS).
  app.addHook("onRoute", (route) => {
    if (!route.config?.precomputedSecurityHeaders) return;
    route.config = { ...route.config };
    route.helmet = false;
  });
  await app.register(fastifyHelmet, options);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.precomputedSecurityHeaders) reply.headers(headers);
    done();
  });
}

/** The site's security headers, as Helmet's options. */
export function securityHeaderOptions(config: Pick<Config, "env">): FastifyHelmetOptions {
  return {
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
  };
}

/**
 * The headers Helmet sets with `options`, worked out once (lower-case names). The options hold no nonce and
 * no per-request function, so they do not depend on the request.
 */
export function precomputedSecurityHeaders(options: FastifyHelmetOptions): Readonly<Record<string, string>> {
  const { enableCSPNonces, global: _global, ...helmetOptions } = options;
  if (enableCSPNonces) throw new Error("CSP nonces differ per request: they cannot be precomputed");
  const headers: Record<string, string> = {};
  // Helmet only sets and removes headers on the response it is given.
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // The same options type, declared twice: once for require (which @fastify/helmet's types use), once for import.
  helmet(helmetOptions as Parameters<typeof helmet>[0])({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
