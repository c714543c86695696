import type { CmsGlobalContentRow } from '@croft/contracts';
import { GLOBAL_TEXT_QUERY, createContentClient, type ContentClient } from '@croft/api-client/content';
import { queryOptions, useQuery } from '@croft/query';

export const FALLBACK_BRAND = 'Croft Common';

// Imported statically on purpose: the shell's first chunk then consumes the shared zod/mini at
// start-up. A shared module the shell first asks for later, from a lazy chunk, makes the
// federation runtime fetch every registered remote's entry to compare versions.
const content = createContentClient();

/**
 * Published site-wide text, read once per session. The key and the data (the rows as the content
 * client answers them) are the same as the site remote's global text (its footer), so the page's
 * one QueryClient reads /api/content/global once for both.
 */
export function globalTextQuery(client: ContentClient = content) {
  return queryOptions({
    ...GLOBAL_TEXT_QUERY,
    queryFn: ({ signal }): Promise<CmsGlobalContentRow[]> => client.globalText({ signal }),
    meta: { errorMessage: '[shell] brand name could not be read; showing the fallback' },
  });
}

export function brandNameFrom(rows: CmsGlobalContentRow[]): string {
  const row = rows.find((item) => item.published && item.content_key === 'brand_name');
  return row?.content_value.trim() || FALLBACK_BRAND;
}

/**
 * The brand text of the top navigation from content management (global content 'brand_name'),
 * falling back to the venue's name while it loads and when the read fails (spec 000 §8: CMS read
 * failures are only logged).
 */
export function useBrandName(client?: ContentClient): string {
  return useQuery({ ...globalTextQuery(client), select: brandNameFrom }).data ?? FALLBACK_BRAND;
}
