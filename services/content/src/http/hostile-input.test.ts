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
let editor = '';
let admin = '';
let wordId = '';

beforeAll(async () => {
  const tokens = await testTokens(ORIGIN);
  staff = await tokens.token({ roles: ['staff'], expiresIn: '1h' });
  editor = await tokens.token({ roles: ['editor'], expiresIn: '1h', sub: 'user-editor', email: 'editor@croftcommon.test' });
  admin = await tokens.token({ roles: ['admin'], expiresIn: '1h', sub: 'user-admin', email: 'admin@croftcommon.test' });
  mongo = await connectMongo({ dbName: `content_hostile_${process.pid}` });
  content = createContentService({
    db: mongo.connection,
    clock: manualClock('2026-02-01T09:00:00Z'),
    verifyAccessToken: tokens.verify,
    secretWordWritesPerMinute: 100_000,
    editorWritesPerMinute: 100_000,
    jobPollMs: 0,
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
const asEditor = () => ({ Authorization: `Bearer ${editor}` });
const text = { page: 'home', section: 'hero', content_key: 'title' };
const textFields = { page: 'string', section: 'string', content_key: 'string' } as const;
const SCHEDULE_ID = 'a'.repeat(24);

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
  // Editing (issue 11), with an editor's token; the audit list with an admin's.
  'GET /editor/pages/:page/text': {
    method: 'get',
    path: '/api/content/editor/pages/global/text',
    badPaths: ['/api/content/editor/pages/%24ne/text', '/api/content/editor/pages/__proto__/text', `/api/content/editor/pages/${'x'.repeat(5000)}/text`],
    headers: asEditor(),
  },
  'GET /editor/text': { method: 'get', path: '/api/content/editor/text', query: text, headers: asEditor() },
  'POST /editor/text': {
    method: 'post',
    path: '/api/content/editor/text',
    body: { ...text, content_data: { text: 'x' }, base_revision: 1 },
    fields: { ...textFields, base_revision: 'number' },
    headers: asEditor(),
    originChecked: true,
  },
  'GET /editor/drafts': { method: 'get', path: '/api/content/editor/drafts', headers: asEditor() },
  'POST /editor/publish': {
    method: 'post',
    path: '/api/content/editor/publish',
    body: { items: [{ ...text, revision: 1 }] },
    headers: asEditor(),
    originChecked: true,
  },
  'POST /editor/discard': {
    method: 'post',
    path: '/api/content/editor/discard',
    body: { ...text, revision: 1 },
    fields: { ...textFields, revision: 'number' },
    headers: asEditor(),
    originChecked: true,
  },
  'GET /editor/history': { method: 'get', path: '/api/content/editor/history', query: text, headers: asEditor() },
  'POST /editor/restore': {
    method: 'post',
    path: '/api/content/editor/restore',
    body: { ...text, revision: 1, base_revision: 1 },
    fields: { ...textFields, revision: 'number', base_revision: 'number' },
    headers: asEditor(),
    originChecked: true,
  },
  'POST /editor/schedules': {
    method: 'post',
    path: '/api/content/editor/schedules',
    body: { ...text, revision: 1, publish_at: '2026-02-02T09:00:00Z' },
    fields: { ...textFields, revision: 'number', publish_at: 'string' },
    headers: asEditor(),
    originChecked: true,
  },
  'GET /editor/schedules': { method: 'get', path: '/api/content/editor/schedules', headers: asEditor() },
  'DELETE /editor/schedules/:id': {
    method: 'delete',
    path: `/api/content/editor/schedules/${SCHEDULE_ID}`,
    badPaths: ['/api/content/editor/schedules/%24ne', '/api/content/editor/schedules/__proto__', `/api/content/editor/schedules/${'a'.repeat(5000)}`],
    headers: asEditor(),
    originChecked: true,
  },
  'POST /editor/presence': {
    method: 'post',
    path: '/api/content/editor/presence',
    body: { ...text, open: true },
    fields: { ...textFields, open: 'boolean' },
    headers: asEditor(),
    originChecked: true,
  },
  'GET /editor/activity': { method: 'get', path: '/api/content/editor/activity', query: { limit: '5' }, headers: asEditor() },
  'GET /audit': { method: 'get', path: '/api/content/audit', query: { limit: '5' }, headers: { Authorization: `Bearer ${admin}` } },
});

// The shared generator turns each row into its hostile cases (see @croft/service-kit/testing/hostile-input);
// the table is a function because the staff token and the word id exist only after beforeAll.
const suite = hostileSuite({ endpoints, headers: { Origin: ORIGIN }, app: () => app, connection: () => mongo.connection });

describe('content: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => suite.takeBaseline());

  it('has a case for every endpoint', () => suite.expectTable(250));

  it.each(suite.labels)('%s', (label) => suite.check(label));

  it('control: the table’s valid bodies are accepted and do change things', async () => {
    const before = await suite.snapshot();
    const created = await request(app).post('/api/content/secret-words').set('Origin', ORIGIN).set(auth()).send({ word: 'Marmalade' });
    expect(created.status, created.text).toBe(201);
    const retired = await request(app).patch(`/api/content/secret-words/${wordId}`).set('Origin', ORIGIN).set(auth()).send({ is_active: false });
    expect(retired.status, retired.text).toBe(200);
    const saved = await request(app).post('/api/content/editor/text').set('Origin', ORIGIN).set(asEditor()).send({ ...text, content_data: { text: 'x' }, base_revision: 1 });
    expect(saved.status, saved.text).toBe(201);
    expect(await suite.snapshot()).not.toBe(before);
  });
});
