import { pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { EMAIL_TEMPLATE_TYPES } from "#common/email-templates/templates.ts";
import { createdAt, id, updatedAt } from "./columns";

export const emailTemplateType = pgEnum("email_template_type", EMAIL_TEMPLATE_TYPES);

/**
 * The mails the product sends, edited by admins. One template per type (unique): the product sends the
 * type's template, so there is never a question which of several is live.
 */
export const emailTemplates = pgTable("email_templates", {
  id: id(),
  type: emailTemplateType("type").notNull().unique(),
  name: text("name").notNull(),
  subject: text("subject").notNull(),
  htmlContent: text("html_content").notNull(),
  /** Empty: generated from the HTML at render time. */
  textContent: text("text_content").notNull().default(""),
  variables: text("variables").array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
