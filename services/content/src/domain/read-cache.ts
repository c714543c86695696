import type { Clock } from '@croft/service-kit';

export interface ReadCache<K, V> {
  /** The value for `key`: from the cache while fresh, else loaded (concurrent misses share one load). */
  get(key: K): Promise<V>;
  /** Drops one key, or everything, after a write so readers see it at once. */
  invalidate(key?: K): void;
}

export const DEFAULT_READ_CACHE_TTL_MS = 5_000;

/**
 * A small in-process cache for the hot public reads (page text, global text, images, secret
 * words), with the FAQ catalog's rules: each key lives `ttlMs` (default 5 s, 0 = off), a load in
 * flight is shared, a failed load is never cached, and invalidation wins over a load in flight.
 * The cached value is the same object on every hit, so the HTTP layer can serialise it once.
 */
export function createReadCache<K, V>(options: { load: (key: K) => Promise<V>; clock: Clock; ttlMs?: number }): ReadCache<K, V> {
  const ttlMs = options.ttlMs ?? DEFAULT_READ_CACHE_TTL_MS;
  const cache = new Map<K, { expiresAt: number; value: Promise<V> }>();
  return {
    get(key) {
      if (ttlMs <= 0) return options.load(key);
      const now = options.clock.now().getTime();
      const hit = cache.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const value = options.load(key);
      const entry = { expiresAt: now + ttlMs, value };
      cache.set(key, entry);
      value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return value;
    },
    invalidate(key) {
      if (key === undefined) cache.clear();
      else cache.delete(key);
    },
  };
}
