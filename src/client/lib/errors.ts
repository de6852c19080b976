import type { TRPCClientError } from "@trpc/client";

export type ErrorTexts = {
  /** Shown when the server answered but gave no usable message (for example "Login failed"). */
  fallback: string;
  /** Shown when the request never reached the server (for example "Network error. Please try again."). */
  network: string;
};

/**
 * Whether a failure is a tRPC call's, by the name the client gives its errors: importing @trpc/client's own
 * test would bring the client's links into every page that shows an error.
 */
const isTRPCClientError = (error: unknown): error is TRPCClientError<never> => error instanceof Error && error.name === "TRPCClientError";

/** The HTTP status behind a failed tRPC call, or null when none came back. */
export function httpStatusOf(error: unknown): number | null {
  if (!isTRPCClientError(error)) return null;
  const status = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
  return typeof status === "number" ? status : null;
}

/** True when the request failed before any answer came back from the server (offline, DNS, connection reset). */
export function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  if (isTRPCClientError(error)) {
    return !error.shape && !error.data && error.cause instanceof TypeError;
  }
  return error instanceof TypeError;
}

/**
 * The text to show for a failed call: the server's own message when it sent one (the server formats
 * messages to be read by people), the network text when nothing came back, else the fallback.
 */
export function errorMessage(error: unknown, texts: ErrorTexts): string {
  if (isNetworkError(error)) return texts.network;
  if (isTRPCClientError(error) && (error.shape || error.data)) {
    const message = error.message.trim();
    return message.length > 0 ? message : texts.fallback;
  }
  return texts.fallback;
}
