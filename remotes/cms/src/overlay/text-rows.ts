import {
  GLOBAL_CMS_PAGE,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type EditorTextEntry,
  type PageKey,
  type TextVersion,
} from '@croft/contracts';

/** Which version of a text the page shows: the pending draft in edit mode, else what is live. */
export type Shown = 'draft' | 'live';

const pick = (entry: EditorTextEntry, shown: Shown): TextVersion | null => (shown === 'draft' ? (entry.draft ?? entry.live) : entry.live);

/**
 * A page's texts as the rows its readers take (the site's CmsText, the shell's brand name and the
 * footer read the page-text and global-text caches, published rows only). Each text becomes one
 * row of the version shown, marked as shown (published true) so the readers need know nothing of
 * drafts; a text with no version to show is left out (its bundled text shows). The rows live only
 * in this tab's cache: leaving edit mode puts the service's published rows back.
 */
export function pageRows(page: PageKey, entries: readonly EditorTextEntry[], shown: Shown): CmsContentRow[] {
  return entries.flatMap((entry) => {
    const version = pick(entry, shown);
    if (!version) return [];
    return [
      {
        id: version.id,
        page,
        section: entry.section,
        content_key: entry.content_key,
        content_type: 'text' as const,
        content_data: version.content_data,
        published: true,
        created_by: version.created_by?.id ?? null,
        updated_at: version.updated_at,
      },
    ];
  });
}

/** The global texts (page 'global') as cms_global_content rows, the same way. */
export function globalRows(entries: readonly EditorTextEntry[], shown: Shown): CmsGlobalContentRow[] {
  return entries.flatMap((entry) => {
    const version = entry.page === GLOBAL_CMS_PAGE ? pick(entry, shown) : null;
    if (!version) return [];
    return [
      {
        id: version.id,
        content_key: entry.content_key,
        content_type: 'text' as const,
        content_value: version.content_data.text,
        content_data: version.content_data,
        published: true,
        created_by: version.created_by?.id ?? null,
        updated_at: version.updated_at,
      },
    ];
  });
}
