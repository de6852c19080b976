import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { databaseUnavailableError } from "#server/db/errors.ts";
import { DOMAIN_ERROR_STATUS, DomainError } from "./errors";
import { StorageUnavailableError } from "#server/infra/storage/object-storage.ts";

const GENERIC_ERROR = "Something went wrong on our side. Please try again.";

const FASTIFY_ERROR_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Request body must be a JSON object",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
};

const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * A lost database or an unreachable file storage: a 503 `unavailable` domain error that REST and tRPC map
 * like any other. Undefined for every other error, which stays a 500.
 */
export function outageError(error: unknown): DomainError | undefined {
  if (error instanceof StorageUnavailableError) {
    return new DomainError(
      "unavailable",
      "File storage is unavailable right now. Please try again in a moment.",
      STORAGE_RETRY_AFTER_SECONDS,
    );
  }
  return databaseUnavailableError(error);
}

/**
 * The one mapping of a thrown error to a REST answer: a domain error's status and message (and Retry-After),
 * a client error's own status, and for anything else a logged 500 with a generic text. The caller shapes
 * the body (`{ error }` everywhere; the upload route adds `success: false`).
 */
export function errorReply(
  thrown: FastifyError | DomainError,
  request: FastifyRequest,
  reply: FastifyReply,
): { status: number; message: string } {
  if (thrown instanceof StorageUnavailableError) request.log.warn({ err: thrown }, "file storage unavailable");
  const error = outageError(thrown) ?? thrown;
  if (error instanceof DomainError) {
    if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
    return { status: DOMAIN_ERROR_STATUS[error.kind], message: error.message };
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    return { status: 500, message: GENERIC_ERROR };
  }
  const known = error.code ? FASTIFY_ERROR_TEXT[error.code] : undefined;
  return { status, message: known ?? (error instanceof SyntaxError ? "Malformed JSON body" : error.message) };
}
