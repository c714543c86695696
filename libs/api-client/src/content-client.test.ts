import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { BACKGROUND_SETS, GLOBAL_TEXT_DEFAULTS, PAGE_TEXT_DEFAULTS } from '@croft/contracts';
import { buildCmsImageRow, buildCmsTextRow, buildFaqRow, buildGlobalTextRow, buildSecretWordRow, contentHandlers } from '@croft/mocks';
import { createMockServer } from '@croft/mocks/node';
import { ApiError } from './api-error';
import { createContentClient } from './content-client';
import { createSecretWordClient } from './secret-word-client';

const server = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createContentClient({ baseUrl: 'http://api.test' });
const words = createSecretWordClient({ baseUrl: 'http://api.test' });

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

  it('reads a page text: published rows only, newest per key, with positioning', async () => {
    server.use(
      ...contentHandlers({
        pageText: [
          buildCmsTextRow({ id: '1', page: 'beer', section: 'hero', content_key: 'title', content_data: { text: 'Old' }, updated_at: '2025-01-01T00:00:00.000Z' }),
          buildCmsTextRow({
            id: '2',
            page: 'beer',
            section: 'hero',
            content_key: 'title',
            content_data: { text: 'New', positioning: { alignment: 'center', marginTop: '2' } },
            updated_at: '2025-02-01T00:00:00.000Z',
          }),
          buildCmsTextRow({ id: '3', page: 'beer', section: 'hero', content_key: 'title', content_data: { text: 'Draft' }, published: false, updated_at: '2025-03-01T00:00:00.000Z' }),
          buildCmsTextRow({ id: '4', page: 'home', section: 'hero', content_key: 'title', content_data: { text: 'Home' } }),
        ],
      }),
    );
    const rows = await client.pageText('beer');
    expect(rows.map((r) => [r.content_key, r.content_data])).toEqual([['title', { text: 'New', positioning: { alignment: 'center', marginTop: '2' } }]]);
  });

  it('reads the default fixtures: every page text, the global text, carousels and secret words', async () => {
    server.use(...contentHandlers());
    const cafe = await client.pageText('cafe');
    expect(cafe.find((r) => r.section === 'about' && r.content_key === 'body')?.content_data.text).toBe(PAGE_TEXT_DEFAULTS.cafe.about.body);
    const global = await client.globalText();
    expect(global.find((r) => r.content_key === 'brand_name')?.content_value).toBe(GLOBAL_TEXT_DEFAULTS.brand_name);
    const hero = await client.images('home', 'hero');
    expect(hero.map((r) => r.image_url)).toEqual(BACKGROUND_SETS.home.map((b) => `/images/${b.id}`));
    expect(await client.images('cafe', 'hero')).toEqual([]);
    const active = await words.secretWords();
    expect(active[0]).toBe('stillage');
    expect(active).not.toContain('retired');
  });

  it('orders images and words as the service does and hides unpublished or retired ones', async () => {
    server.use(
      ...contentHandlers({
        images: [
          buildCmsImageRow({ id: 'b', image_url: '/images/home-2', sort_order: 20 }),
          buildCmsImageRow({ id: 'a', image_url: '/images/home-1', sort_order: 10 }),
          buildCmsImageRow({ id: 'c', image_url: '/images/home-3', sort_order: 1, published: false }),
        ],
        secretWords: [
          buildSecretWordRow({ word: 'second', created_at: '2025-02-01T00:00:00.000Z' }),
          buildSecretWordRow({ word: 'first', created_at: '2025-01-01T00:00:00.000Z' }),
          buildSecretWordRow({ word: 'gone', created_at: '2024-01-01T00:00:00.000Z', is_active: false }),
        ],
        globalText: [buildGlobalTextRow({ content_key: 'brand_name', content_value: 'Draft', published: false })],
      }),
    );
    expect((await client.images('home', 'hero')).map((r) => r.image_url)).toEqual(['/images/home-1', '/images/home-2']);
    expect(await words.secretWords()).toEqual(['first', 'second']);
    expect(await client.globalText()).toEqual([]);
  });

  it('raises failures of the new endpoints as ApiError, and contract breaks as invalid_response', async () => {
    server.use(...contentHandlers({ failures: { pageText: 500, images: 503 } }));
    await expect(client.pageText('home')).rejects.toMatchObject({ status: 500, code: 'internal_error' });
    await expect(client.images('home', 'hero')).rejects.toMatchObject({ status: 503 });
    expect((await client.globalText()).length).toBeGreaterThan(0);
    server.use(http.get('*/api/content/secret-words', () => HttpResponse.json({ items: [1, 2] })));
    await expect(words.secretWords()).rejects.toMatchObject({ code: 'invalid_response' });
    server.use(http.get('*/api/content/global', () => HttpResponse.json({ items: [{ content_key: 'x' }] })));
    await expect(client.globalText()).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('encodes the page and carousel in the request', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/content/images', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ items: [] });
      }),
    );
    await client.images('common-room', 'background');
    expect(seen).toEqual(['?page=common-room&carousel_name=background']);
  });
});
