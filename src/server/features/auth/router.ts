import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "#common/auth/input.ts";
import { clearSessionCookie, setSessionCookie } from "#server/auth/request-auth.ts";
import { signInClientOf } from "#server/auth/sign-in-client.ts";
import { type Context, limited, memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import * as auth from "./service";

/**
 * The session is set as an httpOnly cookie. The browser (tRPC) gets only the user in the answer: page JavaScript
 * never sees the token. A REST caller, an API client with no cookie jar to rely on, gets the token too.
 */
const startSession = (ctx: Context, signedIn: auth.SignedIn) => {
  setSessionCookie(ctx.req, ctx.res, ctx.deps.config, signedIn.token, signedIn.session.expiresAt);
  return ctx.transport === "rest" ? { user: signedIn.user, token: signedIn.token } : { user: signedIn.user };
};

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => ({ user: ctx.user })),

  login: publicProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/auth/login", summary: "Sign in with an email and a password" } })
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      const client = await signInClientOf(ctx.req, ctx.deps.geo);
      const deps = { db: ctx.db, rateLimits: ctx.deps.rateLimits, publicUrl: ctx.deps.config.publicUrl };
      return startSession(ctx, await auth.login(deps, input, ctx.req.ip, client));
    }),

  signup: publicProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/auth/signup", summary: "Create an account and sign in", status: 201 } })
    .input(signupInput)
    .use(limited("signup"))
    .mutation(async ({ ctx, input }) => {
      const client = await signInClientOf(ctx.req, ctx.deps.geo);
      return startSession(ctx, await auth.signup({ db: ctx.db, publicUrl: ctx.deps.config.publicUrl }, input, client));
    }),

  resendVerification: memberProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/auth/verify-email/resend", summary: "Mail the signed-in account's confirmation link again" },
    })
    .mutation(({ ctx }) =>
      auth.resendEmailVerification(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits },
        ctx.user.id,
        ctx.req.ip,
      ),
    ),

  /** Ends the session the call was sent with (none: nothing to end, the same answer). */
  logout: publicProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/auth/logout", summary: "End the current session and clear its cookie" } })
    .mutation(async ({ ctx }) => {
      const result = await auth.logout(ctx.db, ctx.session?.id ?? null);
      clearSessionCookie(ctx.res);
      return result;
    }),

  requestPasswordReset: publicProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/auth/reset-password", summary: "Mail a password reset link" } })
    .input(passwordResetRequestInput)
    .use(limited("passwordReset"))
    .mutation(({ ctx, input }) =>
      auth.requestPasswordReset({ db: ctx.db, publicUrl: ctx.deps.config.publicUrl, rateLimits: ctx.deps.rateLimits }, input),
    ),

  confirmPasswordReset: publicProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/auth/reset-password/confirm", summary: "Set a new password with a reset link's token" },
    })
    .input(passwordResetConfirmInput)
    .use(limited("passwordReset"))
    .mutation(({ ctx, input }) => auth.confirmPasswordReset({ db: ctx.db }, input)),
});
