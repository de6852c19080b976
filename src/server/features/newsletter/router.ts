import { newsletterProgressInput, newsletterSendInput } from "#common/newsletter/newsletter.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { newsletterProgress, sendNewsletter } from "./service";

/** The newsletter, admin only. */
export const newsletterRouter = router({
  /** 202 over REST: the mails are queued, the worker delivers them; progress follows them. */
  send: adminProcedure
    .meta({ rest: { method: "POST", path: "/api/email/newsletter", summary: "Queue a newsletter to the waitlist", status: 202 } })
    .input(newsletterSendInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) =>
      sendNewsletter(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, unsubscribeSecret: ctx.deps.config.unsubscribeSecret },
        input,
        ctx.user.id,
      ),
    ),
  progress: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/email/newsletter/progress", summary: "How far a newsletter's sending got (?sendId=)" } })
    .input(newsletterProgressInput)
    .query(({ ctx, input }) => newsletterProgress(ctx.db, input.sendId)),
});
