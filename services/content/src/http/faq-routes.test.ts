import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema, faqListResponseSchema, PAGE_KEYS, type PageKey } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { createContentService, type ContentService } from '../content-service';
import { FAQ_SEED } from '../data/seed-faq';
import { IMAGE_SEED } from '../data/image-store';
import { SECRET_WORD_SEED } from '../data/secret-word-store';
import { GLOBAL_TEXT_SEED, PAGE_TEXT_SEED } from '../data/text-store';

const ORIGIN = 'http://localhost:3000';

let mongo: MongoHandle;
let content: ContentService;
let app: Express;
const clock = manualClock('2025-03-01T10:00:00Z');

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `content_http_${process.pid}` });
  content = createContentService({ db: mongo.connection, clock, logger: silentLogger() });
  await content.seed();
  app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: ORIGIN });
});

afterAll(async () => {
  await mongo?.stop();
});

beforeEach(() => {
  // Each test sees fresh reads unless it is testing the cache itself.
  content.invalidateCache();
});

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function allFaqDocs() {
  return content.models.faqEntry.find({}).sort({ _id: 1 }).lean();
}

describe('GET /api/content/faq', () => {
  it('returns the seeded home FAQ in order, parsable by the contract, cacheable for a minute', async () => {
    const response = await request(app).get('/api/content/faq?page=home');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    const { items } = faqListResponseSchema.parse(response.body);
    const expected = FAQ_SEED.filter((s) => s.page === 'home').sort((a, b) => a.sort_order - b.sort_order);
    expect(expected.length).toBeGreaterThanOrEqual(6);
    expect(items.map((i) => i.question)).toEqual(expected.map((s) => s.question));
    expect(items.every((i) => i.page === 'home' && i.published && /^[0-9a-f]{24}$/.test(i.id))).toBe(true);
  });

  it('has seeded content for every section page', async () => {
    for (const page of PAGE_KEYS) {
      const { items } = faqListResponseSchema.parse((await request(app).get(`/api/content/faq?page=${page}`)).body);
      expect(items.length, page).toBeGreaterThanOrEqual(page === 'home' ? 6 : 3);
    }
  });

  it('orders by sort_order then insertion (_id) and leaves out unpublished rows', async () => {
    const model = content.models.faqEntry;
    await model.deleteMany({ page: 'beer' });
    await model.create({ page: 'beer', question: 'Third', answer: 'c', sort_order: 20, published: true });
    await model.create({ page: 'beer', question: 'First', answer: 'a', sort_order: 10, published: true });
    await model.create({ page: 'beer', question: 'Hidden', answer: 'h', sort_order: 1, published: false });
    await model.create({ page: 'beer', question: 'Second', answer: 'b', sort_order: 10, published: true });
    await model.create({ page: 'beer', question: 'Negative', answer: 'n', sort_order: -5, published: true });
    const { items } = faqListResponseSchema.parse((await request(app).get('/api/content/faq?page=beer')).body);
    // Put the seeded beer FAQ back for the other tests.
    await model.deleteMany({ page: 'beer' });
    // (the seed log says they were inserted once: forget that, as on a fresh database)
    await content.models.faqSeedLog.deleteMany({ page: 'beer' });
    await content.seed({ faq: FAQ_SEED.filter((s) => s.page === 'beer') });
    expect(items.map((i) => [i.question, i.sort_order])).toEqual([
      ['Negative', -5],
      ['First', 10],
      ['Second', 10],
      ['Third', 20],
    ]);
    expect(items[1]).toEqual({ id: items[1].id, page: 'beer', question: 'First', answer: 'a', sort_order: 10, published: true });
  });

  it('answers an empty list for a page with no published rows', async () => {
    await content.models.faqEntry.updateMany({ page: 'community' }, { $set: { published: false } });
    try {
      expect((await request(app).get('/api/content/faq?page=community')).body).toEqual({ items: [] });
    } finally {
      await content.models.faqEntry.updateMany({ page: 'community' }, { $set: { published: true } });
    }
  });

  it('serves from a 5 s cache, refreshed after the TTL or on invalidation', async () => {
    const model = content.models.faqEntry;
    const first = (await request(app).get('/api/content/faq?page=kitchens')).body.items.length;
    await model.create({ page: 'kitchens', question: 'Do you do takeaway?', answer: 'Pizzas, yes.', sort_order: 99, published: true });
    clock.advance(4_000);
    expect((await request(app).get('/api/content/faq?page=kitchens')).body.items).toHaveLength(first);
    clock.advance(1_001);
    expect((await request(app).get('/api/content/faq?page=kitchens')).body.items).toHaveLength(first + 1);
    await model.deleteOne({ page: 'kitchens', question: 'Do you do takeaway?' });
    content.invalidateCache();
    expect((await request(app).get('/api/content/faq?page=kitchens')).body.items).toHaveLength(first);
  });

  it('answers a matching If-None-Match with 304 and changes the ETag when the rows change', async () => {
    const first = await request(app).get('/api/content/faq?page=cafe');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[\w-]+"$/);
    const again = await request(app).get('/api/content/faq?page=cafe').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    const model = content.models.faqEntry;
    const row = await model.findOne({ page: 'cafe' }).sort({ sort_order: 1 });
    const original = row!.answer;
    await model.updateOne({ _id: row!._id }, { $set: { answer: `${original} (updated)` } });
    try {
      content.invalidateCache();
      const changed = await request(app).get('/api/content/faq?page=cafe').set('If-None-Match', etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.body.items[0].answer).toBe(`${original} (updated)`);
    } finally {
      await model.updateOne({ _id: row!._id }, { $set: { answer: original } });
    }
  });

  it('rejects an unknown or missing page with 400 invalid_request', async () => {
    const message = expectError(await request(app).get('/api/content/faq?page=admin'), 400, 'invalid_request');
    expect(message).toContain('query.page: must be one of home, cafe, cocktails');
    expect(expectError(await request(app).get('/api/content/faq'), 400, 'invalid_request')).toContain('query.page: is required');
    expectError(await request(app).get('/api/content/faq?page=home&page=cafe'), 400, 'invalid_request');
    expect((await request(app).get('/api/content/faq?page=admin')).headers['cache-control']).toBeUndefined();
  });

  it('rejects extra query keys with 400 invalid_request', async () => {
    const message = expectError(await request(app).get('/api/content/faq?page=home&published=false'), 400, 'invalid_request');
    expect(message).toContain('query: unknown field "published"');
  });

  it('rejects operator injection in the query and changes nothing', async () => {
    const before = await allFaqDocs();
    for (const qs of ['page[$ne]=x', 'page[%24ne]=x', 'page[$regex]=.*', 'page=home&published[$ne]=true', '$where=1']) {
      const message = expectError(await request(app).get(`/api/content/faq?${qs}`), 400, 'invalid_request');
      expect(message).toMatch(/is not allowed/);
    }
    expect(await allFaqDocs()).toEqual(before);
  });

  it('answers unknown routes, malformed JSON and oversized bodies with the error envelope', async () => {
    expectError(await request(app).get('/api/content/nope'), 404, 'not_found');
    expectError(
      await request(app).post('/api/content/faq').set('Origin', ORIGIN).set('Content-Type', 'application/json').send('{"page":'),
      400,
      'invalid_json',
    );
    expectError(
      await request(app).post('/api/content/faq').set('Origin', ORIGIN).send({ answer: 'x'.repeat(200_000) }),
      413,
      'payload_too_large',
    );
    expectError(
      await request(app).post('/api/content/faq').set('Origin', 'https://evil.example').send({}),
      403,
      'forbidden_origin',
    );
  });
});

describe('seeding', () => {
  it('is idempotent: a second run inserts nothing and the count stays the same', async () => {
    const model = content.models.faqEntry;
    await content.seed();
    const count = await model.countDocuments();
    expect(await content.seed()).toEqual({ faqInserted: 0, pageTextInserted: 0, globalTextInserted: 0, imagesInserted: 0, secretWordsInserted: 0 });
    expect(await model.countDocuments()).toBe(count);
    for (const seed of FAQ_SEED) {
      expect(await model.countDocuments({ page: seed.page, question: seed.question }), seed.question).toBe(1);
    }
  });

  it('never overwrites an editor’s change, never brings back a deleted or reworded bundled question, and adds new bundled ones', async () => {
    const model = content.models.faqEntry;
    const seedRow = FAQ_SEED.find((s) => s.page === 'cafe')!;
    await model.updateOne({ page: 'cafe', question: seedRow.question }, { $set: { answer: 'Edited by staff', sort_order: 5 } });
    const edited = await model.findOne({ page: 'cafe', question: seedRow.question }).lean();
    const [removed, reworded] = FAQ_SEED.filter((s) => s.page === 'cocktails');
    await model.deleteOne({ page: 'cocktails', question: removed.question });
    await model.updateOne({ page: 'cocktails', question: reworded.question }, { $set: { question: 'Reworded by staff?' } });
    const added = { page: 'community' as const, question: 'A question bundled in a later release?', answer: 'Yes.', sort_order: 990 };

    expect(await content.seed({ faq: [...FAQ_SEED, added] })).toMatchObject({ faqInserted: 1, pageTextInserted: 0 });
    const after = await model.findOne({ page: 'cafe', question: seedRow.question }).lean();
    expect(after).toEqual(edited);
    expect(await model.countDocuments({ page: 'cocktails', question: removed.question })).toBe(0);
    expect(await model.countDocuments({ page: 'cocktails', question: reworded.question })).toBe(0);
    expect(await model.countDocuments({ page: 'community', question: added.question })).toBe(1);
    // A database seeded before the log: a bundled row found in place is logged, not duplicated.
    await content.models.faqSeedLog.deleteMany({ page: 'cafe' });
    expect(await content.seed({ faq: [...FAQ_SEED, added] })).toMatchObject({ faqInserted: 0 });
    expect(await content.models.faqSeedLog.countDocuments({ page: 'cafe', question: seedRow.question })).toBe(1);
    await model.deleteOne({ page: 'community', question: added.question });
  });

  it('enforces one row per (page, question) and the row rules in the model', async () => {
    const model = content.models.faqEntry;
    const existing = FAQ_SEED[0];
    await expect(
      model.create({ page: existing.page, question: existing.question, answer: 'dup', sort_order: 1, published: true }),
    ).rejects.toMatchObject({ code: 11000 });
    await expect(model.create({ page: 'home', question: 'Q?', answer: 'A', sort_order: 1.5, published: true })).rejects.toThrow(
      /sort_order must be a whole number/,
    );
    await expect(model.create({ page: 'nowhere' as PageKey, question: 'Q?', answer: 'A', sort_order: 1, published: true })).rejects.toThrow(
      /page/,
    );
  });
});

describe('seeding a fresh database', () => {
  it('inserts every seed row exactly once even when two seeds race', async () => {
    const fresh = await connectMongo({ uri: mongo.uri, dbName: `content_race_${process.pid}` });
    try {
      const service = createContentService({ db: fresh.connection });
      const results = await Promise.all([service.seed(), service.seed()]);
      expect(results[0].faqInserted + results[1].faqInserted).toBe(FAQ_SEED.length);
      expect(await service.models.faqEntry.countDocuments()).toBe(FAQ_SEED.length);
      const keys = (await service.models.faqEntry.find({}, { page: 1, question: 1 }).lean()).map((d) => `${d.page}|${d.question}`);
      expect(new Set(keys).size).toBe(FAQ_SEED.length);
      // The other seeds race safely too: every row exactly once.
      expect(results[0].pageTextInserted + results[1].pageTextInserted).toBe(PAGE_TEXT_SEED.length);
      expect(await service.models.cmsContent.countDocuments()).toBe(PAGE_TEXT_SEED.length);
      expect(results[0].globalTextInserted + results[1].globalTextInserted).toBe(GLOBAL_TEXT_SEED.length);
      expect(await service.models.cmsGlobalContent.countDocuments()).toBe(GLOBAL_TEXT_SEED.length);
      expect(results[0].imagesInserted + results[1].imagesInserted).toBe(IMAGE_SEED.length);
      expect(await service.models.cmsImage.countDocuments()).toBe(IMAGE_SEED.length);
      expect(results[0].secretWordsInserted + results[1].secretWordsInserted).toBe(SECRET_WORD_SEED.length);
      expect(await service.models.secretWord.countDocuments()).toBe(SECRET_WORD_SEED.length);
    } finally {
      await fresh.stop();
    }
  });
});
