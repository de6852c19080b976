import type { MailDriver } from "./driver";
import { postToProvider, splitAddress } from "./http-delivery";

export const SENDGRID_API_BASE_URL = "https://api.sendgrid.com";

/** SendGrid's v3 POST /mail/send: it answers 202 with no body and the message id in X-Message-Id. */
export function createSendgridDriver(apiKey: string, baseUrl = SENDGRID_API_BASE_URL): MailDriver {
  return {
    provider: "sendgrid",
    delivers: true,
    async deliver(message) {
      const response = await postToProvider("SendGrid", `${baseUrl}/v3/mail/send`, {
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          personalizations: [{ to: [{ email: message.to }] }],
          from: splitAddress(message.from),
          subject: message.subject,
          // SendGrid wants text/plain first, then text/html.
          content: [{ type: "text/plain", value: message.text }, ...(message.html ? [{ type: "text/html", value: message.html }] : [])],
          ...(message.headers ? { headers: message.headers } : {}),
        }),
      });
      return { providerMessageId: response.headers.get("x-message-id") ?? "" };
    },
    async verify() {},
    async close() {},
  };
}
