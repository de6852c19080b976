// The zod/mini schemas of email templates: REST (/api/email/templates*) and tRPC (emailTemplates.*) parse
// with them, and the edit dialog too.
import * as z from "zod/mini";
import { EMAIL_TEMPLATE_FIELD_MAX, EMAIL_TEMPLATE_TYPES } from "./templates";
import { safeText } from "#common/forms/text-input.ts";

const idField = z.uuid("Template id must be a UUID");
const typeField = z.enum(EMAIL_TEMPLATE_TYPES, { error: `Type must be one of: ${EMAIL_TEMPLATE_TYPES.join(", ")}` });
const bounded = (label: string, max: number) => safeText(label).check(z.maxLength(max, `${label} must be at most ${max} characters`));

export const emailTemplateSaveInput = z.object({
  /** Present when editing. */
  id: z.optional(idField),
  type: typeField,
  name: bounded("Name", EMAIL_TEMPLATE_FIELD_MAX.name).check(z.trim(), z.minLength(1, "Name is required")),
  subject: bounded("Subject", EMAIL_TEMPLATE_FIELD_MAX.subject).check(z.trim(), z.minLength(1, "Subject is required")),
  htmlContent: bounded("HTML content", EMAIL_TEMPLATE_FIELD_MAX.htmlContent).check(z.trim(), z.minLength(1, "HTML content is required")),
  /** Empty: generated from the HTML when the mail is rendered. */
  textContent: z.pipe(
    z.nullish(bounded("Text content", EMAIL_TEMPLATE_FIELD_MAX.textContent)),
    z.transform((value) => value?.trim() ?? ""),
  ),
  /** Optional: a subset of the type's variables; all of them when left out. */
  variables: z.optional(z.array(safeText("Each variable"), { error: "Variables must be a list of names" })),
});
export type EmailTemplateSaveInput = z.output<typeof emailTemplateSaveInput>;

export const emailTemplateIdInput = z.object({ id: idField });

const templateValue = z.union(
  [
    z.string().check(z.maxLength(2_000, "Each value must be at most 2000 characters")),
    z.number(),
    z.boolean(),
    z.array(z.string()).check(z.maxLength(50)),
  ],
  { error: "Each value must be text, a number, true/false or a list of texts" },
);
const dataField = z.pipe(
  z.nullish(z.record(z.string(), templateValue, { error: "Data must be an object of variables" })),
  z.transform((data) => data ?? {}),
);

export const emailTemplatePreviewInput = z.object({
  templateId: idField,
  data: dataField,
  /** Fills the variables from a real waitlist entry (waitlist_welcome); `data` then overrides single values. */
  waitlistEntryId: z.optional(z.uuid("Waitlist entry id must be a UUID")),
});
export type EmailTemplatePreviewInput = z.output<typeof emailTemplatePreviewInput>;

/** The address is checked by the service with the page's texts (testEmailProblem), so any string passes here. */
export const emailTemplateTestInput = z.object({
  templateId: idField,
  email: z.pipe(
    z.nullish(z.string({ error: "Email must be text" }).check(z.maxLength(320, "Email must be at most 320 characters"))),
    z.transform((v) => v ?? ""),
  ),
  data: dataField,
});
export type EmailTemplateTestInput = z.output<typeof emailTemplateTestInput>;
