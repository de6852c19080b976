import { errorMessage, isNetworkError } from "#client/lib/errors.ts";

/** The red box when the list cannot be loaded. */
export const FETCH_BUILDERS_FAILED = "Failed to fetch builders";

/**
 * The alert texts for a failed action: '{action}: {the server's message}', or 'Network error: {message}'
 * when no answer came back.
 */
export function actionErrorText(action: "Error updating status" | "Error deleting builder", error: unknown): string {
  if (isNetworkError(error)) {
    const detail = error instanceof Error && error.message.trim() ? error.message.trim() : "no response from the server";
    return `Network error: ${detail}`;
  }
  return `${action}: ${errorMessage(error, { fallback: "Unknown error", network: "" })}`;
}
