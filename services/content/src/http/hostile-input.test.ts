/**
 * Hostile input, table-driven: every write endpoint and every read endpoint of the content
 * service, over HTTP against the embedded store, staff routes with a valid staff token. Each case
 * must be a 4xx with the error envelope, and nothing may change.
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { hostileSuite, type HostileEndpoint } from '@croft/service-kit/testing/hostile-input';
import { createContentService, type ContentService } from '../content-service';
import { testTokens } from '../testing/staff-tokens';

const ORIGIN = 'http://localhost:3000';

let mongo: MongoHandle;
let content: ContentService;
let app: Express;
let staff = '';
let wordId = '';

beforeAll(async () => {
  const tokens = await testTokens(ORIGIN);
  staff = await tokens.token({ roles: ['staff'], expiresIn: '1h' });
  mongo = await connectMongo({ dbName: `content_hostile_${process.pid}` });
  content = createContentService({
    db: mongo.connection,
    clock: manualClock('2026-02-01T09:00:00Z'),
    verifyAccessToken: tokens.verify,
    secretWordWritesPerMinute: 100_000,
  });
  await content.seed();
  wordId = String((await content.models.secretWord.findOne({}).lean())!._id);
  // Loopback is trusted so each case can come from its own address (see freshClient).
  app = createServiceApp({ name: 'content', router: content.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' });
});

afterAll(async () => {
  await mongo?.stop();
});

const auth = () => ({ Authorization: `Bearer ${staff}` });

const endpoints = (): Record<string, HostileEndpoint> => ({
  'GET /faq': { method: 'get', path: '/api/content/faq', query: { page: 'home' } },
  'GET /images': { method: 'get', path: '/api/content/images', query: { page: 'home', carousel_name: 'hero' } },
  'GET /pages/:page/text': {
    method: 'get',
    path: '/api/content/pages/home/text',
    badPaths: ['/api/content/pages/%24ne/text', '/api/content/pages/__proto__/text', '/api/content/pages/constructor/text', `/api/content/pages/${'x'.repeat(5000)}/text`],
  },
  'GET /global': { method: 'get', path: '/api/content/global' },
  'GET /secret-words': { method: 'get', path: '/api/content/secret-words' },
  'POST /secret-words': {
    method: 'post',
    path: '/api/content/secret-words',
    body: { word: 'Marmalade' },
    fields: { word: 'string' },
    headers: auth(),
    originChecked: true,
  },
  'PATCH /secret-words/:id': {
    method: 'patch',
    path: `/api/content/secret-words/${wordId}`,
    body: { is_active: false },
    fields: { is_active: 'boolean' },
    badPaths: ['/api/content/secret-words/%24ne', '/api/content/secret-words/__proto__', `/api/content/secret-words/${'a'.repeat(5000)}`],
    headers: auth(),
    originChecked: true,
  },
});

// The shared generator turns each row into its hostile cases (see @croft/service-kit/testing/hostile-input);
// the table is a function because the staff token and the word id exist only after beforeAll.
const suite = hostileSuite({ endpoints, headers: { Origin: ORIGIN }, app: () => app, connection: () => mongo.connection });

describe('content: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => suite.takeBaseline());

  it('has a case for every endpoint', () => suite.expectTable(80));

  it.each(suite.labels)('%s', (label) => suite.check(label));

  it('control: the table’s valid bodies are accepted and do change things', async () => {
    const before = await suite.snapshot();
    const created = await request(app).post('/api/content/secret-words').set('Origin', ORIGIN).set(auth()).send({ word: 'Marmalade' });
    expect(created.status, created.text).toBe(201);
    const retired = await request(app).patch(`/api/content/secret-words/${wordId}`).set('Origin', ORIGIN).set(auth()).send({ is_active: false });
    expect(retired.status, retired.text).toBe(200);
    expect(await suite.snapshot()).not.toBe(before);
  });
});
