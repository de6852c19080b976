import type { Database } from "../../db/client";

/**
 * What the server derives from the site's settings for every page (the rendered heads, the active favicon
 * set), kept in memory per database so that a page costs no query. Every write to those settings calls
 * invalidatePageHeads, so the change shows on the next request; another instance behind the same database
 * sees it within MAX_AGE_MS.
 */
const MAX_AGE_MS = 30_000;
/** Pages with ids in their path (shared images...) could fill memory: the oldest entries make way. */
const MAX_ENTRIES = 500;

type Entry = { value: Promise<unknown>; at: number };
const caches = new WeakMap<Database, Map<string, Entry>>();

const cacheOf = (db: Database) => {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
};

/** The cached value, or `make()`'s (kept only when it succeeds). */
export function cachedForSite<T>(db: Database, key: string, make: () => Promise<T>): Promise<T> {
  const cache = cacheOf(db);
  const entry = cache.get(key);
  if (entry && Date.now() - entry.at < MAX_AGE_MS) return entry.value as Promise<T>;
  const value = make();
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { value, at: Date.now() });
  value.catch(() => cache.get(key)?.value === value && cache.delete(key));
  return value;
}

/** Drops every cached head and favicon state of the site: call after any change to meta tags, favicon or OG image. */
export function invalidatePageHeads(db: Database): void {
  caches.get(db)?.clear();
}
