/**
 * Hostile input, table-driven: every JSON endpoint of the loyalty service over HTTP against the
 * embedded store, with a member's or a staff token. Each case must be a 4xx with the error
 * envelope, and nothing may change (the multipart upload's own refusals are in loyalty-routes.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, createDiskBlobStore, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { hostileSuite, type HostileEndpoint } from '@croft/service-kit/testing/hostile-input';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { createLoyaltyService } from '../loyalty-service';
import { cupPhoto } from '../testing/photos';

const ORIGIN = 'http://localhost:3000';
let mongo: MongoHandle;
let app: Express;
let dir: string;
let member = '';
let staff = '';
let entryId = '';
let cardId = '';

beforeAll(async () => {
  const tokens = await testTokens(ORIGIN);
  member = await tokens.token({ sub: 'user-ann', email: 'ann@example.com', roles: [], expiresIn: '1h' });
  staff = await tokens.token({ sub: 'user-sid', email: 'sid@example.com', roles: ['staff'], expiresIn: '1h' });
  mongo = await connectMongo({ dbName: `loyalty_hostile_${process.pid}` });
  dir = await mkdtemp(join(tmpdir(), 'loyalty-hostile-'));
  const service = createLoyaltyService({
    db: mongo.connection,
    logger: silentLogger(),
    clock: manualClock('2030-02-01T09:00:00Z'),
    blobs: createDiskBlobStore({ root: dir }),
    signUrl: (key) => `/blobs/${key}`,
    isActiveSubscriber: async () => true,
    verifyAccessToken: tokens.verify,
    dailyCap: 50,
    uploadsPerMinute: 100_000,
  });
  await service.seed();
  app = createServiceApp({ name: 'loyalty', router: service.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' });
  const started = await request(app).post('/api/loyalty/cards').set({ Origin: ORIGIN, Authorization: `Bearer ${member}` });
  cardId = started.body.card.id;
  const added = await request(app)
    .post(`/api/loyalty/cards/${cardId}/entries`)
    .set({ Origin: ORIGIN, Authorization: `Bearer ${member}` })
    .field('index', '1')
    .field('kind', 'punch')
    .attach('photo', await cupPhoto(901), 'coffee.jpg');
  expect(added.status, added.text).toBe(201);
  entryId = added.body.entry.id;
});

afterAll(async () => {
  await mongo?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const asMember = () => ({ Authorization: `Bearer ${member}` });
const asStaff = () => ({ Authorization: `Bearer ${staff}` });
const ENTRY = 'b'.repeat(24);

const endpoints = (): Record<string, HostileEndpoint> => ({
  'GET /card': { method: 'get', path: '/api/loyalty/card', headers: asMember() },
  'DELETE /entries/:id': {
    method: 'delete',
    path: `/api/loyalty/entries/${entryId || ENTRY}`,
    badPaths: ['/api/loyalty/entries/%24ne', '/api/loyalty/entries/__proto__', `/api/loyalty/entries/${'f'.repeat(5000)}`],
    headers: asMember(),
    originChecked: true,
  },
  'GET /staff/cards': { method: 'get', path: '/api/loyalty/staff/cards', query: { email: 'ann@example.com' }, headers: asStaff() },
  'POST /staff/entries/:id/void': {
    method: 'post',
    path: `/api/loyalty/staff/entries/${entryId || ENTRY}/void`,
    body: { reason: 'a photo of a cat' },
    fields: { reason: 'string' },
    badPaths: ['/api/loyalty/staff/entries/%24ne/void', '/api/loyalty/staff/entries/constructor/void'],
    headers: asStaff(),
    originChecked: true,
  },
});

const suite = hostileSuite({ endpoints, headers: { Origin: ORIGIN }, app: () => app, connection: () => mongo.connection });

describe('loyalty: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => suite.takeBaseline());

  it('has a case for every endpoint', () => suite.expectTable(40));

  it.each(suite.labels)('%s', (label) => suite.check(label));

  it('control: the table’s valid requests are accepted and do change things', async () => {
    const before = await suite.snapshot();
    const voided = await request(app).post(`/api/loyalty/staff/entries/${entryId}/void`).set({ Origin: ORIGIN, ...asStaff() }).send({ reason: 'test control' });
    expect(voided.status, voided.text).toBe(200);
    expect(await suite.snapshot()).not.toBe(before);
  });
});
