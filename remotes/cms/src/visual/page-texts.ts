import {
  GLOBAL_CMS_PAGE,
  GLOBAL_CMS_SECTION,
  GLOBAL_TEXT_DEFAULTS,
  PAGE_TEXT_DEFAULTS,
  type EditablePage,
  type EditorTextEntry,
} from '@croft/contracts';
import { textId } from '../review/text-labels';

/** Every text the site bundles for a page (or the site-wide texts), as keys in the page's order. */
function bundledKeys(page: EditablePage): { section: string; content_key: string }[] {
  if (page === GLOBAL_CMS_PAGE) return Object.keys(GLOBAL_TEXT_DEFAULTS).map((content_key) => ({ section: GLOBAL_CMS_SECTION, content_key }));
  return Object.entries(PAGE_TEXT_DEFAULTS[page]).flatMap(([section, keys]) => Object.keys(keys).map((content_key) => ({ section, content_key })));
}

const draftTime = (entry: EditorTextEntry) => (entry.draft ? Date.parse(entry.draft.updated_at) : 0);

/**
 * Every CMS text of a page for the panel: what the service has stored (live, draft, schedule) and
 * each bundled text it has no version of yet (live: the bundled text). Texts with a pending draft
 * come first, newest draft first; then the rest in the page's own order.
 */
export function pageTexts(page: EditablePage, stored: readonly EditorTextEntry[]): EditorTextEntry[] {
  const byId = new Map(stored.filter((entry) => entry.page === page).map((entry) => [textId(entry), entry]));
  const ordered: EditorTextEntry[] = [];
  for (const key of bundledKeys(page)) {
    const id = textId({ page, ...key });
    ordered.push(byId.get(id) ?? { page, ...key, live: null, draft: null, head_revision: 0, scheduled: null });
    byId.delete(id);
  }
  // Texts stored but no longer bundled keep a place at the end, in name order.
  ordered.push(...[...byId.values()].sort((a, b) => textId(a).localeCompare(textId(b))));
  const drafts = ordered.filter((entry) => entry.draft).sort((a, b) => draftTime(b) - draftTime(a));
  return [...drafts, ...ordered.filter((entry) => !entry.draft)];
}
