import { httpStatusOf, isNetworkError } from "#client/lib/errors.ts";

/**
 * The texts for a failed load: 401 'Authentication failed: {text}',
 * else 'Failed to fetch waitlist: {status} - {text}', where the text is the server's message.
 */
export function waitlistFetchErrorText(error: unknown): string {
  if (isNetworkError(error)) return "Failed to fetch waitlist: no response - check your connection and try again.";
  const status = httpStatusOf(error);
  const text = error instanceof Error && error.message.trim() ? error.message.trim() : "Unknown error";
  if (status === 401) return `Authentication failed: ${text}`;
  return `Failed to fetch waitlist: ${status ?? "error"} - ${text}`;
}
