import { useCallback } from 'react';
import type { PageKey } from '@croft/contracts';
import { createContentClient, pageTextQueryKey, type ContentClient } from '@croft/api-client/content';
import { queryOptions, useQuery } from '@croft/query';
import { EMPTY_TEXT, pageMap, resolvePageText, type TextEntry } from '../text-map';

const content = createContentClient();

/**
 * A page's published CMS text (spec 000 §3–§8): one request per page per session. Published
 * text does not go stale within a visit, and a read that failed (after react-query's retry of a
 * transient failure) is not asked again: the bundled text stands for the session, as before.
 * The cache holds the rows as the content client answers them (pageTextQueryKey): in edit mode
 * the editing overlay writes the editor's drafts there, and CmsText shows them.
 */
export function pageTextQuery(page: PageKey, client: ContentClient = content) {
  return queryOptions({
    queryKey: pageTextQueryKey(page),
    queryFn: ({ signal }) => client.pageText(page, { signal }),
    staleTime: Infinity,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    meta: { errorMessage: `[site] page text for ${page} could not be read; showing the bundled text` },
  });
}

export interface PageText {
  /** True once the page's published text has arrived (or its read failed and fallback is final). */
  ready: boolean;
  /** The text and positioning for a key: published row, else bundled default, else undefined. */
  entry(section: string, contentKey: string): TextEntry | undefined;
  /** The text for a key ('' when there is none at all). */
  text(section: string, contentKey: string): string;
}

/**
 * The CMS text of a page: published rows only, the bundled text (libs/contracts page-text.ts)
 * for any key the database lacks or when the read fails. The bundled text shows from the first
 * render, so nothing waits on the network.
 */
export function usePageText(page: PageKey, client?: ContentClient): PageText {
  const { data, isError } = useQuery({ ...pageTextQuery(page, client), select: pageMap });
  const current = data ?? (isError ? EMPTY_TEXT : undefined);
  const entry = useCallback((section: string, contentKey: string) => resolvePageText(current, page, section, contentKey), [current, page]);
  return { ready: current !== undefined, entry, text: (section, contentKey) => entry(section, contentKey)?.text ?? '' };
}
