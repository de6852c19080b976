import { createHmac, timingSafeEqual } from "node:crypto";
import type { Address, Email } from "postal-mime";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { INBOUND_MAX_ATTACHMENTS } from "#common/inbound-mail/inbound-mail.ts";
import { invalid, unauthorized, unprocessable } from "#server/infra/errors.ts";
import { attachmentsOfForm, boundHeaders, parseHeaderBlock, type ReceivedMessage } from "./message-parts";

const addressList = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? value.join(", ") : value));

/** An attachment as Resend describes it (in the event and in its receiving API). */
export const resendAttachment = z.object({
  id: z.string().optional(),
  filename: z.string().nullish(),
  content_type: z.string().nullish(),
  size: z.number().int().nonnegative().nullish(),
});

/**
 * Resend's `email.received` event: metadata (its docs: the body is fetched with the receiving API by
 * `email_id`); text, html and headers are read when an event carries them.
 */
const resendEvent = z.object({
  type: z.literal("email.received", { error: "Only email.received events are accepted" }),
  data: z.object({
    email_id: z.string().optional(),
    from: z.string(),
    to: addressList,
    subject: z.string().default(""),
    text: z.string().nullish(),
    html: z.string().nullish(),
    headers: z.record(z.string(), z.string()).nullish(),
    attachments: z.array(resendAttachment).nullish(),
  }),
});

/** A verified Resend event: the message as far as the event tells it, and the id to fetch the rest by. */
export type ResendDelivery = { message: ReceivedMessage; emailId: string | null; hasBody: boolean };

/** Verifies Resend's signature (standardwebhooks: id, timestamp within 5 minutes, HMAC) before reading anything. */
export function parseResendDelivery(
  body: Buffer,
  headers: Record<string, string | string[] | undefined>,
  signingSecret: string,
): ResendDelivery {
  const signed: Record<string, string> = {};
  for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"]) {
    const value = headers[name];
    if (typeof value === "string") signed[name] = value;
  }
  let payload: unknown;
  try {
    payload = new Webhook(signingSecret).verify(body, signed);
  } catch (error) {
    if (error instanceof WebhookVerificationError) throw unauthorized("The webhook signature is missing or invalid");
    throw invalid("The webhook body is not valid JSON");
  }
  const event = resendEvent.safeParse(payload);
  if (!event.success) throw invalid(`Not a Resend email.received event: ${event.error.issues[0]?.message ?? "unexpected shape"}`);
  const { data } = event.data;
  const message: ReceivedMessage = {
    from: data.from,
    to: data.to,
    subject: data.subject,
    text: data.text ?? "",
    html: data.html ?? null,
    headers: boundHeaders(Object.entries(data.headers ?? {})),
    attachments: (data.attachments ?? []).slice(0, INBOUND_MAX_ATTACHMENTS).map((attachment) => ({
      filename: attachment.filename || "attachment",
      declaredType: attachment.content_type || "application/octet-stream",
      size: attachment.size ?? 0,
      content: null,
    })),
  };
  const hasBody = typeof data.text === "string" || typeof data.html === "string";
  return { message, emailId: data.email_id ?? null, hasBody };
}

/** Mailgun's signed timestamps older (or newer) than this are refused, as its docs advise, so a capture cannot be replayed. */
const MAILGUN_TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

/** A form posted by Mailgun or SendGrid (multipart/form-data or urlencoded), read with the platform's own parser. */
export async function readForm(body: Buffer, contentType: string): Promise<FormData> {
  try {
    return await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw invalid("The form body could not be read");
  }
}

const field = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === "string" ? value : null;
};

/** Mailgun's route forward: HMAC-SHA256 of timestamp + token with the webhook signing key, compared in constant time. */
export function parseMailgunDelivery(form: FormData, signingKey: string, now = Date.now()): Promise<ReceivedMessage> {
  const timestamp = field(form, "timestamp") ?? "";
  const token = field(form, "token") ?? "";
  const signature = field(form, "signature") ?? "";
  const expected = createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest();
  const given = Buffer.from(signature, "hex");
  const fresh = Math.abs(now / 1000 - Number(timestamp)) <= MAILGUN_TIMESTAMP_TOLERANCE_SECONDS;
  if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw unauthorized("The webhook signature is missing or invalid");
  }
  return messageFromFields(
    form,
    { from: "from", to: "recipient", text: "body-plain", html: "body-html" },
    mailgunHeaders(field(form, "message-headers")),
  );
}

/** Mailgun's `message-headers`: a JSON list of [name, value] pairs. */
function mailgunHeaders(json: string | null): Array<[string, string]> {
  const parsed = z.array(z.tuple([z.string(), z.string()])).safeParse(safeJson(json));
  return parsed.success ? parsed.data : [];
}

function safeJson(text: string | null): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** SendGrid Inbound Parse (unsigned: the secret URL is the gate). Either parsed fields, or the raw message in `email`. */
export async function parseSendgridDelivery(form: FormData): Promise<ReceivedMessage> {
  const raw = field(form, "email");
  if (raw) return parseRawMime(Buffer.from(raw));
  const headers = parseHeaderBlock(field(form, "headers") ?? "");
  const message = await messageFromFields(form, { from: "from", to: "to", text: "text", html: "html" }, headers);
  const messageId = headers.find(([name]) => name.trim().toLowerCase() === "message-id")?.[1].trim();
  return messageId ? { ...message, messageId } : message;
}

async function messageFromFields(
  form: FormData,
  names: { from: string; to: string; text: string; html: string },
  headers: Array<[string, string]>,
): Promise<ReceivedMessage> {
  const from = field(form, names.from);
  const to = field(form, names.to);
  if (!from || !to) throw invalid(`The form lacks the ${from ? names.to : names.from} field`);
  return {
    from,
    to,
    subject: field(form, "subject") ?? "",
    text: field(form, names.text) ?? "",
    html: field(form, names.html),
    headers: boundHeaders(headers),
    attachments: await attachmentsOfForm(form),
  };
}

/**
 * A raw RFC 822 message, parsed by postal-mime (which never runs its HTML). A message it cannot read (too
 * deeply nested parts, a broken structure) is refused as unprocessable with postal-mime's reason.
 */
export async function parseRawMime(body: Buffer): Promise<ReceivedMessage> {
  if (body.length === 0) throw invalid("The message is empty");
  // Loaded with the first received message rather than at start: most instances never receive one.
  const { default: PostalMime } = await import("postal-mime");
  let email: Email;
  try {
    email = await PostalMime.parse(body);
  } catch (error) {
    throw unprocessable(`This message could not be read: ${error instanceof Error ? error.message : "its MIME structure is broken"}`);
  }
  if (!email.from && !email.to) throw invalid("This is not a MIME message: it has neither From nor To");
  const messageId = email.messageId?.trim();
  return {
    ...(messageId ? { messageId } : {}),
    from: formatAddresses(email.from ? [email.from] : []),
    to: formatAddresses(email.to ?? []),
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? null,
    headers: boundHeaders(email.headers.map((header) => [header.key, header.value] as const)),
    attachments: email.attachments.slice(0, INBOUND_MAX_ATTACHMENTS).map((attachment) => {
      const content =
        typeof attachment.content === "string" ? new TextEncoder().encode(attachment.content) : new Uint8Array(attachment.content);
      return {
        filename: attachment.filename || "attachment",
        declaredType: attachment.mimeType || "application/octet-stream",
        size: content.byteLength,
        content,
      };
    }),
  };
}

function formatAddresses(addresses: Address[]): string {
  return addresses
    .flatMap((address) => (address.group ? address.group : [address]))
    .map(({ name, address }) => (name ? `${name} <${address}>` : address))
    .join(", ");
}
