import type { FastifyInstance } from "fastify";
import { isBackOfficePath } from "#common/pages/site-paths.ts";

/**
 * Pages of the back office (the SPA's HTML for /admin, /admin/... and /today) and every API answer
 * (/api/... and /trpc/...) carry `X-Robots-Tag: noindex`. Search engines then keep them out of results
 * even when a link to them leaks. The rule covers all of /api rather than a list of admin paths, so a
 * new admin endpoint cannot forget it; no public page lives under /api, so nothing worth indexing is lost.
 * robots.txt also disallows them: polite crawlers then never fetch them, and a crawler
 * that ignores robots.txt still meets this header.
 */
const API = /^\/(api|trpc)\//;

export function isNoindexPath(url: string): boolean {
  const path = url.split("?", 1)[0]!;
  // The regex first: the beacon and every other API call match it, and the page patterns cost more.
  return API.test(path) || isBackOfficePath(path);
}

/** Registered on the root instance, so it also covers the SPA fallback (the not-found handler) and errors. */
export function registerNoindexHeader(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (isNoindexPath(request.url)) reply.header("X-Robots-Tag", "noindex");
    return payload;
  });
}
