import { DRAFT_CONTENT_CHANGED_EVENT, type TextKey } from '@croft/contracts';
import { GLOBAL_TEXT_QUERY } from '@croft/api-client/content';
import type { QueryClient } from '@croft/query';
import { editingKeys } from './editing-keys';

/** The prefix of every page's published text (pageTextQueryKey(page) in @croft/api-client/content). */
const PAGE_TEXT_PREFIX = ['content', 'page-text'] as const;

/** Tells the page (the toolbar's count, the overlay) that drafts changed. */
export function announceDraftChange(key?: TextKey) {
  const detail = key ? { page: key.page, section: key.section, content_key: key.content_key } : undefined;
  window.dispatchEvent(new CustomEvent(DRAFT_CONTENT_CHANGED_EVENT, { detail }));
}

/**
 * After drafts changed (published, discarded, restored, scheduled): every editing read and, when
 * something went live, the site's own text reads (each page's text and the global text) are read
 * again, and the page hears DRAFT_CONTENT_CHANGED_EVENT.
 */
export async function afterDraftsChanged(queryClient: QueryClient, { wentLive }: { wentLive: boolean }) {
  announceDraftChange();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: editingKeys.all }),
    ...(wentLive
      ? [queryClient.invalidateQueries({ queryKey: PAGE_TEXT_PREFIX }), queryClient.invalidateQueries({ queryKey: GLOBAL_TEXT_QUERY.queryKey })]
      : []),
  ]);
}
