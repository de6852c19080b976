import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "#common/auth/accounts.ts";
import type { Config } from "#server/config.ts";
import { setSessionCookie } from "./request-auth";
import type { Session } from "./sessions";

export type SignedIn = { user: SessionUser; token: string; session: Session };

/**
 * Answers a sign-in, whichever way it was proven (password, second factor, passkey). The session is set as an
 * httpOnly cookie; the browser (tRPC) gets only the user in the answer: page JavaScript never sees the token.
 * A REST caller, an API client with no cookie jar to rely on, gets the token too.
 */
export function startSession(
  ctx: { req: FastifyRequest; res: FastifyReply; deps: { config: Config }; transport: string },
  signedIn: SignedIn,
): { user: SessionUser; token?: string } {
  setSessionCookie(ctx.req, ctx.res, ctx.deps.config, signedIn.token, signedIn.session.expiresAt);
  return ctx.transport === "rest" ? { user: signedIn.user, token: signedIn.token } : { user: signedIn.user };
}
