import type { MailDriver } from "./driver";
import { acceptedId, postToProvider } from "./http-delivery";

export const MAILGUN_API_BASE_URLS = { us: "https://api.mailgun.net", eu: "https://api.eu.mailgun.net" } as const;

/** Mailgun's POST /v3/{domain}/messages: a form, basic auth as "api" with the key; extra headers as h:Name. */
export function createMailgunDriver(apiKey: string, domain: string, baseUrl: string): MailDriver {
  return {
    provider: "mailgun",
    delivers: true,
    async deliver(message) {
      const form = new URLSearchParams({ from: message.from, to: message.to, subject: message.subject, text: message.text });
      if (message.html) form.set("html", message.html);
      for (const [name, value] of Object.entries(message.headers ?? {})) form.set(`h:${name}`, value);
      const response = await postToProvider("Mailgun", `${baseUrl}/v3/${encodeURIComponent(domain)}/messages`, {
        headers: { authorization: `Basic ${Buffer.from(`api:${apiKey}`).toString("base64")}` },
        body: form,
      });
      return { providerMessageId: await acceptedId(response) };
    },
    async verify() {},
    async close() {},
  };
}
