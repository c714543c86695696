import {
  contentEndpoints as content,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type CmsImageRow,
  type FaqRow,
  type SecretWordRow,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError } from '../endpoint';
import {
  buildCarouselFixtures,
  buildGlobalTextFixtures,
  buildPageTextFixtures,
  buildSecretWordFixtures,
} from './cms-factory';
import { buildFaqFixtures } from './faq-factory';

export type ContentEndpoint = 'faq' | 'pageText' | 'globalText' | 'images' | 'secretWords';

export interface ContentMockOptions {
  faq?: FaqRow[];
  /** cms_content rows (drafts included: the handler serves published ones, newest per key). */
  pageText?: CmsContentRow[];
  globalText?: CmsGlobalContentRow[];
  images?: CmsImageRow[];
  /** secret_words rows; the handler serves the active ones, oldest first. */
  secretWords?: SecretWordRow[];
  /** Every content endpoint answers with this status and the error envelope. */
  failWith?: number;
  /** Only these endpoints fail (with their status). */
  failures?: Partial<Record<ContentEndpoint, number>>;
}

/** The answer of a failing endpoint: the server-error envelope with the given status. */
function failure(status: number) {
  return mockError({ ...SERVER_ERROR, status });
}

function newestPublished<T extends { published: boolean; updated_at: string; id: string }>(rows: T[], keyOf: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    if (!row.published) continue;
    const current = byKey.get(keyOf(row));
    if (!current || row.updated_at > current.updated_at || (row.updated_at === current.updated_at && row.id > current.id)) {
      byKey.set(keyOf(row), row);
    }
  }
  return [...byKey.values()];
}

/**
 * The content service as MSW answers it: FAQ, page text, global text, carousels and secret
 * words, with the same validation and published-only rules. Pass rows for other states (empty,
 * drafts, long text...), `failWith` to fail everything or `failures` to fail single endpoints.
 */
export function contentHandlers(options: ContentMockOptions = {}) {
  const faqRows = options.faq ?? buildFaqFixtures();
  const textRows = options.pageText ?? buildPageTextFixtures();
  const globalRows = options.globalText ?? buildGlobalTextFixtures();
  const imageRows = options.images ?? buildCarouselFixtures();
  const wordRows = options.secretWords ?? buildSecretWordFixtures();
  const failing = (endpoint: ContentEndpoint) => options.failWith ?? options.failures?.[endpoint];

  return [
    mockEndpoint(content.listFaq, ({ query }) => {
      const status = failing('faq');
      if (status) return failure(status);
      const items = faqRows.filter((row) => row.page === query.page && row.published).sort((a, b) => a.sort_order - b.sort_order);
      return { items };
    }),
    mockEndpoint(content.getPageText, ({ params }) => {
      const status = failing('pageText');
      if (status) return failure(status);
      const items = newestPublished(
        textRows.filter((row) => row.page === params.page),
        (row) => `${row.section}\u0000${row.content_key}`,
      );
      return { items };
    }),
    mockEndpoint(content.getGlobalText, () => {
      const status = failing('globalText');
      if (status) return failure(status);
      return { items: newestPublished(globalRows, (row) => row.content_key) };
    }),
    mockEndpoint(content.listCarouselImages, ({ query }) => {
      const status = failing('images');
      if (status) return failure(status);
      const items = imageRows
        .filter((row) => row.page === query.page && row.carousel_name === query.carousel_name && row.published)
        .sort((a, b) => a.sort_order - b.sort_order);
      return { items };
    }),
    mockEndpoint(content.listSecretWords, () => {
      const status = failing('secretWords');
      if (status) return failure(status);
      const items = wordRows
        .filter((row) => row.is_active)
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
        .map((row) => row.word);
      return { items };
    }),
  ];
}
