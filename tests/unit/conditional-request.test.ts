import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { isNotModified, matchesIfNoneMatch } from "#server/infra/conditional-request.ts";

const request = (headers: Record<string, string>, method = "GET") => ({ method, headers }) as Pick<FastifyRequest, "method" | "headers">;

describe("matchesIfNoneMatch", () => {
  it("compares weakly: a weak and a strong tag with the same opaque part match, either way round", () => {
    expect(matchesIfNoneMatch('"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', 'W/"abc"')).toBe(true);
  });

  it("matches a list when any of its tags does, with or without spaces", () => {
    expect(matchesIfNoneMatch('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('W/"x",W/"abc"', '"abc"')).toBe(true);
    expect(matchesIfNoneMatch('"x", "y"', '"abc"')).toBe(false);
  });

  it("reads a comma inside a tag as part of it", () => {
    expect(matchesIfNoneMatch('"a,b"', '"a,b"')).toBe(true);
    expect(matchesIfNoneMatch('"a,b"', '"a"')).toBe(false);
  });

  it("matches `*` to any current representation", () => {
    expect(matchesIfNoneMatch("*", '"abc"')).toBe(true);
    expect(matchesIfNoneMatch(" * ", 'W/"abc"')).toBe(true);
  });

  it("matches no unquoted or partial tag", () => {
    expect(matchesIfNoneMatch("abc", '"abc"')).toBe(false);
    expect(matchesIfNoneMatch('"ab"', '"abc"')).toBe(false);
    expect(matchesIfNoneMatch("", '"abc"')).toBe(false);
  });
});

describe("isNotModified", () => {
  const validators = { etag: '"abc"', lastModified: new Date("2026-06-01T12:00:00.900Z") };

  it("answers GET and HEAD only", () => {
    expect(isNotModified(request({ "if-none-match": '"abc"' }), validators)).toBe(true);
    expect(isNotModified(request({ "if-none-match": '"abc"' }, "HEAD"), validators)).toBe(true);
    expect(isNotModified(request({ "if-none-match": '"abc"' }, "POST"), validators)).toBe(false);
  });

  it("is false without a conditional header", () => {
    expect(isNotModified(request({}), validators)).toBe(false);
  });

  it("reads If-Modified-Since to the second, and only without If-None-Match", () => {
    expect(isNotModified(request({ "if-modified-since": "Mon, 01 Jun 2026 12:00:00 GMT" }), validators)).toBe(true);
    expect(isNotModified(request({ "if-modified-since": "Mon, 01 Jun 2026 11:59:59 GMT" }), validators)).toBe(false);
    expect(isNotModified(request({ "if-modified-since": "not a date" }), validators)).toBe(false);
    expect(isNotModified(request({ "if-modified-since": "Mon, 01 Jun 2026 12:00:00 GMT" }), { etag: '"abc"' })).toBe(false);
    // If-None-Match decides alone when both are sent.
    expect(isNotModified(request({ "if-none-match": '"old"', "if-modified-since": "Mon, 01 Jun 2026 12:00:00 GMT" }), validators)).toBe(
      false,
    );
  });
});
