import * as z from "zod/mini";
import type * as core from "zod/v4/core";
import { invalid } from "./errors";

/** The message shown for a failed parse: the first issue, worded for a person. */
export function firstIssueMessage(error: core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  if (issue.path.length === 0 && issue.code === "invalid_type") return "Request body must be a JSON object";
  return issue.message;
}

/** Parses a REST body or query with a schema from common/, throwing a 400 domain error on failure. */
export function parseInput<S extends core.$ZodType>(schema: S, value: unknown): core.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalid(firstIssueMessage(result.error));
  return result.data;
}

/** Cache-Control of admin answers: they carry names and emails, so no cache anywhere may keep them. */
export const PRIVATE_NO_STORE = "private, no-store";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths: anything else is simply unknown (Postgres would reject the cast with a 500). */
export const isUuid = (value: string): boolean => UUID.test(value);
