/**
 * Typed domain errors thrown by services. One mapper per transport turns them into
 * tRPC codes (trpc/init.ts) and REST statuses (app.ts error handler); messages are safe to show.
 */
export const DOMAIN_ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type DomainErrorKind = keyof typeof DOMAIN_ERROR_STATUS;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Sent as the Retry-After header: when asking again makes sense. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("invalid", message);
export const unauthorized = (message = "You need to sign in") => new DomainError("unauthorized", message);
export const forbidden = (message = "Access denied") => new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not_found", message);
export const conflict = (message: string) => new DomainError("conflict", message);
export const payloadTooLarge = (message: string) => new DomainError("payload_too_large", message);
export const unsupportedMediaType = (message: string) => new DomainError("unsupported_media_type", message);
export const unprocessable = (message: string) => new DomainError("unprocessable", message);
export const rateLimited = (message = "Too many requests. Please wait a minute and try again.", retryAfterSeconds?: number) =>
  new DomainError("rate_limited", message, retryAfterSeconds);

/** For `.catch`: null when a service refused (not found, not shared, not allowed), any other failure thrown on. */
export const nullWhenNotFound = (error: unknown): null => {
  if (error instanceof DomainError) return null;
  throw error;
};

/** Whatever was thrown, as an Error (a rejection may carry any value). */
export const asError = (thrown: unknown): Error => (thrown instanceof Error ? thrown : new Error(String(thrown)));
