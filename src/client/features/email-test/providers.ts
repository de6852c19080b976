import type { KeyedProvider } from "#common/email-test/email-test.ts";
import type { MailProvider } from "#common/mail/mail.ts";

export type ProviderInfo = { id: MailProvider; name: string; pricing: string; features: string[]; settings: string[] };

/** The five drivers MAIL_PROVIDER chooses from, with the settings each needs (README's table). */
export const PROVIDERS: ProviderInfo[] = [
  {
    id: "outbox",
    name: "Outbox (test mode)",
    pricing: "Free",
    features: [
      "The default: mail is kept in the database with status kept, never delivered",
      "Links printed to the log outside production",
    ],
    settings: [],
  },
  {
    id: "smtp",
    name: "SMTP",
    pricing: "Your mail server's",
    features: ["Any SMTP server through a pool of 5 connections", "One Message-ID per message, the same on every retry"],
    settings: ["SMTP_URL"],
  },
  {
    id: "resend",
    name: "Resend",
    pricing: "$0.30 per 1k emails",
    features: ["One request to POST /emails", "The queue id as Idempotency-Key: a retry sends once"],
    settings: ["RESEND_API_KEY"],
  },
  {
    id: "sendgrid",
    name: "SendGrid",
    pricing: "$19.95/month",
    features: ["One request to POST /v3/mail/send", "The key needs the Mail Send permission"],
    settings: ["SENDGRID_API_KEY"],
  },
  {
    id: "mailgun",
    name: "Mailgun",
    pricing: "$35/month",
    features: ["One request to POST /v3/{domain}/messages", "US or EU region (MAILGUN_REGION)"],
    settings: ["MAILGUN_API_KEY", "MAILGUN_DOMAIN"],
  },
];

export const KEYED_PROVIDER_NAMES: Record<KeyedProvider, string> = { resend: "Resend", sendgrid: "SendGrid", mailgun: "Mailgun" };
