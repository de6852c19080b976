import {
  emailTemplateIdInput,
  emailTemplatePreviewInput,
  emailTemplateSaveInput,
  emailTemplateTestInput,
} from "#common/email-templates/input.ts";
import { adminProcedure, router } from "#server/trpc/init.ts";
import * as templates from "./service";

/** Email templates, admin only. */
export const emailTemplatesRouter = router({
  list: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/email/templates", summary: "Every email template" } })
    .query(({ ctx }) => templates.listTemplates(ctx.db)),
  /** Creates (201 over REST), or edits when the input carries an id (200). */
  save: adminProcedure
    .meta({
      invalidates: [],
      rest: {
        method: "POST",
        path: "/api/email/templates",
        summary: "Create an email template, or edit the one whose id is given",
        status: (_result: unknown, input: { id?: unknown }) => (input.id ? 200 : 201),
        answers: { 200: "The template was updated", 201: "The template was created" },
      },
    })
    .input(emailTemplateSaveInput)
    .mutation(({ ctx, input }) => templates.saveTemplate(ctx.db, input)),
  delete: adminProcedure
    .meta({ invalidates: [], rest: { method: "DELETE", path: "/api/email/templates", summary: "Delete an email template (?id=)" } })
    .input(emailTemplateIdInput)
    .mutation(({ ctx, input }) => templates.deleteTemplate(ctx.db, input.id)),
  preview: adminProcedure
    .meta({
      invalidates: [],
      rest: {
        method: "POST",
        path: "/api/email/templates/preview",
        summary: "Render a template with sample values, or a waitlist entry's",
      },
    })
    .input(emailTemplatePreviewInput)
    .mutation(({ ctx, input }) => templates.previewTemplate(ctx.db, input)),
  test: adminProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/email/templates/test", summary: "Send a template to an address as a test" },
    })
    .input(emailTemplateTestInput)
    .mutation(({ ctx, input }) => templates.sendTestEmail(ctx.db, input)),
  seed: adminProcedure
    .meta({
      invalidates: [],
      rest: { method: "POST", path: "/api/email/templates/seed", summary: "Write the example of every type that has no template yet" },
    })
    .mutation(({ ctx }) => templates.seedTemplates(ctx.db)),
});
