import type { Config } from "#server/config.ts";
import type { Logger } from "#server/infra/logger.ts";
import type { MailDriver } from "./driver";
import { createMailgunDriver, MAILGUN_API_BASE_URLS } from "./mailgun-driver";
import { createOutboxDriver } from "./outbox-driver";
import { createResendDriver } from "./resend-driver";
import { createSendgridDriver } from "./sendgrid-driver";
import { createSmtpDriver } from "./smtp-driver";

export type { MailDriver, OutgoingMail } from "./driver";
export { enqueueMail, enqueueMails, readMail, sendAndWait, type MailResult, type NewMail } from "./queue";
export { createMailWorker, type MailWorker, type MailWorkerOptions } from "./worker";

/** The driver MAIL_PROVIDER names (config.ts has checked that its settings are there). */
export function createMailDriver(config: Pick<Config, "env" | "mail">, logger: Logger): MailDriver {
  const mail = config.mail;
  switch (mail.provider) {
    case "outbox":
      return createOutboxDriver(logger, { showLinks: config.env !== "production" });
    case "smtp":
      return createSmtpDriver(mail.smtpUrl);
    case "resend":
      return createResendDriver(mail.apiKey, mail.apiBaseUrl);
    case "sendgrid":
      return createSendgridDriver(mail.apiKey, mail.apiBaseUrl);
    case "mailgun":
      return createMailgunDriver(mail.apiKey, mail.domain, mail.apiBaseUrl ?? MAILGUN_API_BASE_URLS[mail.region]);
  }
}
