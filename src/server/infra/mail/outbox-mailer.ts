import type { Database } from "../../db/client";
import { mailMessages } from "../../db/schema";
import type { Logger } from "../logger";
import type { Mailer } from "./mailer";

const LINK_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/**
 * The default: keeps each message in the database. On a developer's machine it also prints the
 * message's links to the log, so a newcomer can follow a password reset; in production (`showLinks`
 * off) links carry live tokens and the log only says that a message was kept, never its links or body.
 */
export function createOutboxMailer(db: Database, from: string, logger: Logger, options: { showLinks: boolean }): Mailer {
  return {
    driver: "outbox",
    delivers: false,
    async send(message) {
      const [row] = await db
        .insert(mailMessages)
        .values({ driver: "outbox", fromAddress: from, toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
        .returning({ id: mailMessages.id });
      if (options.showLinks) {
        const links = message.text.match(LINK_PATTERN) ?? [];
        logger.info({ mail: { to: message.to, subject: message.subject, links } }, `outbox mail to ${message.to}: ${message.subject}`);
      } else {
        logger.info({ mail: { id: row!.id, subject: message.subject } }, "outbox mail kept in the database, not delivered (no mail transport is set)");
      }
      return { driver: "outbox", messageId: row!.id };
    },
    async verify() {},
  };
}
