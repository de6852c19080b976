// The email test page's vocabulary: the send form, the typed credentials (request headers, never stored),
// the send result and the mail figures, shared by POST /api/email/send, /api/email/test-credentials,
// emailTest.* and the screen.
import * as z from "zod/mini";
import type { MailStatus } from "#common/mail/mail.ts";
import { safeText } from "#common/forms/text-input.ts";

/** The providers whose keys can be typed on the page. */
export const KEYED_PROVIDERS = ["resend", "sendgrid", "mailgun"] as const;
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

/** The live-mode flag and per-provider key headers: keys travel as headers, never in a body or a URL. */
export const CREDENTIAL_HEADERS = {
  liveMode: "x-email-live-mode",
  resendApiKey: "x-resend-api-key",
  sendgridApiKey: "x-sendgrid-api-key",
  mailgunApiKey: "x-mailgun-api-key",
  mailgunDomain: "x-mailgun-domain",
} as const;

export type EmailCredentials = { resendApiKey?: string; sendgridApiKey?: string; mailgunApiKey?: string; mailgunDomain?: string };

/** Whether the typed credentials are enough for this provider (Mailgun needs its key and its domain). */
export function hasCredentialsFor(provider: KeyedProvider, credentials: EmailCredentials): boolean {
  switch (provider) {
    case "resend":
      return Boolean(credentials.resendApiKey);
    case "sendgrid":
      return Boolean(credentials.sendgridApiKey);
    case "mailgun":
      return Boolean(credentials.mailgunApiKey && credentials.mailgunDomain);
  }
}

export const EMAIL_TEST_MAX = { address: 320, subject: 200, content: 50_000 } as const;
const ADDRESS_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** "Name <a@b.c>" or a@b.c. */
const SENDER_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const providerField = z.enum(KEYED_PROVIDERS, { error: `Provider must be one of: ${KEYED_PROVIDERS.join(", ")}` });

export const emailSendInput = z.object({
  to: safeText("To", "To is required").check(
    z.trim(),
    z.minLength(1, "To is required"),
    z.maxLength(EMAIL_TEST_MAX.address, "To is too long"),
    z.regex(ADDRESS_PATTERN, "Please enter a valid email address"),
  ),
  /** Empty: the site's sender (MAIL_FROM). */
  from: z
    .pipe(
      z.nullish(safeText("From").check(z.trim(), z.maxLength(EMAIL_TEST_MAX.address, "From is too long"))),
      z.transform((value) => value || undefined),
    )
    .check(
      z.refine(
        (value) => value === undefined || SENDER_PATTERN.test(value),
        "From must be an address such as lab@example.com or Name <lab@example.com>",
      ),
    ),
  subject: safeText("Subject", "Subject is required").check(
    z.trim(),
    z.minLength(1, "Subject is required"),
    z.maxLength(EMAIL_TEST_MAX.subject, "Subject is too long"),
  ),
  /** Marked required on the form but not enforced. */
  content: z.pipe(
    z.nullish(safeText("Content").check(z.maxLength(EMAIL_TEST_MAX.content, "Content is too long"))),
    z.transform((value) => value ?? ""),
  ),
  provider: z.optional(providerField),
});
export type EmailSendInput = z.output<typeof emailSendInput>;

export const credentialTestInput = z.object({ provider: providerField });

/**
 * The send result. `status` is the queue's word for the outcome (sent: the provider accepted it;
 * kept: the outbox kept it, nothing left the server; queued/sending: still trying when the wait ended;
 * failed: refused, `error` is the provider's reason). `testMode` is true when nothing was delivered.
 */
export type EmailSendResult = {
  success: boolean;
  status: MailStatus;
  messageId: string | null;
  timestamp: string;
  provider: string;
  /** Milliseconds from queueing (or the request) to the provider's acceptance; null when not delivered. */
  deliveryTime: number | null;
  testMode: boolean;
  error: string | null;
};

export type CredentialTestResult = { valid: boolean; message: string; error: string | null };

export type EmailTestStatus = {
  provider: string;
  delivers: boolean;
  /** The first 8 characters of the site's key (never more); null without a key (outbox, SMTP). */
  keyPrefix: string | null;
  from: string;
};

export type MailDayFigures = { day: string; provider: string; sent: number; failed: number; kept: number; pending: number };
export type EmailAnalytics = {
  days: number;
  totals: { sent: number; failed: number; kept: number; pending: number };
  rows: MailDayFigures[];
  /** Median of sent_at - created_at over sent and kept mail, in ms; null with none. */
  medianDeliveryMs: number | null;
};

/** How many characters of a typed key the page shows. */
export const KEY_PREVIEW_LENGTH = 8;
export const ANALYTICS_DAYS = 30;
