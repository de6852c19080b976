import { initTRPC, TRPCError } from "@trpc/server";
import type { CreateFastifyContextOptions } from "@trpc/server/adapters/fastify";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import * as core from "zod/v4/core";
import { isAdminRole } from "#common/auth/accounts.ts";
import { resolveRequestAuth } from "#server/auth/request-auth.ts";
import { requireAdminSecondFactor } from "#server/auth/second-factor-status.ts";
import { databaseUnavailableError } from "#server/db/errors.ts";
import type { AppDeps } from "#server/deps.ts";
import { outageError } from "#server/infra/error-reply.ts";
import { DomainError, forbidden, unauthorized, type DomainErrorKind } from "#server/infra/errors.ts";
import { firstIssueMessage } from "#server/infra/http.ts";
import type { RateLimitBucket } from "#server/infra/rate-limit.ts";
import type { OperationMeta } from "./meta";

/**
 * How the call arrived: tRPC from the site's own client, a fixed REST path (rest/rest-adapter.ts) from anyone,
 * or a server-rendered form posted without scripts (features/ssr/form-posts.ts).
 */
export type Transport = "trpc" | "rest" | "form";

export async function createContext({ req, res }: Pick<CreateFastifyContextOptions, "req" | "res">, deps: AppDeps, transport: Transport) {
  const auth = await resolveRequestAuth(req, res, { db: deps.database.db, config: deps.config }).catch((error: unknown) => {
    // Reading the session is the first query of every call: a lost database answers 503 here too.
    const unavailable = databaseUnavailableError(error);
    throw unavailable ? toTrpcError(unavailable) : error;
  });
  return {
    deps,
    transport,
    db: deps.database.db,
    req,
    res,
    user: auth?.user ?? null,
    session: auth?.session ?? null,
  };
}
export type Context = Awaited<ReturnType<typeof createContext>>;

const TRPC_CODE: Record<DomainErrorKind, TRPC_ERROR_CODE_KEY> = {
  invalid: "BAD_REQUEST",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  not_found: "NOT_FOUND",
  conflict: "CONFLICT",
  payload_too_large: "PAYLOAD_TOO_LARGE",
  unsupported_media_type: "UNSUPPORTED_MEDIA_TYPE",
  unprocessable: "UNPROCESSABLE_CONTENT",
  rate_limited: "TOO_MANY_REQUESTS",
  unavailable: "SERVICE_UNAVAILABLE",
};

const t = initTRPC
  .context<Context>()
  .meta<OperationMeta>()
  .create({
    errorFormatter({ shape, error }) {
      // Clients read error.message: make it the person-readable text, never a stack or SQL.
      let message = error.message;
      if (error.cause instanceof core.$ZodError) message = firstIssueMessage(error.cause);
      else if (error.code === "INTERNAL_SERVER_ERROR") message = "Something went wrong on our side. Please try again.";
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message, data };
    },
  });

export const toTrpcError = (cause: DomainError) => new TRPCError({ code: TRPC_CODE[cause.kind], message: cause.message, cause });

/** Turns domain errors thrown by services (and a lost database) into tRPC errors with the matching code. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause instanceof DomainError ? result.error.cause : outageError(result.error.cause);
  if (cause) throw toTrpcError(cause);
  return result;
});

/**
 * After a successful write, drops what every instance cached under the tags the procedure's meta names, before
 * the answer goes out: the writer's next page already shows the change.
 */
const publishInvalidations = t.middleware(async ({ ctx, type, meta, next }) => {
  const result = await next();
  if (type === "mutation" && result.ok && meta?.invalidates) await ctx.deps.services.cacheBus.publish(meta.invalidates);
  return result;
});

/**
 * A procedure whose meta says `heavyRead` waits for a slot of the instance's heavy-read limit, or is refused
 * with 503 and Retry-After (infra/heavy-reads.ts). It runs after the access checks, so a caller without the
 * right still gets 401 or 403, and a refused one holds no slot. Its queries use the heavy reads' share of the pool.
 */
const limitHeavyReads = t.middleware(async ({ ctx, meta, next }) => {
  if (!meta?.heavyRead) return next();
  return ctx.deps.services.heavyReads.run(() => next());
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const baseProcedure = t.procedure.use(mapDomainErrors).use(publishInvalidations);

export const publicProcedure = baseProcedure.use(limitHeavyReads).meta({ access: "public" });

/** Signed-in callers only; it runs before the input is read, so an anonymous caller learns nothing but 401. */
export const signedInOnly = t.middleware(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw unauthorized();
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});
export const memberProcedure = baseProcedure.use(signedInOnly).use(limitHeavyReads).meta({ access: "member" });

/**
 * Admins and the owner only (after signedInOnly: a signed-out caller gets 401, a member 403). With
 * ADMIN_2FA=required, an admin without a passkey or two-factor codes is refused too, until they add one.
 */
export const adminOnly = t.middleware(async ({ ctx, next }) => {
  if (!ctx.user || !isAdminRole(ctx.user.role)) throw forbidden("You need admin privileges to access this page.");
  await requireAdminSecondFactor(ctx.deps, ctx.user.id);
  return next();
});
export const adminProcedure = baseProcedure.use(signedInOnly).use(adminOnly).use(limitHeavyReads).meta({ access: "admin" });

/**
 * Spends one point of a named budget (infra/rate-limit.ts) of the caller's address on every call, whatever the
 * way in: tRPC, the REST path and the form post all run the procedure, so each call counts once. Placed after
 * `.input()`: input the schema refuses costs nothing.
 */
export const limited = (bucket: RateLimitBucket) =>
  t.middleware(async ({ ctx, next }) => {
    await ctx.deps.rateLimits.consume(bucket, ctx.req.ip);
    return next();
  });
