import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/** Every message handed to a mail driver, with what the driver answered. */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: id(),
    driver: text("driver").notNull(),
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_messages_created_at_idx").on(t.createdAt)],
);
