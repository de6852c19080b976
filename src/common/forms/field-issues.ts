import type { $ZodError as ZodError } from "zod/v4/core";

/**
 * The first issue message per top-level field, for showing one error under each input (issues about the
 * whole value are keyed "form"). Example: `{ email: "Email address is required", password: "Password is required" }`.
 */
export function firstIssueByField(error: ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    result[key] ??= issue.message;
  }
  return result;
}
