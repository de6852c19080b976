import type {} from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "./request-auth";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The Lucia guide's cross-site request check: a state-changing request that carries the session
 * cookie must come from a page of this site. Bearer-only API clients carry no cookie and pass.
 */
export function isCrossSiteCookieWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (!request.cookies[SESSION_COOKIE]) return false;
  const origin = request.headers.origin;
  // Browsers send "Origin: null" on some same-origin POSTs (sendBeacon, strict referrer policies);
  // Sec-Fetch-Site is set by the browser itself and cannot be forged by page scripts.
  if (!origin || origin === "null") return request.headers["sec-fetch-site"] !== "same-origin";
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  return originHost !== request.headers.host && origin !== publicUrl;
}
