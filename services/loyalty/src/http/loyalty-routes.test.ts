import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOYALTY_ERROR_MESSAGES, LOYALTY_UPLOAD_MAX_BYTES } from '@croft/contracts';
import { connectMongo, createAuditLog, createDiskBlobStore, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { testTokens } from '@croft/service-kit/testing/test-tokens';
import { createCardStore } from '../data/card-store';
import { loyaltyModels } from '../data/loyalty-models';
import { createLoyalty } from '../domain/loyalty';
import { cupPhoto } from '../testing/photos';
import { loyaltyRoutes } from './loyalty-routes';

const ORIGIN = 'http://localhost:3000';
let mongo: MongoHandle;
let dir: string;
let app: Express;
let tokens: Awaited<ReturnType<typeof testTokens>>;
const subscribers = new Set(['ann@example.com', 'bea@example.com']);

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `loyalty_http_${process.pid}` });
  const models = loyaltyModels(mongo.connection);
  await Promise.all([models.card.init(), models.entry.init(), models.daily.init()]);
  dir = await mkdtemp(join(tmpdir(), 'loyalty-http-'));
  tokens = await testTokens(ORIGIN);
  const clock = manualClock('2030-06-01T10:00:00Z');
  const audit = createAuditLog(mongo.connection, 'loyalty', { clock });
  const loyalty = createLoyalty({
    store: createCardStore(models),
    blobs: createDiskBlobStore({ root: dir }),
    signUrl: (key) => `/blobs/${key}`,
    isActiveSubscriber: async (email) => subscribers.has(email),
    audit,
    clock,
    logger: silentLogger(),
    dailyCap: 3,
  });
  const router = loyaltyRoutes({ loyalty, audit, verifyAccessToken: tokens.verify, dailyCap: 3, uploadsPerMinute: 1000 });
  app = createServiceApp({ name: 'loyalty', router, publicOrigin: ORIGIN, logger: silentLogger() });
});
afterAll(async () => {
  await mongo?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const person = (name: string, roles: ('staff' | 'admin')[] = []) => tokens.token({ sub: `user-${name}`, email: `${name}@example.com`, roles });
const auth = async (name: string, roles: ('staff' | 'admin')[] = []) => ({ Authorization: `Bearer ${await person(name, roles)}`, Origin: ORIGIN });

function expectError(res: request.Response, status: number, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
}

async function upload(name: string, cardId: string, fields: Record<string, string>, photo: Buffer, filename = 'coffee.jpg') {
  let req = request(app).post(`/api/loyalty/cards/${cardId}/entries`).set(await auth(name));
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('photo', photo, filename);
}

describe('the loyalty endpoints', () => {
  it('need a signed-in member', async () => {
    expectError(await request(app).get('/api/loyalty/card'), 401, 'not_authenticated');
    expectError(await request(app).post('/api/loyalty/cards').set('Origin', ORIGIN), 401, 'not_authenticated');
  });

  it('refuse a card to a non-subscriber with the spec’s words', async () => {
    expectError(
      await request(app).post('/api/loyalty/cards').set(await auth('cal')),
      403,
      'not_subscriber',
      'Loyalty not available: You must be an active newsletter subscriber to start a loyalty card.',
    );
    expect((await request(app).get('/api/loyalty/card').set(await auth('cal'))).body).toEqual({ card: null, entries: [], past: [] });
  });

  it('take a photo by multipart, refuse bad input with nothing changed, and keep a member to their own entries', async () => {
    const start = await request(app).post('/api/loyalty/cards').set(await auth('ann'));
    expect(start.status).toBe(200);
    const cardId = start.body.card.id as string;
    expect(start.body).toMatchObject({ created: true, card: { card_type: 'regular', punches_required: 6, rewards_required: 1 } });
    expect((await request(app).get('/api/loyalty/card').set({ ...(await auth('ann')), 'Cache-Control': 'x' })).headers['cache-control']).toBe('private, no-store');

    const added = await upload('ann', cardId, { index: '1', kind: 'punch' }, await cupPhoto(501), 'IMG_0001.HEIC');
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ entry: { index: 1, kind: 'punch', card_id: cardId }, card: { punches_count: 1 }, completed: false, next_card: null });

    expectError(await upload('ann', cardId, { index: '7', kind: 'reward' }, await cupPhoto(502)), 409, 'not_unlocked', 'Not unlocked yet');
    expectError(await upload('ann', cardId, { index: '2', kind: 'reward' }, await cupPhoto(503)), 409, 'reward_box', 'Reward is the 7th box');
    expectError(await upload('ann', cardId, { index: '9', kind: 'punch' }, await cupPhoto(504)), 400, 'invalid_request');
    expectError(await upload('ann', cardId, { index: '2', kind: 'punch', extra: 'x' }, await cupPhoto(505)), 400, 'invalid_request');
    expectError(await upload('ann', cardId, { 'index[$gt]': '0', kind: 'punch' }, await cupPhoto(506)), 400, 'invalid_request');
    expectError(await upload('ann', cardId, { index: '2', kind: 'punch' }, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'cup.jpg'), 415, 'photo_type');
    const tooBig = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(LOYALTY_UPLOAD_MAX_BYTES)]);
    expectError(await upload('ann', cardId, { index: '2', kind: 'punch' }, tooBig), 413, 'photo_too_large', LOYALTY_ERROR_MESSAGES.photo_too_large);
    expectError(
      await request(app).post(`/api/loyalty/cards/${cardId}/entries`).set(await auth('ann')).field('index', '2').field('kind', 'punch'),
      400,
      'photo_missing',
    );
    // Bea cannot add to, see or delete Ann's card.
    expectError(await upload('bea', cardId, { index: '2', kind: 'punch' }, await cupPhoto(507)), 404, 'card_not_found');
    expectError(await request(app).delete(`/api/loyalty/entries/${added.body.entry.id}`).set(await auth('bea')), 404, 'entry_not_found', 'Entry not found');
    expect((await request(app).get('/api/loyalty/card').set(await auth('bea'))).body.entries).toEqual([]);

    const view = await request(app).get('/api/loyalty/card').set(await auth('ann'));
    expect(view.body.entries).toHaveLength(1);
    expect(view.body.card.punches_count).toBe(1);

    const deleted = await request(app).delete(`/api/loyalty/entries/${added.body.entry.id}`).set(await auth('ann'));
    expect(deleted.status).toBe(200);
    expect(deleted.body.card.punches_count).toBe(0);
  });

  it('say how many photos a day are allowed when the cap is reached', async () => {
    const start = await request(app).post('/api/loyalty/cards').set(await auth('bea'));
    const cardId = start.body.card.id as string;
    for (const box of [1, 2, 3]) expect((await upload('bea', cardId, { index: String(box), kind: 'punch' }, await cupPhoto(600 + box))).status).toBe(201);
    expectError(
      await upload('bea', cardId, { index: '4', kind: 'punch' }, await cupPhoto(604)),
      429,
      'daily_limit',
      'You can add up to 3 photos a day. Come back tomorrow for more coffee.',
    );
  });

  it('let staff (not members) look a card up and void an entry', async () => {
    expectError(await request(app).get('/api/loyalty/staff/cards?email=bea@example.com').set(await auth('bea')), 403, 'forbidden');
    const found = await request(app).get('/api/loyalty/staff/cards?email=BEA@example.com').set(await auth('sid', ['staff']));
    expect(found.status).toBe(200);
    const entryId = found.body.cards[0].entries[0].id as string;
    expectError(await request(app).post(`/api/loyalty/staff/entries/${entryId}/void`).set(await auth('sid', ['staff'])).send({ reason: 'x' }), 400, 'invalid_request');
    expectError(
      await request(app).post(`/api/loyalty/staff/entries/${entryId}/void`).set(await auth('sid', ['staff'])).send({ reason: { $ne: '' } }),
      400,
      'invalid_request',
    );
    const voided = await request(app).post(`/api/loyalty/staff/entries/${entryId}/void`).set(await auth('sid', ['staff'])).send({ reason: 'a photo of a cat' });
    expect(voided.body).toEqual({ voided: true });
    expectError(await request(app).get('/api/loyalty/staff/cards?email=nobody@example.com').set(await auth('sid', ['staff'])), 404, 'member_not_found');

    // The void is in the audit log, which admins (only) read.
    expectError(await request(app).get('/api/loyalty/audit').set(await auth('sid', ['staff'])), 403, 'forbidden');
    const log = await request(app).get('/api/loyalty/audit?limit=5').set(await auth('ada', ['admin']));
    expect(log.status, JSON.stringify(log.body)).toBe(200);
    expect(log.body.items[0]).toMatchObject({ service: 'loyalty', action: 'loyalty.entry_voided', actor: { id: 'user-sid', email: 'sid@example.com' } });
    expect(log.body.items[0].detail).toContain('a photo of a cat');
    expectError(await request(app).get('/api/loyalty/audit?before=not-a-cursor').set(await auth('ada', ['admin'])), 400, 'invalid_request');
  });
});
