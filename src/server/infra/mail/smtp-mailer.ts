import nodemailer from "nodemailer";
import type { Database } from "../../db/client";
import { mailMessages } from "../../db/schema";
import type { Mailer } from "./mailer";

export function createSmtpMailer(db: Database, smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: "smtp",
    delivers: true,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await db.insert(mailMessages).values({
        driver: "smtp",
        fromAddress: from,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        providerMessageId: info.messageId,
      });
      return { driver: "smtp", messageId: info.messageId };
    },
    async verify() {
      await transport.verify();
    },
  };
}
