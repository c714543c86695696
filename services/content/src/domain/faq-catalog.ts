import type { FaqRow, PageKey } from '@croft/contracts';
import type { Clock } from '@croft/service-kit';

/** Where the catalog reads rows from (the data layer), kept abstract so the rules stay testable. */
export interface FaqSource {
  findPublished(page: PageKey): Promise<FaqRow[]>;
}

export interface FaqCatalog {
  /** Published rows of `page` in display order; served from a short-lived cache. */
  listPublished(page: PageKey): Promise<FaqRow[]>;
  /** Drops cached pages (all, or one) after a write so readers see it at once. */
  invalidate(page?: PageKey): void;
}

export const DEFAULT_FAQ_CACHE_TTL_MS = 5_000;

/**
 * The public FAQ read. The FAQ changes rarely and is on every home page view, so each page's
 * rows are kept for `ttlMs` (default 5 s); concurrent misses share one database query.
 * `ttlMs: 0` turns the cache off.
 */
export function createFaqCatalog(options: { source: FaqSource; clock: Clock; ttlMs?: number }): FaqCatalog {
  const ttlMs = options.ttlMs ?? DEFAULT_FAQ_CACHE_TTL_MS;
  const cache = new Map<PageKey, { expiresAt: number; rows: Promise<FaqRow[]> }>();

  return {
    listPublished(page) {
      if (ttlMs <= 0) return options.source.findPublished(page);
      const now = options.clock.now().getTime();
      const hit = cache.get(page);
      if (hit && hit.expiresAt > now) return hit.rows;
      const rows = options.source.findPublished(page);
      const entry = { expiresAt: now + ttlMs, rows };
      cache.set(page, entry);
      rows.catch(() => {
        // Never cache a failure.
        if (cache.get(page) === entry) cache.delete(page);
      });
      return rows;
    },
    invalidate(page) {
      // A read still in flight is not re-cached: its entry is gone from the map.
      if (page) cache.delete(page);
      else cache.clear();
    },
  };
}
