import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from "#common/auth/input.ts";
import { isAdminRole } from "#common/auth/accounts.ts";
import { loginSecondFactorInput } from "#common/second-factors/input.ts";
import { clearSessionCookie } from "#server/auth/request-auth.ts";
import { hasSecondFactor } from "#server/auth/second-factor-status.ts";
import { signInClientOf } from "#server/auth/sign-in-client.ts";
import { startSession } from "#server/auth/start-session.ts";
import { completeLoginChallenge } from "#server/features/second-factors/index.ts";
import { limited, memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import * as auth from "./service";

export const authRouter = router({
  /**
   * Who is signed in; `secondFactorSetupRequired` when ADMIN_2FA=required and this admin has neither a passkey nor
   * two-factor codes yet (the back office then shows only the enrolment, and its procedures refuse).
   */
  me: publicProcedure.query(async ({ ctx }) => {
    const mustEnrol =
      ctx.deps.config.admin2fa === "required" &&
      ctx.user !== null &&
      isAdminRole(ctx.user.role) &&
      !(await hasSecondFactor(ctx.db, ctx.user.id));
    return { user: ctx.user, secondFactorSetupRequired: mustEnrol };
  }),

  login: publicProcedure
    .meta({ invalidates: [], rest: { method: "POST", path: "/api/auth/login", summary: "Sign in with an email and a password" } })
    .input(loginInput)
    .mutation(async ({ ctx, input }) => {
      const client = await signInClientOf(ctx.req, ctx.deps.geo);
      const deps = { db: ctx.db, rateLimits: ctx.deps.rateLimits, publicUrl: ctx.deps.config.publicUrl };
      const outcome = await auth.login(deps, input, ctx.req.ip, client);
      // An account with two-factor codes: no session yet, the challenge for the code step.
      return "twoFactorRequired" in outcome ? outcome : startSession(ctx, outcome);
    }),

  /** The code step of a sign-in: the challenge login answered and a two-factor or recovery code. */
  loginSecondFactor: publicProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/auth/login/2fa", summary: "Finish signing in with a two-factor code or a recovery code" },
    })
    .input(loginSecondFactorInput)
    .mutation(async ({ ctx, input }) => {
      const client = await signInClientOf(ctx.req, ctx.deps.geo);
      const deps = { db: ctx.db, rateLimits: ctx.deps.rateLimits, publicUrl: ctx.deps.config.publicUrl };
      return startSession(ctx, await completeLoginChallenge(deps, input, ctx.req.ip, client));
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
