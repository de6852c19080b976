import type {} from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "./request-auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The Lucia guide's cross-site request check, for every state-changing request (JSON, tRPC and the public
 * pages' form posts alike): one that a browser sent from another site's page is refused, with or without a
 * session cookie (a foreign form must not sign someone in to an attacker's account, nor submit in their name).
 * Browsers send `Origin` on such requests, or at least `Sec-Fetch-Site`, which page scripts cannot forge;
 * a request with neither comes from no current browser (curl, a server, a mail provider's one-click
 * unsubscribe) and passes, unless it carries the session cookie, which only a browser holds.
 */
export function isCrossSiteWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.origin;
  // "Origin: null" comes with some same-origin POSTs (sendBeacon, strict referrer policies): Sec-Fetch-Site decides.
  if (origin && origin !== "null") return !isSiteOrigin(origin, request, publicUrl);
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite) return fetchSite !== "same-origin";
  return Boolean(request.cookies[SESSION_COOKIE]);
}

function isSiteOrigin(origin: string, request: FastifyRequest, publicUrl: string): boolean {
  if (origin === publicUrl) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}
