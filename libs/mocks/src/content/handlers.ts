import { http, HttpResponse } from 'msw';
import {
  cmsImagesQuerySchema,
  faqQuerySchema,
  pageTextParamsSchema,
  type CmsContentRow,
  type CmsGlobalContentRow,
  type CmsImageRow,
  type ErrorEnvelope,
  type FaqRow,
  type SecretWordRow,
} from '@croft/contracts';
import * as z from 'zod/mini';
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

function invalid(message: string) {
  return HttpResponse.json<ErrorEnvelope>({ error: { code: 'invalid_request', message } }, { status: 400 });
}

function failure(status: number) {
  return HttpResponse.json<ErrorEnvelope>({ error: { code: 'internal_error', message: 'Something went wrong' } }, { status });
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
  const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

  return [
    http.get('*/api/content/faq', ({ request }) => {
      const status = failing('faq');
      if (status) return failure(status);
      const parsed = faqQuerySchema.safeParse(query(request));
      if (!parsed.success) return invalid('page must be one of the site pages');
      const items = faqRows
        .filter((row) => row.page === parsed.data.page && row.published)
        .sort((a, b) => a.sort_order - b.sort_order);
      return HttpResponse.json({ items });
    }),
    http.get('*/api/content/pages/:page/text', ({ params, request }) => {
      const status = failing('pageText');
      if (status) return failure(status);
      const parsed = z.safeParse(pageTextParamsSchema, { page: params.page });
      if (!parsed.success || new URL(request.url).search) return invalid('page must be one of the site pages');
      const items = newestPublished(
        textRows.filter((row) => row.page === parsed.data.page),
        (row) => `${row.section}\u0000${row.content_key}`,
      );
      return HttpResponse.json({ items });
    }),
    http.get('*/api/content/global', () => {
      const status = failing('globalText');
      if (status) return failure(status);
      return HttpResponse.json({ items: newestPublished(globalRows, (row) => row.content_key) });
    }),
    http.get('*/api/content/images', ({ request }) => {
      const status = failing('images');
      if (status) return failure(status);
      const parsed = z.safeParse(cmsImagesQuerySchema, query(request));
      if (!parsed.success) return invalid('page and carousel_name are required');
      const items = imageRows
        .filter((row) => row.page === parsed.data.page && row.carousel_name === parsed.data.carousel_name && row.published)
        .sort((a, b) => a.sort_order - b.sort_order);
      return HttpResponse.json({ items });
    }),
    http.get('*/api/content/secret-words', () => {
      const status = failing('secretWords');
      if (status) return failure(status);
      const items = wordRows
        .filter((row) => row.is_active)
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
        .map((row) => row.word);
      return HttpResponse.json({ items });
    }),
  ];
}
