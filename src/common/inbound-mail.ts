import { z } from "zod";

/** Where received mail comes from: a provider's inbound webhook, or a raw MIME message (message/rfc822). */
export const INBOUND_PROVIDERS = ["resend", "mailgun", "sendgrid", "raw"] as const;
export type InboundProvider = (typeof INBOUND_PROVIDERS)[number];

export const INBOUND_PROVIDER_LABELS: Record<InboundProvider, string> = {
  resend: "Resend (signed webhook)",
  mailgun: "Mailgun (signed route)",
  sendgrid: "SendGrid Inbound Parse",
  raw: "Raw MIME (message/rfc822)",
};

/** The list shows this many characters of each message's text. */
export const RECEIVED_PREVIEW_LENGTH = 100;

export const INBOUND_PATH_PREFIX = "/api/email/inbound/";

/** Providers whose deliveries carry a signature, checked with the secret given when the address is made. */
export const isSignedProvider = (provider: InboundProvider): boolean => provider === "resend" || provider === "mailgun";

export const generateWebhookInput = z
  .object({
    provider: z.enum(INBOUND_PROVIDERS),
    signingSecret: z.string().trim().max(200).optional(),
  })
  .refine((input) => !isSignedProvider(input.provider) || !!input.signingSecret, {
    message: "Enter the signing secret (Resend: the webhook's whsec_ secret; Mailgun: the HTTP webhook signing key)",
    path: ["signingSecret"],
  });
export type GenerateWebhookInput = z.infer<typeof generateWebhookInput>;

export type InboundWebhookSummary = { id: string; provider: InboundProvider; createdAt: string };

export type ReceivedEmailSummary = {
  id: string;
  provider: InboundProvider;
  from: string;
  to: string;
  subject: string;
  preview: string;
  receivedAt: string;
};

export type InboundMailList = { webhook: InboundWebhookSummary | null; emails: ReceivedEmailSummary[] };
