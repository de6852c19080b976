import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";
import type { Database } from "#server/db/client.ts";
import { validateSessionToken, type SessionValidation } from "./sessions";

export const SESSION_COOKIE = "session";

type TokenSource = { token: string; via: "cookie" | "bearer" };

/** Browsers send the httpOnly cookie; API clients send `Authorization: Bearer <token>`. */
export function readSessionToken(request: FastifyRequest): TokenSource | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) {
    const token = header.slice("Bearer ".length).trim();
    if (token) return { token, via: "bearer" };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { token: cookie, via: "cookie" } : null;
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionValidation | null>>();

/** The one resolver used by tRPC and REST alike; memoised so a request looks its session up once. */
export function resolveRequestAuth(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Database; config: Config },
): Promise<SessionValidation | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolve(request, reply, deps);
    resolved.set(request, pending);
  }
  return pending;
}

async function resolve(request: FastifyRequest, reply: FastifyReply, deps: { db: Database; config: Config }) {
  const source = readSessionToken(request);
  if (!source) return null;
  const result = await validateSessionToken(deps.db, source.token);
  if (source.via === "cookie") {
    if (!result) clearSessionCookie(reply);
    else if (result.renewed) setSessionCookie(request, reply, deps.config, source.token, result.session.expiresAt);
  }
  return result;
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  const plainHttpToLocalhost = request.protocol === "http" && LOCAL_HOSTS.has(request.hostname.replace(/:\d+$/, ""));
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: config.env === "production" && !plainHttpToLocalhost,
    path: "/",
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: "/", httpOnly: true, sameSite: "lax" });
}
