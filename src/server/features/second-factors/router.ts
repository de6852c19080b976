import {
  passkeyIdInput,
  passkeyRegisterInput,
  passkeyRenameInput,
  passkeySignInInput,
  totpCodeInput,
  totpDisableInput,
} from "#common/second-factors/input.ts";
import { signInClientOf } from "#server/auth/sign-in-client.ts";
import { startSession } from "#server/auth/start-session.ts";
import { type Context, limited, memberProcedure, publicProcedure, router } from "#server/trpc/init.ts";
import * as passkeyService from "./passkey-service";
import { totpConfirm, totpDisable, totpStart, totpStatus } from "./totp-service";

const codeDeps = (ctx: Context) => ({ db: ctx.db, rateLimits: ctx.deps.rateLimits });
const relyingParty = (ctx: Context) => passkeyService.relyingPartyOf(ctx.deps.config.publicUrl);

/**
 * Two-factor codes on the account page, under the names the account contract gives them (`account.totpStart`,
 * `account.totpConfirm`, `account.totpDisable`): the account router spreads these in beside its own procedures.
 */
export const accountSecondFactorProcedures = {
  /** A new secret with its otpauth URL and QR code: the one time the secret is sent. */
  totpStart: memberProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => totpStart(ctx.db, ctx.user)),

  /** The first code from the app turns codes on and answers the ten recovery codes, shown this once. */
  totpConfirm: memberProcedure
    .meta({ invalidates: [] })
    .input(totpCodeInput)
    .mutation(({ ctx, input }) => totpConfirm(codeDeps(ctx), ctx.user.id, input, ctx.req.ip)),

  totpDisable: memberProcedure
    .meta({ invalidates: [] })
    .input(totpDisableInput)
    .mutation(({ ctx, input }) => totpDisable(codeDeps(ctx), ctx.user.id, input, ctx.req.ip)),
};

export const twoFactorRouter = router({
  /** Whether codes are on, and how many recovery codes are left (never the secret). */
  status: memberProcedure.query(({ ctx }) => totpStatus(ctx.db, ctx.user.id)),
});

export const passkeysRouter = router({
  list: memberProcedure.query(({ ctx }) => passkeyService.listPasskeys(ctx.db, ctx.user.id)),

  registrationOptions: memberProcedure
    .meta({ invalidates: [] })
    .mutation(({ ctx }) => passkeyService.passkeyRegistrationOptions(ctx.db, relyingParty(ctx), ctx.user)),

  register: memberProcedure
    .meta({ invalidates: [] })
    .input(passkeyRegisterInput)
    .mutation(({ ctx, input }) => passkeyService.registerPasskey(ctx.db, relyingParty(ctx), ctx.user.id, input)),

  rename: memberProcedure
    .meta({ invalidates: [] })
    .input(passkeyRenameInput)
    .mutation(({ ctx, input }) => passkeyService.renamePasskey(ctx.db, ctx.user.id, input.id, input.name)),

  delete: memberProcedure
    .meta({ invalidates: [] })
    .input(passkeyIdInput)
    .mutation(({ ctx, input }) => passkeyService.deletePasskey(ctx.db, ctx.user.id, input.id)),

  /** A challenge for signing in with a passkey (the "Sign in with a passkey" button and the browser's autofill). */
  signInOptions: publicProcedure
    .meta({ invalidates: [] })
    .use(limited("passkeySignIn"))
    .mutation(({ ctx }) => passkeyService.passkeyAuthenticationOptions(ctx.db, relyingParty(ctx))),

  /** A passkey proves possession of its key: it signs in with no second factor asked. */
  signIn: publicProcedure
    .meta({ invalidates: [] })
    .input(passkeySignInInput)
    .use(limited("passkeySignIn"))
    .mutation(async ({ ctx, input }) => {
      const client = await signInClientOf(ctx.req, ctx.deps.geo);
      const deps = { db: ctx.db, publicUrl: ctx.deps.config.publicUrl };
      return startSession(ctx, await passkeyService.signInWithPasskey(deps, relyingParty(ctx), input, client));
    }),
});
