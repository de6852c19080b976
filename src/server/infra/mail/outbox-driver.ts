import type { Logger } from "#server/infra/logger.ts";
import type { MailDriver } from "./driver";

/** Parentheses end a link: the text part of a button reads "Confirm my email (https://...)". */
const LINK_PATTERN = /https?:\/\/[^\s"'<>()]+/g;

/**
 * The default: the message stays in the queue's table with status `kept`, never `sent`, so no screen
 * claims it went anywhere. On a developer's machine it also prints the message's links to the log, so a
 * newcomer can follow a password reset; in production (`showLinks` off) links carry live tokens and the
 * log only says that a message was kept, never its links or body.
 */
export function createOutboxDriver(logger: Logger, options: { showLinks: boolean }): MailDriver {
  return {
    provider: "outbox",
    delivers: false,
    async deliver(message) {
      if (options.showLinks) {
        const links = message.text.match(LINK_PATTERN) ?? [];
        logger.info({ mail: { to: message.to, subject: message.subject, links } }, `outbox mail to ${message.to}: ${message.subject}`);
      } else {
        logger.info(
          { mail: { id: message.id, subject: message.subject } },
          "outbox mail kept in the database, not delivered (MAIL_PROVIDER is outbox)",
        );
      }
      return { providerMessageId: message.id };
    },
    async verify() {},
    async close() {},
  };
}
