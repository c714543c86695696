import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema, secretWordListResponseSchema, secretWordRowSchema } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { createContentService, type ContentService } from '../content-service';
import { SECRET_WORD_SEED } from '../data/secret-word-store';
import { testTokens } from '../testing/staff-tokens';

const ORIGIN = 'http://localhost:3000';
let mongo: MongoHandle;
let content: ContentService;
let app: Express;
let bare: Express;
let tokens: Awaited<ReturnType<typeof testTokens>>;
// Ahead of the wall clock: the store's TTL sweeper deletes rate-limit windows that ended in real time.
const clock = manualClock('2030-02-01T09:00:00Z');

beforeAll(async () => {
  tokens = await testTokens(ORIGIN);
  mongo = await connectMongo({ dbName: `content_words_${process.pid}` });
  content = createContentService({ db: mongo.connection, clock, verifyAccessToken: tokens.verify, secretWordWritesPerMinute: 1000 });
  await content.seed();
  app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: ORIGIN });
  // The same data without a verifier: the staff routes are not configured.
  const unconfigured = createContentService({ db: mongo.connection, clock });
  bare = createServiceApp({ name: 'content', router: unconfigured.router, logger: silentLogger(), publicOrigin: ORIGIN });
});
afterAll(async () => {
  await mongo?.stop();
});
beforeEach(() => content.invalidateCache());

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function activeWords(): Promise<string[]> {
  const response = await request(app).get('/api/content/secret-words');
  expect(response.status).toBe(200);
  return secretWordListResponseSchema.parse(response.body).items;
}

const post = async (body: unknown, token?: string) => {
  const req = request(app).post('/api/content/secret-words').set('Origin', ORIGIN);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body as object);
};
const patch = async (id: string, body: unknown, token?: string) => {
  const req = request(app).patch(`/api/content/secret-words/${id}`).set('Origin', ORIGIN);
  if (token) req.set('Authorization', `Bearer ${token}`);
  return req.send(body as object);
};

describe('GET /api/content/secret-words', () => {
  it('lists the seeded words, active only, in order (the seed is in creation order)', async () => {
    const words = await activeWords();
    expect(SECRET_WORD_SEED.length).toBeGreaterThanOrEqual(12);
    expect(words).toEqual(SECRET_WORD_SEED.map((s) => s.word));
    const response = await request(app).get('/api/content/secret-words');
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('rejects any query and answers read failures with 500', async () => {
    expectError(await request(app).get('/api/content/secret-words?all=1'), 400, 'invalid_request');
    expectError(await request(app).get('/api/content/secret-words?is_active[$ne]=true'), 400, 'invalid_request');
    const spy = vi.spyOn(content.models.secretWord, 'find').mockImplementationOnce(() => {
      throw new Error('database unavailable');
    });
    try {
      expectError(await request(app).get('/api/content/secret-words'), 500, 'internal_error');
    } finally {
      spy.mockRestore();
    }
  });
});

describe('staff: POST and PATCH /api/content/secret-words', () => {
  it('adds a word at the end of the list and retires it again', async () => {
    clock.advance(60_000);
    const created = await post({ word: 'Bedminster Bitter' }, await tokens.token({ roles: ['staff'] }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const row = secretWordRowSchema.parse(created.body);
    expect(row).toMatchObject({ word: 'Bedminster Bitter', is_active: true, created_at: clock.now().toISOString() });
    expect((await activeWords()).at(-1)).toBe('Bedminster Bitter');

    const retired = await patch(row.id, { is_active: false }, await tokens.token({ roles: ['admin'] }));
    expect(retired.status).toBe(200);
    expect(secretWordRowSchema.parse(retired.body)).toEqual({ ...row, is_active: false });
    expect(await activeWords()).not.toContain('Bedminster Bitter');

    // Retiring a seed word takes it out of the public list; a restart's seed does not bring it back.
    const cask = await content.models.secretWord.findOne({ word_key: 'cask' }).lean();
    expect((await patch(cask!._id.toHexString(), { is_active: false }, await tokens.token())).status).toBe(200);
    expect(await activeWords()).not.toContain('cask');
    expect((await content.seed()).secretWordsInserted).toBe(0);
    expect(await activeWords()).not.toContain('cask');
    expect((await patch(cask!._id.toHexString(), { is_active: true }, await tokens.token())).status).toBe(200);
    expect(await activeWords()).toContain('cask');
  });

  it('refuses a duplicate word in any capitals with 409', async () => {
    const token = await tokens.token();
    expectError(await post({ word: 'GROMIT' }, token), 409, 'secret_word_exists');
    expect(await content.models.secretWord.countDocuments({ word_key: 'gromit' })).toBe(1);
  });

  it('validates the word: letters, spaces and hyphens, 1–40 characters', async () => {
    const token = await tokens.token();
    const before = await content.models.secretWord.countDocuments();
    for (const body of [
      {},
      { word: '' },
      { word: ' hops' },
      { word: 'hops ' },
      { word: 'two  spaces' },
      { word: 'ipa2' },
      { word: 'semi;colon' },
      { word: 'x'.repeat(41) },
      { word: 42 },
      { word: { $ne: 'x' } },
      { word: 'hops', is_active: false },
    ]) {
      expectError(await post(body, token), 400, 'invalid_request');
    }
    expect((await post({ word: 'pale-ale' }, token)).status).toBe(201);
    expect((await post({ word: 'Smörgåsbord' }, token)).status).toBe(201);
    expect((await post({ word: 'x'.repeat(40) }, token)).status).toBe(201);
    expect(await content.models.secretWord.countDocuments()).toBe(before + 3);
  });

  it('PATCH validates the id and body, and answers 404 for an unknown word', async () => {
    const token = await tokens.token();
    const id = (await content.models.secretWord.findOne({ word_key: 'dray' }).lean())!._id.toHexString();
    expectError(await patch('not-an-id', { is_active: false }, token), 400, 'invalid_request');
    expectError(await patch(id, { is_active: 'no' }, token), 400, 'invalid_request');
    expectError(await patch(id, { is_active: false, word: 'renamed' }, token), 400, 'invalid_request');
    expectError(await patch(id, {}, token), 400, 'invalid_request');
    expectError(await patch('0123456789abcdef01234567', { is_active: false }, token), 404, 'secret_word_not_found');
    expect((await content.models.secretWord.findById(id).lean())?.is_active).toBe(true);
  });

  it('needs an editor, staff or admin token (and aal2 when the user has MFA)', async () => {
    const before = await content.models.secretWord.countDocuments();
    expectError(await post({ word: 'anon' }), 401, 'not_authenticated');
    const badHeader = await request(app).post('/api/content/secret-words').set('Origin', ORIGIN).set('Authorization', 'Bearer nope').send({ word: 'x' });
    expectError(badHeader, 401, 'invalid_token');
    const other = await testTokens(ORIGIN);
    expectError(await post({ word: 'forged' }, await other.token()), 401, 'invalid_token');
    expectError(await post({ word: 'expired' }, await tokens.token({ expiresIn: '-1m' })), 401, 'invalid_token');
    // Editors manage the words too (issue 11, /cms/secret-words), beside staff and admins.
    expect((await post({ word: 'editor' }, await tokens.token({ roles: ['editor'] }))).status).toBe(201);
    expectError(await post({ word: 'member' }, await tokens.token({ roles: [] })), 403, 'forbidden');
    expectError(await post({ word: 'nomfa' }, await tokens.token({ roles: ['staff'], mfa: true, aal: 'aal1' })), 403, 'aal2_required');
    expect((await post({ word: 'withmfa' }, await tokens.token({ roles: ['staff'], mfa: true, aal: 'aal2' }))).status).toBe(201);
    const cross = await request(app)
      .post('/api/content/secret-words')
      .set('Origin', 'https://evil.example')
      .set('Authorization', `Bearer ${await tokens.token()}`)
      .send({ word: 'evil' });
    expectError(cross, 403, 'forbidden_origin');
    expect(await content.models.secretWord.countDocuments()).toBe(before + 2);
  });

  it('answers 503 not_configured without a token verifier, while the public list still works', async () => {
    const token = await tokens.token();
    expectError(await request(bare).post('/api/content/secret-words').set('Origin', ORIGIN).set('Authorization', `Bearer ${token}`).send({ word: 'nope' }), 503, 'not_configured');
    expectError(await request(bare).patch('/api/content/secret-words/0123456789abcdef01234567').set('Origin', ORIGIN).send({ is_active: false }), 503, 'not_configured');
    expect((await request(bare).get('/api/content/secret-words')).status).toBe(200);
    expect(await content.models.secretWord.countDocuments({ word_key: 'nope' })).toBe(0);
  });

  it('rate-limits staff writes per client', async () => {
    // Writes by earlier tests count in the same (shared) window: start a fresh one.
    clock.advance(61_000);
    const limited = createContentService({ db: mongo.connection, clock, verifyAccessToken: tokens.verify, secretWordWritesPerMinute: 2 });
    const limitedApp = createServiceApp({ name: 'content', router: limited.router, logger: silentLogger(), publicOrigin: ORIGIN });
    const token = await tokens.token();
    const send = () =>
      request(limitedApp).patch('/api/content/secret-words/0123456789abcdef01234567').set('Origin', ORIGIN).set('Authorization', `Bearer ${token}`).send({ is_active: false });
    expect((await send()).status).toBe(404);
    expect((await send()).status).toBe(404);
    expectError(await send(), 429, 'rate_limited');
    expect((await request(limitedApp).get('/api/content/secret-words')).status).toBe(200);
  });

  it('counts the write limit in the database, so two instances share one budget', async () => {
    clock.advance(61_000);
    const [one, two] = [1, 2].map(() => {
      const service = createContentService({ db: mongo.connection, clock, verifyAccessToken: tokens.verify, secretWordWritesPerMinute: 2 });
      return createServiceApp({ name: 'content', router: service.router, logger: silentLogger(), publicOrigin: ORIGIN });
    });
    const token = await tokens.token();
    const send = (target: Express) =>
      request(target).patch('/api/content/secret-words/0123456789abcdef01234567').set('Origin', ORIGIN).set('Authorization', `Bearer ${token}`).send({ is_active: false });
    expect((await send(one)).status).toBe(404);
    expect((await send(two)).status).toBe(404);
    expectError(await send(one), 429, 'rate_limited');
    expectError(await send(two), 429, 'rate_limited');
  });

  it('checks the token before the limit: anonymous requests never spend a staff member’s writes', async () => {
    const limited = createContentService({ db: mongo.connection, clock, verifyAccessToken: tokens.verify, secretWordWritesPerMinute: 30 });
    const limitedApp = createServiceApp({ name: 'content', router: limited.router, logger: silentLogger(), publicOrigin: ORIGIN });
    for (let i = 0; i < 35; i += 1) {
      const anonymous = await request(limitedApp).post('/api/content/secret-words').set('Origin', ORIGIN).send({ word: `anon ${i}` });
      expectError(anonymous, 401, 'not_authenticated');
    }
    const forged = await request(limitedApp).patch('/api/content/secret-words/0123456789abcdef01234567').set('Origin', ORIGIN).set('Authorization', 'Bearer a.b.c').send({ is_active: false });
    expectError(forged, 401, 'invalid_token');
    const staff = await request(limitedApp)
      .post('/api/content/secret-words')
      .set('Origin', ORIGIN)
      .set('Authorization', `Bearer ${await tokens.token()}`)
      .send({ word: 'after the flood' });
    expect(staff.status, JSON.stringify(staff.body)).toBe(201);
  });
});
