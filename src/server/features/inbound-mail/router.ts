import { z } from "zod";
import { generateWebhookInput } from "#common/inbound-mail/inbound-mail.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import { generateWebhook, listInboundMail, receivedEmailDetail, revokeWebhook } from "./service";

/** Receiving mail on the email test page, admin only (the inbound address itself is public and secret). */
export const inboundMailRouter = router({
  /** Returns the secret inbound URL once; only its hash is kept. */
  generateWebhook: adminProcedure
    .input(generateWebhookInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => generateWebhook(ctx.db, ctx.deps.config.publicUrl, input)),
  revokeWebhook: adminProcedure
    .input(z.object({ id: z.uuid() }))
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => revokeWebhook(ctx.db, input.id)),
  list: adminProcedure.query(({ ctx }) => listInboundMail(ctx.db)),
  /** One message with its headers and attachments (the HTML stays on the server). */
  message: adminProcedure.input(z.object({ id: z.uuid() })).query(({ ctx, input }) => receivedEmailDetail(ctx.db, input.id)),
});
