import type { CmsContentRow, CmsGlobalContentRow } from '@croft/contracts';

/** A row as read from the store: the visitor's row plus the version's revision (0 before versions). */
type Revised<T> = T & { revision: number };

/** The higher revision wins; rows from before versions (revision 0) fall back to updated_at, then id. */
function newer(a: Revised<{ updated_at: string; id: string }>, b: Revised<{ updated_at: string; id: string }>): boolean {
  if (a.revision !== b.revision) return a.revision > b.revision;
  const at = Date.parse(a.updated_at);
  const bt = Date.parse(b.updated_at);
  return at !== bt ? at > bt : a.id > b.id;
}

function withoutRevision<T extends object>(row: Revised<T>): T {
  const { revision: _revision, ...rest } = row;
  return rest as unknown as T;
}

/**
 * What visitors see of a page (spec 000 §4–§7): published rows only, one per (section,
 * content_key), the highest revision winning. Drafts never pass, whatever their revision. The
 * result is ordered by section, then key, so the answer is stable.
 */
export function visiblePageText(rows: readonly Revised<CmsContentRow>[]): CmsContentRow[] {
  const byKey = new Map<string, Revised<CmsContentRow>>();
  for (const row of rows) {
    if (!row.published) continue;
    const key = `${row.section}\u0000${row.content_key}`;
    const current = byKey.get(key);
    if (!current || newer(row, current)) byKey.set(key, row);
  }
  return [...byKey.values()]
    .sort((a, b) => (a.section === b.section ? (a.content_key < b.content_key ? -1 : 1) : a.section < b.section ? -1 : 1))
    .map(withoutRevision);
}

/** The same rule for global text: published, one per content_key, highest revision wins, ordered by key. */
export function visibleGlobalText(rows: readonly Revised<CmsGlobalContentRow>[]): CmsGlobalContentRow[] {
  const byKey = new Map<string, Revised<CmsGlobalContentRow>>();
  for (const row of rows) {
    if (!row.published) continue;
    const current = byKey.get(row.content_key);
    if (!current || newer(row, current)) byKey.set(row.content_key, row);
  }
  return [...byKey.values()].sort((a, b) => (a.content_key < b.content_key ? -1 : 1)).map(withoutRevision);
}
