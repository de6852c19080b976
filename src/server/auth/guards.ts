import type { FastifyReply, FastifyRequest } from "fastify";
import { isAdminRole } from "#common/auth/accounts.ts";
import type { AppDeps } from "#server/deps.ts";
import { forbidden, unauthorized } from "#server/infra/errors.ts";
import { resolveRequestAuth } from "./request-auth";
import { requireAdminSecondFactor } from "./second-factor-status";
import type { SessionValidation } from "./sessions";

/** REST counterparts of memberProcedure and adminProcedure: the same resolver, the same codes. */
export function createGuards(deps: Pick<AppDeps, "database" | "config">) {
  const member = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionValidation> => {
    const auth = await resolveRequestAuth(request, reply, { db: deps.database.db, config: deps.config });
    if (!auth) throw unauthorized();
    return auth;
  };
  const admin = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionValidation> => {
    const auth = await member(request, reply);
    if (!isAdminRole(auth.user.role)) throw forbidden("You need admin privileges to access this page.");
    await requireAdminSecondFactor(deps, auth.user.id);
    return auth;
  };
  return { member, admin };
}
export type Guards = ReturnType<typeof createGuards>;
