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
/** Where an admin downloads a received attachment: `${INBOUND_ATTACHMENT_PATH_PREFIX}<attachment id>`. */
export const INBOUND_ATTACHMENT_PATH_PREFIX = "/api/email/inbound-attachments/";

/** A delivery larger than this is refused (413). Attachments travel base64-encoded inside it. */
export const INBOUND_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
/** An attachment larger than this is listed (name, type, size) but its bytes are not kept. */
export const INBOUND_ATTACHMENT_LIMIT_BYTES = 2 * 1024 * 1024;
/** The bytes kept for one message's attachments, all together; those past it are listed only. */
export const INBOUND_ATTACHMENTS_PER_MESSAGE_BYTES = 4 * 1024 * 1024;
/** At most this many attachments are listed per message. */
export const INBOUND_MAX_ATTACHMENTS = 20;
/** The headers kept per message: this many names, each value cut to this length, and this much JSON in all. */
export const INBOUND_HEADER_LIMITS = { names: 100, valueLength: 2000, totalBytes: 16 * 1024 } as const;

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
  attachmentCount: number;
};

export type ReceivedAttachment = {
  id: string;
  filename: string;
  /** What the sender declared. */
  declaredType: string;
  /** What the bytes are (sniffed); the download is sent as this type, always as an attachment. */
  contentType: string;
  size: number;
  /** Null when the bytes were not kept (too large, or the storage failed): `note` says why. */
  downloadUrl: string | null;
  note: string | null;
};

/** One received message for its view: its text as `content`, the headers (name -> value) and the attachments. */
export type ReceivedEmailDetail = Omit<ReceivedEmailSummary, "preview"> & {
  content: string;
  hasHtml: boolean;
  headers: Record<string, string>;
  attachments: ReceivedAttachment[];
};

export type InboundMailList = { webhook: InboundWebhookSummary | null; emails: ReceivedEmailSummary[] };
