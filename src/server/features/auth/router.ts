import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "../../../common/auth-input";
import { clearSessionCookie, setSessionCookie } from "../../auth/request-auth";
import { memberProcedure, publicProcedure, router, type Context } from "../../trpc/init";
import * as auth from "./service";

/**
 * The browser gets the session as an httpOnly cookie and only the user in the answer: page JavaScript never
 * sees the token (REST, for API clients, returns it).
 */
const startSession = (ctx: Context, signedIn: auth.SignedIn) => {
  setSessionCookie(ctx.req, ctx.res, ctx.deps.config, signedIn.token, signedIn.session.expiresAt);
  return { user: signedIn.user };
};

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),

  login: publicProcedure
    .input(loginInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      return startSession(ctx, await auth.login({ db: ctx.db, rateLimits: ctx.deps.rateLimits }, input, ctx.req.ip));
    }),

  signup: publicProcedure
    .input(signupInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      const deps = { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits };
      return startSession(ctx, await auth.signup(deps, input, ctx.req.ip));
    }),

  /** The same service and answer as POST /api/auth/verify-email/resend. */
  resendVerification: memberProcedure
    .meta({ invalidates: [] })
    .mutation(({ ctx }) =>
      auth.resendEmailVerification(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits },
        ctx.user.id,
        ctx.req.ip,
      ),
    ),

  /** The same service and answer as POST /api/auth/logout. */
  logout: publicProcedure.meta({ invalidates: [] }).mutation(async ({ ctx }) => {
    const result = await auth.logout(ctx.db, ctx.session?.id ?? null);
    clearSessionCookie(ctx.res);
    return result;
  }),

  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      return auth.requestPasswordReset(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits },
        input,
        ctx.req.ip,
      );
    }),

  confirmPasswordReset: publicProcedure
    .input(passwordResetConfirmInput)
    .meta({ invalidates: [] })
    .mutation(async ({ ctx, input }) => {
      return auth.confirmPasswordReset({ db: ctx.db, rateLimits: ctx.deps.rateLimits }, input, ctx.req.ip);
    }),
});
