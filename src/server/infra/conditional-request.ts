import type { FastifyRequest } from "fastify";

/** What identifies the representation an answer would carry: its ETag and, when known, when it last changed. */
export type Validators = { etag: string; lastModified?: Date };

/** Entity tags in a header value: `"x"` or `W/"x"`; the quotes hold any character but a quote, commas included. */
const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

/** The opaque part of an entity tag: weak comparison ignores the `W/` prefix. */
const opaque = (tag: string): string => tag.trim().replace(/^W\//, "");

/**
 * If-None-Match, compared weakly: `W/"x"` and `"x"` name the same representation; a comma-separated list
 * matches when any of its tags does; `*` matches any current representation.
 */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const current = opaque(etag);
  return (header.match(ENTITY_TAG) ?? []).some((tag) => opaque(tag) === current);
}

/** If-Modified-Since: unchanged since the date given, at the one-second precision of HTTP dates. */
function unmodifiedSince(header: string, lastModified: Date): boolean {
  const since = Date.parse(header);
  if (Number.isNaN(since)) return false;
  return Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * Whether a GET or HEAD may be answered 304 Not Modified: If-None-Match names the current ETag (or is `*`);
 * only without If-None-Match does If-Modified-Since count, and only against a known modification time.
 * The 304 must carry the headers a 200 would (ETag, Cache-Control, Vary), so set those before asking, then
 * answer `reply.code(304).send()`. Only an answer that would be 2xx may become a 304.
 */
export function isNotModified(request: Pick<FastifyRequest, "method" | "headers">, validators: Validators): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return matchesIfNoneMatch(ifNoneMatch, validators.etag);
  const ifModifiedSince = request.headers["if-modified-since"];
  return (
    ifModifiedSince !== undefined && validators.lastModified !== undefined && unmodifiedSince(ifModifiedSince, validators.lastModified)
  );
}
