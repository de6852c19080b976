import type { Database } from "../../db/client";
import { mailMessages } from "../../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "./mailer";

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** The default: keeps each message in the database and prints it, links included, to the log. */
export function createOutboxMailer(db: Database, from: string, logger: Logger): Mailer {
  return {
    driver: "outbox",
    delivers: false,
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({ driver: "outbox", fromAddress: from, toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
        .returning({ id: mailMessages.id });
      const links = message.text.match(LINK_PATTERN) ?? [];
      logger.info({ mail: { to: message.to, subject: message.subject, links } }, `outbox mail to ${message.to}: ${message.subject}`);
      return { driver: "outbox", messageId: row!.id };
    },
    async verify() {},
  };
}
