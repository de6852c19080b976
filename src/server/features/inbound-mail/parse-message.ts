import PostalMime, { type Address } from "postal-mime";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { z } from "zod";
import { invalid, unauthorized } from "../../infra/errors";
import type { ReceivedMessage } from "./service";

const addressList = z.union([z.string(), z.array(z.string())]).transform((value) => (Array.isArray(value) ? value.join(", ") : value));

/** Resend's `email.received` event: the fields this page keeps (text and html when the event carries them). */
const resendEvent = z.object({
  type: z.literal("email.received", { error: "Only email.received events are accepted" }),
  data: z.object({
    from: z.string(),
    to: addressList,
    subject: z.string().default(""),
    text: z.string().nullish(),
    html: z.string().nullish(),
  }),
});

/** Verifies Resend's signature (standardwebhooks: id, timestamp within 5 minutes, HMAC) before reading anything. */
export function parseResendDelivery(body: Buffer, headers: Record<string, string | string[] | undefined>, signingSecret: string): ReceivedMessage {
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
  return { from: data.from, to: data.to, subject: data.subject, text: data.text ?? "", html: data.html ?? null };
}

/** A raw RFC 822 message, parsed by postal-mime (which never runs its HTML). */
export async function parseRawMime(body: Buffer): Promise<ReceivedMessage> {
  if (body.length === 0) throw invalid("The message is empty");
  const email = await PostalMime.parse(body);
  if (!email.from && !email.to) throw invalid("This is not a MIME message: it has neither From nor To");
  return {
    from: formatAddresses(email.from ? [email.from] : []),
    to: formatAddresses(email.to ?? []),
    subject: email.subject ?? "",
    text: email.text ?? "",
    html: email.html ?? null,
  };
}

function formatAddresses(addresses: Address[]): string {
  return addresses
    .flatMap((address) => (address.group ? address.group : [address]))
    .map(({ name, address }) => (name ? `${name} <${address}>` : address))
    .join(", ");
}
