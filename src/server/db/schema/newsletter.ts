import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { emailTemplates } from "./email-templates";
import { users } from "./users";

/**
 * One newsletter send. Its mails are rows of mail_messages with the idempotency key
 * `newsletter/<send id>/<entry id>`: their progress is read from there, never copied here.
 */
export const newsletterSends = pgTable("newsletter_sends", {
  id: id(),
  templateId: uuid("template_id").references(() => emailTemplates.id, { onDelete: "set null" }),
  /** The template's name at the time, kept when the template is deleted. */
  templateName: text("template_name").notNull(),
  /** Recipients when it was sent: waitlist entries that had not unsubscribed. */
  total: integer("total").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
