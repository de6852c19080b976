/**
 * Rendered public pages for anonymous visitors, by URL, for a short time: rendering costs far more than
 * sending a string. A content change clears it on every instance (render-public-page.ts follows the cache
 * bus); the time to live bounds its age while the bus cannot reach this instance.
 */
export type PageCache<T> = { get(key: string): T | undefined; set(key: string, value: T): void; clear(): void };

export function createPageCache<T>({
  ttlMs,
  maxEntries,
  now = Date.now,
}: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): PageCache<T> {
  const entries = new Map<string, { value: T; expires: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires > now()) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value) {
      entries.delete(key);
      // Query strings make URLs unbounded: the oldest entry goes first.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now() + ttlMs });
    },
    clear: () => entries.clear(),
  };
}
