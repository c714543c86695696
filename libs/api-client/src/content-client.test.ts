import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { buildFaqRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { ApiError } from './api-error';
import { createContentClient } from './content-client';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createContentClient({ baseUrl: 'http://api.test' });

describe('content client', () => {
  it('returns the published rows of a page in sort order', async () => {
    server.use(
      ...contentHandlers({
        faq: [
          buildFaqRow({ id: 'b', page: 'beer', question: 'Second', sort_order: 20 }),
          buildFaqRow({ id: 'a', page: 'beer', question: 'First', sort_order: 10 }),
          buildFaqRow({ id: 'c', page: 'beer', question: 'Draft', sort_order: 5, published: false }),
          buildFaqRow({ id: 'd', page: 'home', question: 'Other page' }),
        ],
      }),
    );
    const rows = await client.listFaq('beer');
    expect(rows.map((r) => r.question)).toEqual(['First', 'Second']);
  });

  it('raises the service error envelope as an ApiError', async () => {
    server.use(...contentHandlers({ failWith: 503 }));
    await expect(client.listFaq('home')).rejects.toMatchObject({ status: 503, code: 'internal_error' });
  });

  it('rejects an answer that breaks the contract', async () => {
    server.use(http.get('*/api/content/faq', () => HttpResponse.json({ items: [{ question: 1 }] })));
    const error = await client.listFaq('home').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('invalid_response');
  });

  it('turns a network failure into network_error', async () => {
    server.use(http.get('*/api/content/faq', () => HttpResponse.error()));
    await expect(client.listFaq('home')).rejects.toMatchObject({ code: 'network_error' });
  });
});
