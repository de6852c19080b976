import { describe, expect, it } from "vitest";
import { databaseUnavailableError, isDatabaseUnavailable, isUniqueViolation } from "#server/db/errors.ts";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });
/** How drizzle reports a failed query: its own error, the driver's in `cause`. */
const wrapped = (cause: Error) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["reset", withCode("ECONNRESET")],
    ["admin_shutdown", withCode("57P01", "terminating connection due to administrator command")],
    ["cannot_connect_now", withCode("57P03", "the database system is starting up")],
    ["a connection exception", withCode("08006")],
    ["a dropped connection", new Error("Connection terminated unexpectedly")],
    ["a pool wait timeout", new Error("timeout exceeded when trying to connect")],
    ["a database closed to connections", withCode("55000", 'database "app" is not currently accepting connections')],
    ["wrapped by drizzle", wrapped(withCode("57P01"))],
  ])("is true for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", wrapped(withCode("23505"))],
    ["bad input", withCode("22P02", "invalid input syntax for type uuid")],
    ["another 55000", withCode("55000", "currval of sequence is not yet defined in this session")],
    ["a plain bug", new TypeError("x is undefined")],
    ["nothing", undefined],
  ])("is false for %s", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe("databaseUnavailableError", () => {
  it("maps a lost database to one 503 domain error with Retry-After, and nothing else", () => {
    expect(databaseUnavailableError(wrapped(withCode("ECONNREFUSED")))).toMatchObject({ kind: "unavailable", retryAfterSeconds: 5 });
    expect(databaseUnavailableError(withCode("23505"))).toBeUndefined();
  });
});

describe("isUniqueViolation", () => {
  it("finds 23505 on the error or in its causes", () => {
    expect(isUniqueViolation(wrapped(withCode("23505")))).toBe(true);
    expect(isUniqueViolation(withCode("57P01"))).toBe(false);
  });
});
