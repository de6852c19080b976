import { hasCredentialsFor, type EmailCredentials, type KeyedProvider } from "#common/email-test/email-test.ts";
import type { Config } from "#server/config.ts";
import type { MailDriver } from "#server/infra/mail/index.ts";
import { MAILGUN_API_BASE_URLS, createMailgunDriver } from "#server/infra/mail/mailgun-driver.ts";
import { RESEND_API_BASE_URL, createResendDriver } from "#server/infra/mail/resend-driver.ts";
import { SENDGRID_API_BASE_URL, createSendgridDriver } from "#server/infra/mail/sendgrid-driver.ts";

/** Where a provider's API answers: MAIL_API_BASE_URL when set (tests), else the provider's own address. */
export function providerBaseUrl(provider: KeyedProvider, config: Pick<Config, "mailApiBaseUrl">): string {
  if (config.mailApiBaseUrl) return config.mailApiBaseUrl;
  return { resend: RESEND_API_BASE_URL, sendgrid: SENDGRID_API_BASE_URL, mailgun: MAILGUN_API_BASE_URLS.us }[provider];
}

/**
 * A driver for one request with the keys typed on the page, from the same factories the worker's drivers
 * come from. Null when the keys for this provider are not all there. It lives as long as the request: the
 * keys are never stored or logged.
 */
export function oneOffDriver(
  provider: KeyedProvider,
  credentials: EmailCredentials,
  config: Pick<Config, "mailApiBaseUrl">,
): MailDriver | null {
  if (!hasCredentialsFor(provider, credentials)) return null;
  const baseUrl = providerBaseUrl(provider, config);
  switch (provider) {
    case "resend":
      return createResendDriver(credentials.resendApiKey!, baseUrl);
    case "sendgrid":
      return createSendgridDriver(credentials.sendgridApiKey!, baseUrl);
    case "mailgun":
      return createMailgunDriver(credentials.mailgunApiKey!, credentials.mailgunDomain!, baseUrl);
  }
}
