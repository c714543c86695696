import {
  GLOBAL_TEXT_DEFAULTS,
  PUBLIC_PAGE_TEXT_DEFAULTS,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type PageKey,
  type Positioning,
} from '@croft/contracts';

/** One piece of text as the page shows it. */
export interface TextEntry {
  text: string;
  positioning?: Positioning;
}

/** Published text of a page (or the global text) by `section.content_key` (or content_key). */
export type TextMap = ReadonlyMap<string, TextEntry>;

export const EMPTY_TEXT: TextMap = new Map();

export const pageTextKey = (section: string, contentKey: string) => `${section}.${contentKey}`;

export function pageMap(rows: CmsContentRow[]): TextMap {
  // The service already answers one published row per key; keep the first if a proxy repeats one.
  const map = new Map<string, TextEntry>();
  for (const row of rows) {
    if (!row.published) continue;
    const key = pageTextKey(row.section, row.content_key);
    if (!map.has(key)) map.set(key, row.content_data);
  }
  return map;
}

export function globalMap(rows: CmsGlobalContentRow[]): TextMap {
  const map = new Map<string, TextEntry>();
  for (const row of rows) {
    if (!row.published || map.has(row.content_key)) continue;
    map.set(row.content_key, row.content_data?.positioning ? { text: row.content_value, positioning: row.content_data.positioning } : { text: row.content_value });
  }
  return map;
}

/** The text to show: the published row when there is one, else the bundled default, else undefined. */
export function resolvePageText(rows: TextMap | undefined, page: PageKey, section: string, contentKey: string): TextEntry | undefined {
  const row = rows?.get(pageTextKey(section, contentKey));
  if (row) return row;
  const bundled = page === 'common-room' ? undefined : PUBLIC_PAGE_TEXT_DEFAULTS[page][section]?.[contentKey];
  return bundled === undefined ? undefined : { text: bundled };
}

export function resolveGlobalText(rows: TextMap | undefined, contentKey: string): TextEntry | undefined {
  const row = rows?.get(contentKey);
  if (row) return row;
  const bundled = GLOBAL_TEXT_DEFAULTS[contentKey];
  return bundled === undefined ? undefined : { text: bundled };
}
