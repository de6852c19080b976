import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Logger } from "../logger";
import type { Mailer } from "./mailer";
import { createOutboxMailer } from "./outbox-mailer";
import { createSmtpMailer } from "./smtp-mailer";

export type { MailMessage, Mailer, MailReceipt } from "./mailer";

export function createMailer(config: Pick<Config, "env" | "smtpUrl" | "mailFrom">, db: Database, logger: Logger): Mailer {
  if (config.smtpUrl) return createSmtpMailer(db, config.smtpUrl, config.mailFrom);
  return createOutboxMailer(db, config.mailFrom, logger, { showLinks: config.env !== "production" });
}
