import { DomainError } from "#server/infra/errors.ts";

/** The error itself and the errors it wraps (drizzle wraps a driver's error in `cause`). */
function* causes(error: unknown): Generator<unknown> {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Postgres unique_violation, as raised by node-postgres and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  for (const cause of causes(error)) if ((cause as { code?: unknown }).code === "23505") return true;
  return false;
}

/** Socket-level failures: the server is down, restarting, or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/**
 * Postgres: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down),
 * too_many_connections. Class 08 is connection exceptions.
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);
/**
 * node-postgres reports a dropped connection and a pool wait timeout without a code; a database closed
 * to new connections (ALTER DATABASE ... ALLOW_CONNECTIONS false) shares its code 55000 with unrelated errors.
 */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|is not currently accepting connections/;

/** What the pool held when a wait for one of its connections timed out. */
export type PoolFigures = { size: number; inUse: number; waiting: number };

/**
 * node-postgres gave up waiting for a free connection while every one of the pool's connections was checked
 * out by other work: the database is reachable but this instance asked too much of it at once. (A timeout
 * while connections are still being opened, the database away, stays the driver's own error.)
 */
export class DatabasePoolExhaustedError extends Error {
  constructor(
    readonly figures: PoolFigures,
    waitedMs: number,
    /** `heavyReadShare`: the wait was for the heavy reads' share of the pool (the rest of it may be free). */
    options: { cause?: unknown; heavyReadShare?: boolean },
  ) {
    const connections = options.heavyReadShare ? "connections heavy reads may hold" : "connections";
    super(
      `database pool exhausted: all ${figures.size} ${connections} were busy for ${waitedMs / 1000} s (${figures.waiting} more requests waiting)`,
      { cause: options.cause },
    );
    this.name = "DatabasePoolExhaustedError";
  }
}

/** True when the error (or one it wraps) is a wait for a connection of an exhausted pool. */
export function isDatabasePoolExhausted(error: unknown): boolean {
  for (const cause of causes(error)) if (cause instanceof DatabasePoolExhaustedError) return true;
  return false;
}

/**
 * True when the error says the database cannot be used right now (as opposed to a bad query): unreachable,
 * or this instance's pool exhausted (isDatabasePoolExhausted tells which).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    if (cause instanceof DatabasePoolExhaustedError) return true;
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (cause instanceof Error && CONNECTION_MESSAGES.test(cause.message)) return true;
  }
  return false;
}

/** How long clients are asked to wait before trying again while the database is away. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * The one mapping of a lost database (or an exhausted pool) to what a client sees: a 503 `unavailable` domain error (REST
 * and tRPC map it like any other). Undefined for every other error, which stays a 500.
 */
export function databaseUnavailableError(error: unknown): DomainError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  if (isDatabasePoolExhausted(error)) {
    return new DomainError(
      "unavailable",
      "The service is busy right now. Please try again in a few seconds.",
      UNAVAILABLE_RETRY_AFTER_SECONDS,
    );
  }
  return new DomainError(
    "unavailable",
    "The service is temporarily unavailable. Please try again in a moment.",
    UNAVAILABLE_RETRY_AFTER_SECONDS,
  );
}

/**
 * The database's message when it refused the data itself (class 21 cardinality: one key twice in a batch;
 * class 22 data exception; class 23 integrity
 * constraint: a missing reference, a duplicate, a null where none may be), as raised by either driver.
 * Undefined for any other error.
 */
export function dataRefusalMessage(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && /^2[123][0-9A-Z]{3}$/.test(code) && cause instanceof Error) return cause.message;
  }
  return undefined;
}
