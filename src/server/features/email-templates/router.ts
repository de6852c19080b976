import {
  emailTemplateIdInput,
  emailTemplatePreviewInput,
  emailTemplateSaveInput,
  emailTemplateTestInput,
} from "../../../common/email-templates-input";
import { adminProcedure, router } from "../../trpc/init";
import * as templates from "./service";

/** Email templates, admin only: the twins of /api/email/templates*. */
export const emailTemplatesRouter = router({
  list: adminProcedure.query(({ ctx }) => templates.listTemplates(ctx.db)),
  save: adminProcedure
    .input(emailTemplateSaveInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => templates.saveTemplate(ctx.db, input)),
  delete: adminProcedure
    .input(emailTemplateIdInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => templates.deleteTemplate(ctx.db, input.id)),
  preview: adminProcedure
    .input(emailTemplatePreviewInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => templates.previewTemplate(ctx.db, input)),
  test: adminProcedure
    .input(emailTemplateTestInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => templates.sendTestEmail(ctx.db, input)),
  seed: adminProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => templates.seedTemplates(ctx.db)),
});
