import { TRPCError } from "@trpc/server";
import * as core from "zod/v4/core";
import { DomainError, invalid, type DomainErrorKind } from "#server/infra/errors.ts";
import { firstIssueMessage } from "#server/infra/http.ts";

const DOMAIN_KIND: Partial<Record<TRPCError["code"], DomainErrorKind>> = {
  BAD_REQUEST: "invalid",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  NOT_FOUND: "not_found",
  CONFLICT: "conflict",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
  UNPROCESSABLE_CONTENT: "unprocessable",
  TOO_MANY_REQUESTS: "rate_limited",
  SERVICE_UNAVAILABLE: "unavailable",
};

/**
 * What a procedure called on the server (a REST path, a form post) threw, as the app's error handling expects
 * it: the service's domain error itself, an input refused by its schema as a 400 with the first issue's
 * words, anything else as it was (a 500, logged).
 */
export function procedureError(error: unknown): unknown {
  if (!(error instanceof TRPCError)) return error;
  if (error.cause instanceof DomainError) return error.cause;
  if (error.cause instanceof core.$ZodError) return invalid(firstIssueMessage(error.cause));
  const kind = DOMAIN_KIND[error.code];
  if (kind) return new DomainError(kind, error.message);
  return error.cause ?? error;
}
