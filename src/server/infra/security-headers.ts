import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";
import type { Config } from "#server/config.ts";

/**
 * Every answer carries the site's security headers, as Helmet defines them. They are worked out once at
 * start-up and set by the first request hook: @fastify/helmet would build Helmet's middleware anew for every
 * request, parsing the CSP directives each time, which cost about 10 % of the CPU of the analytics beacon and
 * 8 % of a mixed load (docs/decisions/026-cheaper-beacon.md). Set in the first hook, they are on the refusals
 * of the hooks that follow (the cross-site check, the rate limits) and on 404s; a route may still replace one
 * (the inbound mail viewer sets its own sandboxing CSP).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, "env">): void {
  const headers = precomputedSecurityHeaders(securityHeaderOptions(config));
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The site's security headers, as Helmet's options. */
export function securityHeaderOptions(config: Pick<Config, "env">): HelmetOptions {
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
export function precomputedSecurityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
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
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}
