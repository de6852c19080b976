import { z } from "zod";
import { INBOUND_ATTACHMENT_LIMIT_BYTES, INBOUND_MAX_ATTACHMENTS } from "#common/inbound-mail/inbound-mail.ts";
import { callProvider } from "#server/infra/mail/http-delivery.ts";
import { boundHeaders, type IncomingAttachment, type ReceivedMessage } from "./message-parts";
import { resendAttachment, type ResendDelivery } from "./parse-message";

/** Where the stored message's text says why it has no body. */
export const bodyUnavailable = (reason: string) => `body not available: ${reason}`;

/** The site's Resend key (RESEND_API_KEY, whatever MAIL_PROVIDER is) and API address. */
export type ResendReceiving = { apiKey: string | undefined; baseUrl: string };

/** GET /emails/receiving/{id}: the body and headers the `email.received` event leaves out. */
const receivedEmail = z.object({
  text: z.string().nullish(),
  html: z.string().nullish(),
  headers: z.record(z.string(), z.string()).nullish(),
});
/** GET /emails/receiving/{id}/attachments: each file with a short-lived download URL. */
const attachmentList = z.object({ data: z.array(resendAttachment.extend({ download_url: z.string().optional() })) });

/**
 * Completes a Resend delivery whose event carried no body, from Resend's receiving API with the site's key.
 * Never throws: without a key, or when Resend fails, the message is kept with a "body not available" reason
 * as its text (and attachments listed without their bytes), so no received mail is dropped.
 */
export async function completeResendDelivery(delivery: ResendDelivery, resend: ResendReceiving): Promise<ReceivedMessage> {
  const { message, emailId } = delivery;
  if (delivery.hasBody) return message;
  const without = (reason: string): ReceivedMessage => ({
    ...message,
    text: bodyUnavailable(reason),
    attachments: message.attachments.map((attachment) => ({ ...attachment, note: `Not kept: ${reason}` })),
  });
  if (!emailId) return without("the event names no email_id to fetch it by");
  if (!resend.apiKey) return without("no RESEND_API_KEY is configured to fetch it from Resend");
  const get = (path: string) =>
    callProvider("Resend", `${resend.baseUrl}/emails/receiving/${encodeURIComponent(emailId)}${path}`, {
      method: "GET",
      headers: { authorization: `Bearer ${resend.apiKey}` },
    });
  let fetched: z.infer<typeof receivedEmail>;
  try {
    const parsed = receivedEmail.safeParse(await (await get("")).json());
    if (!parsed.success) return without("Resend's answer was not a received email");
    fetched = parsed.data;
  } catch (error) {
    return without(error instanceof Error ? error.message : String(error));
  }
  const headers = fetched.headers ? boundHeaders(Object.entries(fetched.headers)) : message.headers;
  const complete = { ...message, text: fetched.text ?? "", html: fetched.html ?? null, headers };
  if (message.attachments.length === 0) return complete;
  return { ...complete, attachments: await downloadAttachments(() => get("/attachments"), message.attachments) };
}

/** The files themselves, from the URLs Resend's attachment list gives; one that fails is listed with the reason. */
async function downloadAttachments(list: () => Promise<Response>, described: IncomingAttachment[]): Promise<IncomingAttachment[]> {
  let files: z.infer<typeof attachmentList>["data"];
  try {
    const parsed = attachmentList.safeParse(await (await list()).json());
    if (!parsed.success)
      return described.map((attachment) => ({ ...attachment, note: "Not kept: Resend's attachment list could not be read" }));
    files = parsed.data.data.slice(0, INBOUND_MAX_ATTACHMENTS);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return described.map((attachment) => ({ ...attachment, note: `Not kept: ${reason}` }));
  }
  return Promise.all(
    files.map(async (file): Promise<IncomingAttachment> => {
      const attachment = {
        filename: file.filename || "attachment",
        declaredType: file.content_type || "application/octet-stream",
        size: file.size ?? 0,
        content: null,
      };
      // Too large to keep: not downloaded at all (storeReceivedEmail lists it with the reason).
      if (!file.download_url || attachment.size > INBOUND_ATTACHMENT_LIMIT_BYTES) return attachment;
      try {
        const response = await callProvider("Resend", file.download_url, { method: "GET", headers: {} });
        const content = new Uint8Array(await response.arrayBuffer());
        return { ...attachment, size: content.byteLength, content };
      } catch (error) {
        return { ...attachment, note: `Not kept: ${error instanceof Error ? error.message : String(error)}` };
      }
    }),
  );
}
