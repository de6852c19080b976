import { DeliveryError } from "./driver";

/** A provider that has not answered in this long is treated like a network failure: tried again later. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Reasons are stored and shown; a provider's HTML error page is cut short. */
const MAX_REASON_LENGTH = 500;

/**
 * One request to a provider's REST API. Resolves with the response when the provider accepted it (2xx).
 * Otherwise throws a DeliveryError carrying the provider's own reason: transient for network failures,
 * timeouts, 408, 429 and 5xx; permanent for the other 4xx (a bad key, a refused sender or address).
 */
export function postToProvider(
  providerName: string,
  url: string,
  init: { headers: Record<string, string>; body: string | URLSearchParams },
): Promise<Response> {
  return callProvider(providerName, url, { method: "POST", ...init });
}

/** postToProvider for any method: a GET that checks credentials gets the same timeout and reasons. */
export async function callProvider(
  providerName: string,
  url: string,
  init: { method: "GET" | "POST"; headers: Record<string, string>; body?: string | URLSearchParams },
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.message ?? cause?.code ?? (error instanceof Error ? error.message : String(error));
    throw new DeliveryError(`${providerName} could not be reached: ${detail}`, true);
  }
  if (response.ok) return response;
  const reason = providerReason(await response.text().catch(() => ""));
  const transient = response.status === 408 || response.status === 429 || response.status >= 500;
  throw new DeliveryError(`${providerName} answered ${response.status}${reason ? `: ${reason}` : ""}`, transient);
}

/**
 * The id in an accepting answer's JSON body ({id}). The provider has accepted the message whatever the body
 * says, so an unreadable body gives an empty id rather than an error that would send the message again.
 */
export async function acceptedId(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
  return typeof body?.id === "string" ? body.id : "";
}

/** The message inside the providers' error bodies: {message}, {error}, {errors: [{message}]}, or the text itself. */
function providerReason(body: string): string {
  let reason = body.trim();
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown; errors?: Array<{ message?: unknown }> };
    const candidate =
      parsed.message ??
      parsed.error ??
      parsed.errors
        ?.map((e) => e.message)
        .filter(Boolean)
        .join("; ");
    if (typeof candidate === "string" && candidate) reason = candidate;
  } catch {
    // Not JSON: the text is the reason.
  }
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH)}...` : reason;
}

/** "The $100 Lab <hello@example.com>" -> its parts, for APIs that want them apart (SendGrid). */
export function splitAddress(address: string): { email: string; name?: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(address);
  if (!match) return { email: address.trim() };
  const name = match[1]!.trim();
  return name ? { email: match[2]!.trim(), name } : { email: match[2]!.trim() };
}
