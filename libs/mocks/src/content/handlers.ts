import { http, HttpResponse } from 'msw';
import { faqQuerySchema, type ErrorEnvelope, type FaqRow } from '@croft/contracts';
import { buildFaqFixtures } from './faq-factory';

function invalid(message: string) {
  return HttpResponse.json<ErrorEnvelope>({ error: { code: 'invalid_request', message } }, { status: 400 });
}

/** The content service as MSW answers it. Pass rows to show other states (empty, long text...). */
export function contentHandlers(options: { faq?: FaqRow[]; failWith?: number } = {}) {
  const rows = options.faq ?? buildFaqFixtures();
  return [
    http.get('*/api/content/faq', ({ request }) => {
      if (options.failWith) {
        return HttpResponse.json<ErrorEnvelope>(
          { error: { code: 'internal_error', message: 'Something went wrong' } },
          { status: options.failWith },
        );
      }
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = faqQuerySchema.safeParse(query);
      if (!parsed.success) return invalid('page must be one of the site pages');
      const items = rows
        .filter((row) => row.page === parsed.data.page && row.published)
        .sort((a, b) => a.sort_order - b.sort_order);
      return HttpResponse.json({ items });
    }),
  ];
}
