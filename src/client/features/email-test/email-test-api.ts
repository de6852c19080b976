import {
  CREDENTIAL_HEADERS,
  type CredentialTestResult,
  type EmailCredentials,
  type EmailSendResult,
  type KeyedProvider,
} from "#common/email-test/email-test.ts";
import { trackEmailSent } from "./email-test-events";

export type SendForm = { to: string; from: string; subject: string; content: string; provider: KeyedProvider };
/** What the page sends: live mode and the typed keys travel as headers (CREDENTIAL_HEADERS), never in the body. */
export type Live = { on: boolean; credentials: EmailCredentials };

const SEND_FAILED = "Email sending failed";
const CREDENTIAL_TEST_FAILED = "Credential test failed";

function headersOf(live: Live): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (!live.on) return headers;
  headers[CREDENTIAL_HEADERS.liveMode] = "true";
  for (const field of ["resendApiKey", "sendgridApiKey", "mailgunApiKey", "mailgunDomain"] as const) {
    const value = live.credentials[field]?.trim();
    if (value) headers[CREDENTIAL_HEADERS[field]] = value;
  }
  return headers;
}

async function postJson(
  path: string,
  body: unknown,
  live: Live,
  fallback: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", credentials: "same-origin", headers: headersOf(live), body: JSON.stringify(body) });
  } catch {
    throw new Error("Network error. Please try again.");
  }
  const parsed = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!parsed) throw new Error(`${fallback} (${response.status})`);
  return { status: response.status, body: parsed };
}

/**
 * POST /api/email/send. A provider's refusal (502) comes back as a result with success false and the
 * provider's reason; an input error or a missing permission (4xx, {error}) is thrown with the server's text.
 */
export async function sendEmail(form: SendForm, live: Live): Promise<EmailSendResult> {
  const { status, body } = await postJson("/api/email/send", { ...form, from: form.from.trim() || undefined }, live, SEND_FAILED);
  if (!("success" in body)) throw new Error(typeof body.error === "string" ? body.error : `${SEND_FAILED} (${status})`);
  const result = body as EmailSendResult;
  trackEmailSent(result);
  return result;
}

export async function testCredentials(provider: KeyedProvider, live: Live): Promise<CredentialTestResult> {
  const { body } = await postJson("/api/email/test-credentials", { provider }, live, CREDENTIAL_TEST_FAILED);
  if ("valid" in body) return body as CredentialTestResult;
  throw new Error(typeof body.error === "string" ? body.error : typeof body.message === "string" ? body.message : CREDENTIAL_TEST_FAILED);
}
