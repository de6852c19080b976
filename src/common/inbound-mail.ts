import { z } from "zod";

/** Where received mail comes from: Resend's signed webhook, or a raw MIME message (message/rfc822). */
export const INBOUND_PROVIDERS = ["resend", "raw"] as const;
export type InboundProvider = (typeof INBOUND_PROVIDERS)[number];

export const INBOUND_PROVIDER_LABELS: Record<InboundProvider, string> = {
  resend: "Resend (signed webhook)",
  raw: "Raw MIME (message/rfc822)",
};

/** The list shows this many characters of each message's text. */
export const RECEIVED_PREVIEW_LENGTH = 100;

export const INBOUND_PATH_PREFIX = "/api/email/inbound/";

export const generateWebhookInput = z
  .object({
    provider: z.enum(INBOUND_PROVIDERS),
    signingSecret: z.string().trim().max(200).optional(),
  })
  .refine((input) => input.provider !== "resend" || !!input.signingSecret, {
    message: "Enter the signing secret Resend shows for the webhook (it starts with whsec_)",
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
