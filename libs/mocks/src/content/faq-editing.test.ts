import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faqEditorListResponseSchema, faqEditorRowSchema, faqListResponseSchema, type FaqEditorRow } from '@croft/contracts';
import { createMockServer } from '../node';
import { createFaqEditingStore, faqEditingHandlers } from './faq-editing';

const server = createMockServer([]);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const BASE = 'http://api.test/api/content';
async function call(method: string, path: string, body?: unknown, token: string | null = 'token') {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string }; items?: unknown } & Record<string, unknown> };
}
const rows = async (page = 'home'): Promise<FaqEditorRow[]> => faqEditorListResponseSchema.parse((await call('GET', `/editor/faq/pages/${page}`)).body).items;
const visitor = async (page = 'home') => faqListResponseSchema.parse((await call('GET', `/faq?page=${page}`, undefined, null)).body).items.map((i) => i.question);

describe('faqEditingHandlers', () => {
  it('adds a draft that visitors see only once published', async () => {
    server.use(...faqEditingHandlers());
    const before = await visitor();
    const created = await call('POST', '/editor/faq', { page: 'home', question: '  Parking?  ', answer: 'Nearby.' });
    expect(created.status).toBe(201);
    const row = faqEditorRowSchema.parse(created.body);
    expect(row).toMatchObject({ question: 'Parking?', published: false, version: 1 });
    expect((await rows()).at(-1)?.id).toBe(row.id);
    expect(await visitor()).toEqual(before);
    const published = await call('PUT', `/editor/faq/items/${row.id}/published`, { published: true, version: 1 });
    expect(published.body).toMatchObject({ published: true, version: 2 });
    expect(await visitor()).toEqual([...before, 'Parking?']);
  });

  it('follows the service rules: 401, 400, 409 on a stale version, exact reorders, delete', async () => {
    const store = createFaqEditingStore();
    server.use(...faqEditingHandlers({ store }));
    expect((await call('GET', '/editor/faq/pages/home', undefined, null)).body.error?.code).toBe('not_authenticated');
    expect((await call('POST', '/editor/faq', { page: 'home', question: '', answer: 'x' })).status).toBe(400);
    expect((await call('POST', '/editor/faq', { page: 'home', question: 'Q?', answer: 'x', published: true })).status).toBe(400);
    const [first, second] = await rows();
    expect((await call('POST', '/editor/faq', { page: 'home', question: first.question, answer: 'x' })).body.error?.code).toBe('faq_question_exists');
    expect((await call('PATCH', `/editor/faq/items/${first.id}`, { answer: 'New', version: first.version })).status).toBe(200);
    expect((await call('PATCH', `/editor/faq/items/${first.id}`, { answer: 'Stale', version: first.version })).body.error?.code).toBe('edit_conflict');
    expect(store.rows.find((r) => r.id === first.id)?.answer).toBe('New');

    const ids = (await rows()).map((r) => r.id);
    expect((await call('PUT', '/editor/faq/pages/home/order', { ids: ids.slice(1) })).body.error?.code).toBe('faq_order_mismatch');
    const reordered = await call('PUT', '/editor/faq/pages/home/order', { ids: [second.id, first.id, ...ids.slice(2)] });
    expect(faqEditorListResponseSchema.parse(reordered.body).items.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);

    expect((await call('DELETE', `/editor/faq/items/${second.id}?version=${second.version}`)).body).toEqual({ deleted: true });
    expect((await call('DELETE', `/editor/faq/items/${second.id}?version=${second.version}`)).body.error?.code).toBe('faq_not_found');
    expect(store.audit.map((e) => e.action)).toEqual(['faq.deleted', 'faq.reordered', 'faq.updated']);
  });

  it('the conflict world: the first write to a row is a 409, the next over the reloaded version works', async () => {
    server.use(...faqEditingHandlers({ conflictAnswer: 'Theirs' }));
    const [first] = await rows();
    expect((await call('PATCH', `/editor/faq/items/${first.id}`, { answer: 'Mine', version: first.version })).status).toBe(409);
    const [reloaded] = await rows();
    expect(reloaded).toMatchObject({ answer: 'Theirs', version: first.version + 1 });
    expect((await call('PATCH', `/editor/faq/items/${first.id}`, { answer: 'Mine', version: reloaded.version })).status).toBe(200);
  });
});
