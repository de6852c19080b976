import { hasCredentialsFor, type CredentialTestResult, type EmailCredentials, type KeyedProvider } from "#common/email-test/email-test.ts";
import type { Config } from "#server/config.ts";
import { DeliveryError } from "#server/infra/mail/driver.ts";
import { callProvider } from "#server/infra/mail/http-delivery.ts";
import { providerBaseUrl } from "./provider-drivers";

const MISSING: Record<KeyedProvider, string> = {
  resend: "Enter the Resend API key",
  sendgrid: "Enter the SendGrid API key",
  mailgun: "Enter both the Mailgun API key and its domain",
};

/**
 * Checks typed keys with one harmless authenticated read, sending no mail: Resend lists the domains,
 * SendGrid lists the key's scopes (which must include mail.send), Mailgun reads the sending domain.
 * A provider that refuses the read answers why; one that cannot be reached says so (`reachable: false`).
 */
export async function checkCredentials(
  provider: KeyedProvider,
  credentials: EmailCredentials,
  config: Pick<Config, "mailApiBaseUrl">,
): Promise<CredentialTestResult & { reachable: boolean }> {
  if (!hasCredentialsFor(provider, credentials))
    return { valid: false, reachable: true, message: MISSING[provider], error: MISSING[provider] };
  const baseUrl = providerBaseUrl(provider, config);
  try {
    switch (provider) {
      case "resend": {
        await callProvider("Resend", `${baseUrl}/domains`, {
          method: "GET",
          headers: { authorization: `Bearer ${credentials.resendApiKey}` },
        });
        return valid("Resend accepted the key (it may list your domains).");
      }
      case "sendgrid": {
        const response = await callProvider("SendGrid", `${baseUrl}/v3/scopes`, {
          method: "GET",
          headers: { authorization: `Bearer ${credentials.sendgridApiKey}` },
        });
        const body = (await response.json().catch(() => null)) as { scopes?: unknown } | null;
        const scopes = Array.isArray(body?.scopes) ? body.scopes : [];
        if (!scopes.includes("mail.send")) return invalid("SendGrid accepted the key, but it lacks the Mail Send permission.");
        return valid("SendGrid accepted the key, and it may send mail.");
      }
      case "mailgun": {
        const domain = credentials.mailgunDomain!;
        const basic = Buffer.from(`api:${credentials.mailgunApiKey}`).toString("base64");
        await callProvider("Mailgun", `${baseUrl}/v3/domains/${encodeURIComponent(domain)}`, {
          method: "GET",
          headers: { authorization: `Basic ${basic}` },
        });
        return valid(`Mailgun accepted the key for ${domain}.`);
      }
    }
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    // Resend's sending-only keys may not read domains: the key is real, and only a send proves it can send.
    if (provider === "resend" && /restricted_api_key|restricted to only send/i.test(error.message)) {
      return valid("The key is valid and restricted to sending: only a real send shows that it can send from your address.");
    }
    const reachable = !/could not be reached/.test(error.message);
    return { ...invalid(error.message), reachable };
  }
}

const valid = (message: string) => ({ valid: true, reachable: true, message, error: null });
const invalid = (reason: string) => ({ valid: false, reachable: true, message: reason, error: reason });
