import { accountDeleteInput, accountRenameInput, emailChangeInput, passwordChangeInput, sessionIdInput } from "#common/account/input.ts";
import { clearSessionCookie } from "#server/auth/request-auth.ts";
import { accountSecondFactorProcedures, passkeyConfirmationOptions, relyingPartyOf } from "#server/features/second-factors/index.ts";
import { limited, memberProcedure, router, type Context } from "#server/trpc/init.ts";
import { deleteAccount } from "./delete-account";
import { exportAccount } from "./export";
import { changePassword, renameAccount, requestEmailChange } from "./profile";
import { endAccountSession, endOtherAccountSessions, listAccountSessions } from "./sessions";

const ownerOf = (ctx: { user: { id: string }; session: { id: string } }) => ({ userId: ctx.user.id, sessionId: ctx.session.id });
const dataOf = (ctx: Context) => ({
  db: ctx.db,
  rateLimits: ctx.deps.rateLimits,
  storage: ctx.deps.storage,
  publicUrl: ctx.deps.config.publicUrl,
});

/** The signed-in account's own page: every procedure acts on the caller's account and nothing else. */
export const accountRouter = router({
  /** Two-factor codes: account.totpStart, account.totpConfirm, account.totpDisable (features/second-factors). */
  ...accountSecondFactorProcedures,

  /** The account's live sessions, "this device" first. Ids are the SHA-256 of the tokens, never the tokens. */
  sessions: memberProcedure
    .meta({ rest: { method: "GET", path: "/api/account/sessions", summary: "The signed-in account's sessions" } })
    .query(({ ctx }) => listAccountSessions(ctx.db, ownerOf(ctx))),

  endSession: memberProcedure
    .meta({
      invalidates: [],
      rest: { method: "DELETE", path: "/api/account/sessions", summary: "End one of the account's sessions (?id=)" },
    })
    .input(sessionIdInput)
    .mutation(async ({ ctx, input }) => {
      const result = await endAccountSession(ctx.db, ownerOf(ctx), input.id);
      if (result.current) clearSessionCookie(ctx.res);
      return result;
    }),

  endOtherSessions: memberProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/account/sessions/end-others", summary: "End every session but this one" },
    })
    .mutation(({ ctx }) => endOtherAccountSessions(ctx.db, ownerOf(ctx))),

  rename: memberProcedure
    .meta({ invalidates: ["lab"] })
    .input(accountRenameInput)
    .mutation(({ ctx, input }) => renameAccount(ctx.db, ctx.user.id, input)),

  /** Ends every other session; the caller stays signed in. */
  changePassword: memberProcedure
    .meta({ invalidates: [] })
    .input(passwordChangeInput)
    .mutation(({ ctx, input }) => changePassword(dataOf(ctx), ownerOf(ctx), input)),

  /** Mails a confirmation link to the new address; the change happens when it is opened (GET /account/confirm-email). */
  requestEmailChange: memberProcedure
    .meta({ invalidates: [] })
    .input(emailChangeInput)
    .mutation(({ ctx, input }) => requestEmailChange(dataOf(ctx), ctx.user.id, input)),

  export: memberProcedure
    .meta({
      heavyRead: true,
      rest: { method: "GET", path: "/api/account/export", summary: "Everything the signed-in account owns, as JSON" },
    })
    .query(({ ctx }) => exportAccount(dataOf(ctx), ownerOf(ctx))),

  /** A challenge for confirming the deletion with one of the account's passkeys (only those are offered). */
  deletePasskeyOptions: memberProcedure
    .meta({ invalidates: [] })
    .use(limited("passkeySignIn"))
    .mutation(({ ctx }) => passkeyConfirmationOptions(ctx.db, relyingPartyOf(ctx.deps.config.publicUrl), ctx.user.id)),

  /**
   * Proven by the password or by a passkey answer to deletePasskeyOptions' challenge. Its shared experiments' and
   * images' pages answer 404 at once on every instance.
   */
  delete: memberProcedure
    .meta({ invalidates: ["lab", "images"] })
    .input(accountDeleteInput)
    .mutation(async ({ ctx, input }) => {
      const result = await deleteAccount(dataOf(ctx), ctx.user.id, input);
      clearSessionCookie(ctx.res);
      return result;
    }),
});
