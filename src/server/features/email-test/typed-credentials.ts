import type { IncomingHttpHeaders } from "node:http";
import { CREDENTIAL_HEADERS, type EmailCredentials } from "#common/email-test/email-test.ts";

/**
 * The keys typed on the email test page, which arrive as request headers and live only in this request
 * (Fastify's request log has no headers, and no error carries them); null when live mode is off (then the
 * site's own provider is used).
 */
export function typedCredentials(headers: IncomingHttpHeaders): EmailCredentials | null {
  const header = (name: string): string | undefined => {
    const value = headers[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text || undefined;
  };
  if (header(CREDENTIAL_HEADERS.liveMode) !== "true") return null;
  const credentials: EmailCredentials = {};
  for (const field of ["resendApiKey", "sendgridApiKey", "mailgunApiKey", "mailgunDomain"] as const) {
    const value = header(CREDENTIAL_HEADERS[field]);
    if (value) credentials[field] = value;
  }
  return credentials;
}
