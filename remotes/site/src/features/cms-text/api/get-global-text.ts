import { useCallback } from 'react';
import type { CmsGlobalContentRow } from '@croft/contracts';
import { GLOBAL_TEXT_QUERY, createContentClient, type ContentClient } from '@croft/api-client/content';
import { queryOptions, useQuery } from '@croft/query';
import { EMPTY_TEXT, globalMap, resolveGlobalText, type TextEntry } from '../text-map';

const content = createContentClient();

/**
 * Site-wide text (brand name, tagline, footer lines), once per session like page text. The
 * key and the data (the published rows as the content client answers them) are the same as the
 * shell's brand-name read (shell/src/app/api/get-brand-name.ts), so the page's one QueryClient
 * asks the service once for both.
 */
export function globalTextQuery(client: ContentClient = content) {
  return queryOptions({
    ...GLOBAL_TEXT_QUERY,
    queryFn: ({ signal }): Promise<CmsGlobalContentRow[]> => client.globalText({ signal }),
    meta: { errorMessage: '[site] global text could not be read; showing the bundled text' },
  });
}

export interface GlobalText {
  ready: boolean;
  entry(contentKey: string): TextEntry | undefined;
  text(contentKey: string): string;
}

/** Site-wide text with the same fallback rules as page text. */
export function useGlobalText(client?: ContentClient): GlobalText {
  const { data, isError } = useQuery({ ...globalTextQuery(client), select: globalMap });
  const current = data ?? (isError ? EMPTY_TEXT : undefined);
  const entry = useCallback((contentKey: string) => resolveGlobalText(current, contentKey), [current]);
  return { ready: current !== undefined, entry, text: (contentKey) => entry(contentKey)?.text ?? '' };
}
