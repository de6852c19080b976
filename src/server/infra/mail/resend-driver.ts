import type { MailDriver } from "./driver";
import { acceptedId, postToProvider } from "./http-delivery";

export const RESEND_API_BASE_URL = "https://api.resend.com";

/** Resend's POST /emails. The queue id is the Idempotency-Key, so a retry after a lost answer sends once. */
export function createResendDriver(apiKey: string, baseUrl = RESEND_API_BASE_URL): MailDriver {
  return {
    provider: "resend",
    delivers: true,
    async deliver(message) {
      const response = await postToProvider("Resend", `${baseUrl}/emails`, {
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": message.id },
        body: JSON.stringify({
          from: message.from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      });
      return { providerMessageId: await acceptedId(response) };
    },
    async verify() {},
    async close() {},
  };
}
