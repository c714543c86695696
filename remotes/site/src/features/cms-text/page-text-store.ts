import {
  GLOBAL_TEXT_DEFAULTS,
  PAGE_TEXT_DEFAULTS,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type PageKey,
  type Positioning,
} from '@croft/contracts';
import type { ContentClient } from '@croft/api-client';

/** One piece of text as the page shows it. */
export interface TextEntry {
  text: string;
  positioning?: Positioning;
}

/** Published text of a page (or the global text) by `section.content_key` (or content_key). */
export type TextMap = ReadonlyMap<string, TextEntry>;

const EMPTY: TextMap = new Map();

interface ClientCache {
  pages: Map<PageKey, Promise<TextMap>>;
  resolvedPages: Map<PageKey, TextMap>;
  global?: Promise<TextMap>;
  resolvedGlobal?: TextMap;
}

// One cache per client, kept for the session: every page's text is asked for once.
const caches = new WeakMap<ContentClient, ClientCache>();

function cacheFor(client: ContentClient): ClientCache {
  let cache = caches.get(client);
  if (!cache) {
    cache = { pages: new Map(), resolvedPages: new Map() };
    caches.set(client, cache);
  }
  return cache;
}

export const pageTextKey = (section: string, contentKey: string) => `${section}.${contentKey}`;

function pageMap(rows: CmsContentRow[]): TextMap {
  // The service already answers one published row per key; keep the first if a proxy repeats one.
  const map = new Map<string, TextEntry>();
  for (const row of rows) {
    if (!row.published) continue;
    const key = pageTextKey(row.section, row.content_key);
    if (!map.has(key)) map.set(key, row.content_data);
  }
  return map;
}

function globalMap(rows: CmsGlobalContentRow[]): TextMap {
  const map = new Map<string, TextEntry>();
  for (const row of rows) {
    if (!row.published || map.has(row.content_key)) continue;
    map.set(row.content_key, row.content_data?.positioning ? { text: row.content_value, positioning: row.content_data.positioning } : { text: row.content_value });
  }
  return map;
}

/**
 * The page's published text, fetched once per page per session. A failed read is logged and
 * remembered as "no rows" (spec 000 §8: CMS read failures are only logged; fallback text shows).
 */
export function loadPageText(page: PageKey, client: ContentClient): Promise<TextMap> {
  const cache = cacheFor(client);
  let pending = cache.pages.get(page);
  if (!pending) {
    pending = client
      .pageText(page)
      .then(pageMap)
      .catch((error: unknown) => {
        console.error(`[site] page text for ${page} could not be read; showing the bundled text`, error);
        return EMPTY;
      })
      .then((map) => {
        cache.resolvedPages.set(page, map);
        return map;
      });
    cache.pages.set(page, pending);
  }
  return pending;
}

/** The page's text if it has already arrived (so a revisit renders it at once). */
export function peekPageText(page: PageKey, client: ContentClient): TextMap | undefined {
  return caches.get(client)?.resolvedPages.get(page);
}

export function loadGlobalText(client: ContentClient): Promise<TextMap> {
  const cache = cacheFor(client);
  if (!cache.global) {
    cache.global = client
      .globalText()
      .then(globalMap)
      .catch((error: unknown) => {
        console.error('[site] global text could not be read; showing the bundled text', error);
        return EMPTY;
      })
      .then((map) => {
        cache.resolvedGlobal = map;
        return map;
      });
  }
  return cache.global;
}

export function peekGlobalText(client: ContentClient): TextMap | undefined {
  return caches.get(client)?.resolvedGlobal;
}

/** The text to show: the published row when there is one, else the bundled default, else undefined. */
export function resolvePageText(rows: TextMap | undefined, page: PageKey, section: string, contentKey: string): TextEntry | undefined {
  const row = rows?.get(pageTextKey(section, contentKey));
  if (row) return row;
  const bundled = PAGE_TEXT_DEFAULTS[page][section]?.[contentKey];
  return bundled === undefined ? undefined : { text: bundled };
}

export function resolveGlobalText(rows: TextMap | undefined, contentKey: string): TextEntry | undefined {
  const row = rows?.get(contentKey);
  if (row) return row;
  const bundled = GLOBAL_TEXT_DEFAULTS[contentKey];
  return bundled === undefined ? undefined : { text: bundled };
}
