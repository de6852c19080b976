import { newsletterProgressInput, newsletterSendInput } from "../../../common/newsletter";
import { adminProcedure, router } from "../../trpc/init";
import { newsletterProgress, sendNewsletter } from "./service";

/** The newsletter, admin only: the twins of /api/email/newsletter*. */
export const newsletterRouter = router({
  send: adminProcedure
    .input(newsletterSendInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) =>
      sendNewsletter(
        { db: ctx.db, publicUrl: ctx.deps.config.publicUrl, unsubscribeSecret: ctx.deps.config.unsubscribeSecret },
        input,
        ctx.user.id,
      ),
    ),
  progress: adminProcedure.input(newsletterProgressInput).query(({ ctx, input }) => newsletterProgress(ctx.db, input.sendId)),
});
