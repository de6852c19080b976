import type { Transporter } from "nodemailer";
import { DeliveryError, type MailDriver } from "./driver";
import { splitAddress } from "./http-delivery";

/** Connections kept open to the SMTP server; each sends up to MESSAGES_PER_CONNECTION before it is renewed. */
const MAX_CONNECTIONS = 5;
const MESSAGES_PER_CONNECTION = 100;

type SmtpFailure = Error & { responseCode?: number; response?: string; code?: string };

/**
 * SMTP through nodemailer's pooled transport. The server's answer decides: 4xx is "try later" (greylisting,
 * a full mailbox, a busy server), 5xx is a refusal; no answer at all (refused connection, timeout) is transient.
 * nodemailer (about 15 MB resident) loads with the first message, not at start.
 */
export function createSmtpDriver(smtpUrl: string): MailDriver {
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: MAX_CONNECTIONS, maxMessages: MESSAGES_PER_CONNECTION }),
    ));
  return {
    provider: "smtp",
    delivers: true,
    async deliver(message) {
      try {
        const info = await (
          await connect()
        ).sendMail({
          // Derived from the queue id, so every attempt of one message carries the same Message-ID and a
          // receiving server (or a person) can tell a retry from a second message.
          messageId: `<${message.id}@${splitAddress(message.from).email.split("@")[1] ?? "localhost"}>`,
          from: message.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        return { providerMessageId: info.messageId };
      } catch (error) {
        throw smtpDeliveryError(error as SmtpFailure);
      }
    },
    async verify() {
      await (await connect()).verify();
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}

function smtpDeliveryError(error: SmtpFailure): DeliveryError {
  const code = error.responseCode;
  if (code === undefined) return new DeliveryError(`SMTP: ${error.message}`, true);
  return new DeliveryError(`SMTP ${code}: ${(error.response ?? error.message).trim()}`, code < 500);
}
