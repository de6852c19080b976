/**
 * Remembers `compute`'s answer for the last `size` distinct keys (the oldest key is forgotten first). For pure,
 * per-instance work that repeats across requests, such as parsing a User-Agent or a page's URL: nothing another
 * instance would need to share.
 */
export function boundedMemo<V>(size: number, compute: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const value = compute(key);
    if (cache.size >= size) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}
