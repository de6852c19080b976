import type { CacheBus } from "#server/infra/cache-bus.ts";

/**
 * What the server derives from the site's settings for every page (the rendered heads, the active favicon
 * set), kept in memory by the app so that a page costs no query. Every write to those settings publishes
 * `page-heads` on the cache bus, which drops it on every instance; MAX_AGE_MS bounds how stale it can be
 * while the bus cannot reach the other instances.
 */
const MAX_AGE_MS = 30_000;
/** Pages with ids in their path (shared images...) could fill memory: the oldest entries make way. */
const MAX_ENTRIES = 500;

export type PageHeadCache = {
  /** The cached value, or `make()`'s (kept only when it succeeds). */
  cached<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** Stops following the bus (the app is closing). */
  close(): void;
};

type Entry = { value: Promise<unknown>; at: number };

export function createPageHeadCache(bus: CacheBus): PageHeadCache {
  const entries = new Map<string, Entry>();
  const unsubscribe = bus.subscribe(["page-heads"], () => entries.clear());
  return {
    cached<T>(key: string, make: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && Date.now() - entry.at < MAX_AGE_MS) return entry.value as Promise<T>;
      const value = make();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at: Date.now() });
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      return value;
    },
    close: unsubscribe,
  };
}
