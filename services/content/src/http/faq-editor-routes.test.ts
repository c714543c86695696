import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  auditListResponseSchema,
  faqEditorListResponseSchema,
  faqEditorRowSchema,
  faqListResponseSchema,
  FAQ_ANSWER_MAX,
  FAQ_PAGE_MAX,
  FAQ_QUESTION_MAX,
  type FaqEditorRow,
  type PageKey,
} from '@croft/contracts';
import { FAQ_SEED } from '../data/seed-faq';
import { HARNESS_ORIGIN as ORIGIN, expectError, staffPeople, setupContentHarness, type Caller } from '../testing/content-harness';

const h = setupContentHarness({ dbName: 'content_faq_editor', now: '2030-06-01T09:00:00Z' });

const { ann, bob, ada, sam } = staffPeople;
type Who = Caller;
const call = h.call;

async function editorRows(page: PageKey, who: Who = ann): Promise<FaqEditorRow[]> {
  const response = await call('get', `/editor/faq/pages/${page}`, who);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return faqEditorListResponseSchema.parse(response.body).items;
}

/** What a visitor reads (GET /faq), as questions. */
async function visitorQuestions(page: PageKey): Promise<string[]> {
  const response = await request(h.app).get(`/api/content/faq?page=${page}`);
  expect(response.status).toBe(200);
  return faqListResponseSchema.parse(response.body).items.map((i) => i.question);
}

async function create(page: PageKey, question: string, answer = 'An answer.', who: Who = ann): Promise<FaqEditorRow> {
  const response = await call('post', '/editor/faq', who, { page, question, answer });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return faqEditorRowSchema.parse(response.body);
}

async function auditActions(): Promise<{ action: string; target: string; actor: unknown; detail: string }[]> {
  const response = await call('get', '/audit?limit=100', ada);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return auditListResponseSchema.parse(response.body).items;
}

/** The whole state of the FAQ collection, to prove a refused request changed nothing. */
async function snapshot() {
  return h.content.models.faqEntry.find({}).sort({ _id: 1 }).lean();
}

const seededHome = FAQ_SEED.filter((s) => s.page === 'home').map((s) => s.question);

describe('the editor list', () => {
  it('shows every row of a page in display order, drafts included, with its version', async () => {
    const rows = await editorRows('home');
    expect(rows.map((r) => r.question)).toEqual(seededHome);
    expect(rows.every((r) => r.published && r.version === 1)).toBe(true);
    expect(rows.map((r) => r.sort_order)).toEqual([...rows.map((r) => r.sort_order)].sort((a, b) => a - b));
  });

  it('needs a signed-in editor or admin (401 / 403)', async () => {
    expectError(await call('get', '/editor/faq/pages/home', null), 401, 'not_authenticated');
    expectError(await request(h.app).get('/api/content/editor/faq/pages/home').set('Authorization', 'Bearer forged'), 401, 'invalid_token');
    expectError(await call('get', '/editor/faq/pages/home', sam), 403, 'forbidden');
    expectError(await call('post', '/editor/faq', sam, { page: 'home', question: 'Q?', answer: 'A.' }), 403, 'forbidden');
    expect((await editorRows('home', ada)).length).toBeGreaterThan(0);
  });

  it('refuses an unknown page (400)', async () => {
    expectError(await call('get', '/editor/faq/pages/nowhere', ann), 400, 'invalid_request');
  });
});

describe('adding, and what visitors see', () => {
  it('adds an unpublished question at the end; visitors see it only once published, then not after unpublishing', async () => {
    const row = await create('home', '  Do you sell gift cards?  ', '  Yes, at the bar.\nAny amount.  ');
    expect(row).toMatchObject({ page: 'home', question: 'Do you sell gift cards?', answer: 'Yes, at the bar.\nAny amount.', published: false, version: 1 });
    const rows = await editorRows('home');
    expect(rows.at(-1)?.id).toBe(row.id);
    expect(row.sort_order).toBeGreaterThan(rows.at(-2)!.sort_order);
    // Drafts never reach visitors (the read cache was cleared by the write: no TTL to wait for).
    expect(await visitorQuestions('home')).toEqual(seededHome);

    const published = await call('put', `/editor/faq/items/${row.id}/published`, ann, { published: true, version: 1 });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(faqEditorRowSchema.parse(published.body)).toMatchObject({ published: true, version: 2 });
    expect(await visitorQuestions('home')).toEqual([...seededHome, 'Do you sell gift cards?']);

    const unpublished = await call('put', `/editor/faq/items/${row.id}/published`, bob, { published: false, version: 2 });
    expect(unpublished.status).toBe(200);
    expect(await visitorQuestions('home')).toEqual(seededHome);

    const events = await auditActions();
    expect(events.slice(0, 3).map((e) => [e.action, e.target])).toEqual([
      ['faq.unpublished', `faq/home/${row.id}`],
      ['faq.published', `faq/home/${row.id}`],
      ['faq.created', `faq/home/${row.id}`],
    ]);
    expect(events[0].actor).toEqual({ id: bob.sub, email: bob.email });
    expect(events[2].detail).toContain('Do you sell gift cards?');
    await h.content.faqEditor.remove(row.id, 3, { id: 'test' });
  });

  it('refuses bad text with a clear error and changes nothing', async () => {
    const before = await snapshot();
    const cases: [unknown, RegExp][] = [
      [{ page: 'home', question: '   ', answer: 'A.' }, /question: is required/],
      [{ page: 'home', question: 'Q?', answer: '' }, /answer: is required/],
      [{ page: 'home', question: 'Q'.repeat(FAQ_QUESTION_MAX + 1), answer: 'A.' }, /at most 300 characters/],
      [{ page: 'home', question: 'Q?', answer: 'A'.repeat(FAQ_ANSWER_MAX + 1) }, /at most 3000 characters/],
      [{ page: 'home', question: 'Two\nlines?', answer: 'A.' }, /one line/],
      [{ page: 'home', question: 'Bell\u0007?', answer: 'A.' }, /control characters/],
      [{ page: 'home', question: 'Q?', answer: 'Tab\there' }, /control characters/],
      [{ page: 'nowhere', question: 'Q?', answer: 'A.' }, /page/],
      [{ page: 'home', question: 'Q?', answer: 'A.', published: true }, /published|unrecognized|Unrecognized/i],
      [{ page: 'home', question: { $ne: 1 }, answer: 'A.' }, /question/],
      [{ page: 'home', question: 'Q?' }, /answer/],
    ];
    for (const [body, message] of cases) {
      const response = await call('post', '/editor/faq', ann, body);
      expect(expectError(response, 400, 'invalid_request'), JSON.stringify(body)).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('allows exactly 300 and 3000 characters', async () => {
    const row = await create('hall', 'Q'.repeat(FAQ_QUESTION_MAX), 'A'.repeat(FAQ_ANSWER_MAX));
    expect(row.question).toHaveLength(FAQ_QUESTION_MAX);
    expect(row.answer).toHaveLength(FAQ_ANSWER_MAX);
    await h.content.faqEditor.remove(row.id, 1, { id: 'test' });
  });

  it('refuses a question the page already has (409) and a full page (409)', async () => {
    const before = await snapshot();
    const message = expectError(await call('post', '/editor/faq', ann, { page: 'home', question: seededHome[0], answer: 'Again.' }), 409, 'faq_question_exists');
    expect(message).toMatch(/already has that question/);
    expect(await snapshot()).toEqual(before);

    const existing = (await editorRows('community')).length;
    const filler = Array.from({ length: FAQ_PAGE_MAX - existing }, (_, i) => ({
      page: 'community',
      question: `Filler ${i}?`,
      answer: 'x',
      sort_order: 1000 + i,
      published: false,
      version: 1,
    }));
    await h.content.models.faqEntry.insertMany(filler);
    try {
      expectError(await call('post', '/editor/faq', ann, { page: 'community', question: 'One too many?', answer: 'No.' }), 409, 'faq_page_full');
    } finally {
      await h.content.models.faqEntry.deleteMany({ page: 'community', question: /^Filler / });
    }
  });
});

describe('editing over a version', () => {
  it('saves new text and bumps the version; a stale version is a 409 and nothing is written', async () => {
    const row = await create('cafe', 'Is there wifi?', 'Yes.');
    const saved = await call('patch', `/editor/faq/items/${row.id}`, ann, { answer: 'Yes, ask for the password.', version: 1 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(faqEditorRowSchema.parse(saved.body)).toMatchObject({ question: 'Is there wifi?', answer: 'Yes, ask for the password.', version: 2 });

    // Bob started from version 1 too: his save is refused, Ann's text stays.
    const before = await snapshot();
    const message = expectError(await call('patch', `/editor/faq/items/${row.id}`, bob, { question: 'Wifi?', version: 1 }), 409, 'edit_conflict');
    expect(message).toMatch(/Reload/);
    expect(await snapshot()).toEqual(before);
    // Publishing and deleting over a stale version are refused the same way.
    expectError(await call('put', `/editor/faq/items/${row.id}/published`, bob, { published: true, version: 1 }), 409, 'edit_conflict');
    expectError(await call('delete', `/editor/faq/items/${row.id}?version=1`, bob), 409, 'edit_conflict');
    expect(await snapshot()).toEqual(before);

    const renamed = await call('patch', `/editor/faq/items/${row.id}`, bob, { question: 'Do you have wifi?', version: 2 });
    expect(faqEditorRowSchema.parse(renamed.body)).toMatchObject({ question: 'Do you have wifi?', version: 3 });
    const [updated] = await auditActions();
    expect(updated).toMatchObject({ action: 'faq.updated', target: `faq/cafe/${row.id}` });
    expect(updated.detail).toContain('was “Is there wifi?”');
    await h.content.faqEditor.remove(row.id, 3, { id: 'test' });
  });

  it('editing a published row changes what visitors read at once', async () => {
    const [first] = await editorRows('kitchens');
    expect(await visitorQuestions('kitchens')).toContain(first.question);
    const response = await call('patch', `/editor/faq/items/${first.id}`, ann, { question: 'Renamed live question?', version: first.version });
    expect(response.status).toBe(200);
    expect((await visitorQuestions('kitchens'))[0]).toBe('Renamed live question?');
    await h.content.faqEditor.update(first.id, first.version + 1, { question: first.question }, { id: 'test' });
  });

  it('refuses bad updates (400) and unknown rows (404)', async () => {
    const [row] = await editorRows('beer');
    const before = await snapshot();
    for (const body of [
      { version: row.version },
      { answer: 'x', version: 0 },
      { answer: 'x' },
      { answer: 'x', version: row.version, published: true },
      { answer: 'x', version: row.version, page: 'home' },
      { answer: { $set: 'x' }, version: row.version },
      { question: '', version: row.version },
      { answer: 'x', version: '1' },
    ]) {
      expectError(await call('patch', `/editor/faq/items/${row.id}`, ann, body), 400, 'invalid_request');
    }
    expectError(await call('patch', '/editor/faq/items/not-an-id', ann, { answer: 'x', version: 1 }), 400, 'invalid_request');
    expectError(await call('delete', `/editor/faq/items/${row.id}`, ann), 400, 'invalid_request');
    expectError(await call('delete', `/editor/faq/items/${row.id}?version=abc`, ann), 400, 'invalid_request');
    expectError(await call('put', `/editor/faq/items/${row.id}/published`, ann, { published: 'yes', version: row.version }), 400, 'invalid_request');
    const missing = '0123456789abcdef01234567';
    expectError(await call('patch', `/editor/faq/items/${missing}`, ann, { answer: 'x', version: 1 }), 404, 'faq_not_found');
    expectError(await call('put', `/editor/faq/items/${missing}/published`, ann, { published: true, version: 1 }), 404, 'faq_not_found');
    expectError(await call('delete', `/editor/faq/items/${missing}?version=1`, ann), 404, 'faq_not_found');
    // Renaming onto another question of the page.
    const [, other] = await editorRows('beer');
    expectError(await call('patch', `/editor/faq/items/${row.id}`, ann, { question: other.question, version: row.version }), 409, 'faq_question_exists');
    expect(await snapshot()).toEqual(before);
  });
});

describe('deleting', () => {
  it('deletes over the version seen, audit-logs the deleted text, and visitors stop seeing it', async () => {
    const row = await create('cocktails', 'Do you do mocktails?', 'Always.');
    await call('put', `/editor/faq/items/${row.id}/published`, ann, { published: true, version: 1 });
    expect(await visitorQuestions('cocktails')).toContain('Do you do mocktails?');
    const response = await call('delete', `/editor/faq/items/${row.id}?version=2`, ann);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ deleted: true });
    expect(await visitorQuestions('cocktails')).not.toContain('Do you do mocktails?');
    expect((await editorRows('cocktails')).some((r) => r.id === row.id)).toBe(false);
    const [deleted] = await auditActions();
    expect(deleted).toMatchObject({ action: 'faq.deleted', target: `faq/cocktails/${row.id}` });
    expect(deleted.detail).toMatch(/Do you do mocktails\?.*published.*Always\./);
    expectError(await call('delete', `/editor/faq/items/${row.id}?version=2`, ann), 404, 'faq_not_found');
  });

  it('a deleted bundled question stays deleted after a restart (seed)', async () => {
    const [first] = await editorRows('community');
    expect((await call('delete', `/editor/faq/items/${first.id}?version=${first.version}`, ann)).status).toBe(200);
    expect(await h.content.seed()).toMatchObject({ faqInserted: 0 });
    expect((await editorRows('community')).some((r) => r.question === first.question)).toBe(false);
  });
});

describe('reordering', () => {
  it('puts the rows in the given order (drafts included); visitors read the published ones in that order', async () => {
    const draft = await create('beer', 'A draft in the middle?');
    const rows = await editorRows('beer');
    const ids = [...rows].reverse().map((r) => r.id);
    const response = await call('put', '/editor/faq/pages/beer/order', bob, { ids });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const items = faqEditorListResponseSchema.parse(response.body).items;
    expect(items.map((r) => r.id)).toEqual(ids);
    expect(items.map((r) => r.sort_order)).toEqual(ids.map((_, i) => (i + 1) * 10));
    expect((await editorRows('beer')).map((r) => r.id)).toEqual(ids);
    // Versions are untouched: an editor mid-edit can still save.
    expect(items.find((r) => r.id === draft.id)?.version).toBe(1);
    expect(await visitorQuestions('beer')).toEqual([...rows].reverse().filter((r) => r.published).map((r) => r.question));
    const [event] = await auditActions();
    expect(event).toMatchObject({ action: 'faq.reordered', target: 'faq/beer', actor: { id: bob.sub, email: bob.email } });
    await h.content.faqEditor.remove(draft.id, 1, { id: 'test' });
  });

  it('refuses a list that is not exactly the page’s rows (409) or is malformed (400), and moves nothing', async () => {
    const rows = await editorRows('cafe');
    const ids = rows.map((r) => r.id);
    const other = (await editorRows('home'))[0].id;
    const before = await snapshot();
    for (const bad of [ids.slice(1), [...ids, other], [other, ...ids.slice(1)]]) {
      const message = expectError(await call('put', '/editor/faq/pages/cafe/order', ann, { ids: bad }), 409, 'faq_order_mismatch');
      expect(message).toMatch(/Nothing was moved/);
    }
    for (const bad of [{ ids: [...ids, ids[0]] }, { ids: [] }, { ids: ['nope'] }, { ids, extra: 1 }, { ids: { $in: ids } }, {}]) {
      expectError(await call('put', '/editor/faq/pages/cafe/order', ann, bad), 400, 'invalid_request');
    }
    expectError(await call('put', '/editor/faq/pages/nowhere/order', ann, { ids }), 400, 'invalid_request');
    expectError(await call('put', '/editor/faq/pages/cafe/order', null, { ids }), 401, 'not_authenticated');
    expectError(await call('put', '/editor/faq/pages/cafe/order', sam, { ids }), 403, 'forbidden');
    expect(await snapshot()).toEqual(before);
  });
});

describe('the write limit', () => {
  it('counts each editor’s FAQ writes per minute (429 rate_limited)', async () => {
    const { service: limited, app: limitedApp } = h.another({ editorWritesPerMinute: 2 });
    try {
      const who = { ...ann, sub: 'user-limited' };
      const token = await h.tokens.token(who);
      const post = (question: string) =>
        request(limitedApp).post('/api/content/editor/faq').set('Origin', ORIGIN).set('Authorization', `Bearer ${token}`).send({ page: 'hall', question, answer: 'A.' });
      expect((await post('Limit one?')).status).toBe(201);
      expect((await post('Limit two?')).status).toBe(201);
      expectError(await post('Limit three?'), 429, 'rate_limited');
      expect(await h.content.models.faqEntry.countDocuments({ question: 'Limit three?' })).toBe(0);
    } finally {
      await h.content.models.faqEntry.deleteMany({ question: /^Limit / });
      await limited.close();
    }
  });
});
