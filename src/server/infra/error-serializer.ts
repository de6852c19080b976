import { stdSerializers } from "pino";

/**
 * Fields through which database errors carry the values of a query or of a row: Drizzle's `params`,
 * postgres.js's `parameters` and `args`, and Postgres's own `detail` ("Key (email)=(ada@example.com) already
 * exists", "Failing row contains (..., <password hash>, ...)"). The code, the message and the query text stay.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "args", "detail"]);
/** Drizzle wraps the driver's error, and tRPC wraps Drizzle's: a few levels are all a real chain has. */
const MAX_CAUSE_DEPTH = 5;

/** Drizzle writes the bound values into its message, "Failed query: <sql>\nparams: <values>", and tRPC copies it. */
const withoutParamsLine = (message: string): string => {
  const at = message.indexOf("\nparams: ");
  return at === -1 ? message : message.slice(0, at);
};

/**
 * A live object hung on an error, such as the pg client a lost pool connection carries: its sockets, queues
 * and connection settings (the password among them) have no place in a log line.
 */
const isLiveObject = (value: unknown): boolean => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype !== Object.prototype && prototype !== null;
};

/** A copy of the error and of its causes without the query values; the original is left untouched. */
function withoutQueryValues(error: Error, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== "cause" && !isLiveObject(value)) copy[key] = value;
  }
  const message = withoutParamsLine(error.message);
  copy.message = message;
  copy.stack = message === error.message ? error.stack : error.stack?.split(error.message).join(message);
  if (error.cause instanceof Error && depth < MAX_CAUSE_DEPTH) copy.cause = withoutQueryValues(error.cause, depth + 1);
  return copy;
}

/**
 * pino's `err` serializer, with each cause as an object of its own (so the driver's `code` shows), and
 * without the values a failed query was given. Driver-agnostic: it goes by field name, on every cause.
 */
export function serializeError(error: unknown): unknown {
  return error instanceof Error ? stdSerializers.errWithCause(withoutQueryValues(error, 0)) : error;
}
