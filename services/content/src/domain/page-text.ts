import type { CmsContentRow, CmsGlobalContentRow } from '@croft/contracts';

function newer(a: { updated_at: string; id: string }, b: { updated_at: string; id: string }): boolean {
  const at = Date.parse(a.updated_at);
  const bt = Date.parse(b.updated_at);
  return at !== bt ? at > bt : a.id > b.id;
}

/**
 * What visitors see of a page (spec 000 §4–§7): published rows only, one per (section,
 * content_key), the newest updated_at winning (ties: the later id). Drafts never pass. The
 * result is ordered by section, then key, so the answer is stable.
 */
export function visiblePageText(rows: readonly CmsContentRow[]): CmsContentRow[] {
  const byKey = new Map<string, CmsContentRow>();
  for (const row of rows) {
    if (!row.published) continue;
    const key = `${row.section}\u0000${row.content_key}`;
    const current = byKey.get(key);
    if (!current || newer(row, current)) byKey.set(key, row);
  }
  return [...byKey.values()].sort((a, b) =>
    a.section === b.section ? (a.content_key < b.content_key ? -1 : 1) : a.section < b.section ? -1 : 1,
  );
}

/** The same rule for global text: published, one per content_key, newest wins, ordered by key. */
export function visibleGlobalText(rows: readonly CmsGlobalContentRow[]): CmsGlobalContentRow[] {
  const byKey = new Map<string, CmsGlobalContentRow>();
  for (const row of rows) {
    if (!row.published) continue;
    const current = byKey.get(row.content_key);
    if (!current || newer(row, current)) byKey.set(row.content_key, row);
  }
  return [...byKey.values()].sort((a, b) => (a.content_key < b.content_key ? -1 : 1));
}
