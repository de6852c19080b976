import { credentialTestInput, emailSendInput, type EmailSendResult } from "#common/email-test/email-test.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { checkCredentials } from "./credential-check";
import { emailAnalytics, emailTestStatus, sendTestEmail } from "./service";
import { typedCredentials } from "./typed-credentials";

/** The email test page, admin only. */
export const emailTestRouter = router({
  /** Checks keys typed on the page (sent as headers, typed-credentials.ts) with a read-only call to the provider. */
  checkCredentials: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/email/test-credentials",
        summary: "Check a provider's keys, sent as headers, with a read-only call",
        status: (result: { reachable: boolean }) => (result.reachable ? 200 : 502),
        answers: { 200: "The provider answered: {valid, message, error}", 502: "The provider could not be reached" },
        answer: ({ reachable: _reachable, ...shown }: { reachable: boolean }) => shown,
      },
      invalidates: [],
    })
    .input(credentialTestInput)
    .mutation(({ ctx, input }) => checkCredentials(input.provider, typedCredentials(ctx.req.headers) ?? {}, ctx.deps.config)),
  /** The site's own provider and the first 8 characters of its key. */
  status: adminProcedure.query(({ ctx }) => emailTestStatus(ctx.deps.config, ctx.deps.mailDriver)),
  /** Mail figures per provider and day over the last 30 days, from the mail table. */
  analytics: adminProcedure.query(({ ctx }) => emailAnalytics(ctx.db)),
  /**
   * The page sends with fetch, since keys typed on it travel as headers (typed-credentials.ts), not in the input.
   * REST status: 200 sent or kept by the outbox; 202 still queued when the wait ended; 502 the provider refused it.
   */
  send: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/email/send",
        summary: "Send a test mail, through the site's provider or with the keys given as headers",
        status: (result: EmailSendResult) => (result.status === "failed" ? 502 : result.success ? 200 : 202),
        answers: { 200: "Sent, or kept by the outbox", 202: "Still queued when the wait ended", 502: "The provider refused it" },
      },
      invalidates: [],
    })
    .input(emailSendInput)
    .mutation(({ ctx, input }) => sendTestEmail({ db: ctx.db, config: ctx.deps.config }, input, typedCredentials(ctx.req.headers))),
});
