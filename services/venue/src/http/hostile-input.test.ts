/**
 * Hostile input, table-driven: every write endpoint (and read endpoint with a query) of the
 * venue service, over HTTP against the embedded store, staff routes with a valid staff token.
 * Each case must be a 4xx with the error envelope, and nothing may change: no document, no email.
 */
import request from 'supertest';
import type { Express } from 'express';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongo, createServiceApp, identityIssuer, localJwksVerifier, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { hostileSuite, recordingMailer, type HostileEndpoint } from '@croft/service-kit/testing/hostile-input';
import { createVenueService, type VenueService } from '../venue-service';

const ORIGIN = 'https://croft.example';
const HIGH = { windowMs: 60_000, limit: 100_000 };
const MESSAGE_ID = 'a'.repeat(24);

let mongo: MongoHandle;
let venue: VenueService;
let app: Express;
let staff = '';
const { mailer, mails } = recordingMailer();

beforeAll(async () => {
  const keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  staff = await new SignJWT({ email: 'staff@croft.example', roles: ['staff'], aal: 'aal1', amr: ['otp'], session_id: 's1', mfa: false })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
    .setSubject('user-staff')
    .setIssuer(identityIssuer(ORIGIN))
    .setAudience('croft')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.privateKey);
  mongo = await connectMongo({ dbName: `venue_hostile_${process.pid}` });
  venue = createVenueService({
    db: mongo.connection,
    mailer,
    clock: manualClock('2026-11-21T10:00:00Z'),
    logger: silentLogger(),
    config: { venueEmail: 'bookings@croft.example' },
    verifyAccessToken: localJwksVerifier({ jwks: { keys: [jwk] }, issuer: identityIssuer(ORIGIN) }),
    rateLimits: { messagesPerIp: HIGH, bookingsPerIp: HIGH, bookingsPerEmail: HIGH },
    rateLimitInMongo: false,
    retentionSweepMs: 0,
  });
  await Promise.all(Object.values(venue.models).map((model) => model.init()));
  await venue.seed();
  // Loopback is trusted so each case can come from its own address (see freshClient).
  app = createServiceApp({ name: 'venue', router: venue.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' });
  // One pending message (the one staff could moderate), so "nothing changed" covers updates too.
  const created = await request(app).post('/api/venue/common-good/messages').set('Origin', ORIGIN).send({ message: 'Thank you!' });
  expect(created.status).toBe(201);
  mails.length = 0;
});

afterAll(async () => {
  await venue?.close();
  await mongo?.stop();
});

const bookingBody = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  date: '2026-11-28',
  time: '19:30',
  party_size: 4,
  occasion: 'birthday',
  message: 'A quiet table, please.',
};
const auth = () => ({ Authorization: `Bearer ${staff}` });

const endpoints = (): Record<string, HostileEndpoint> => ({
  'GET /common-good/totals': { method: 'get', path: '/api/venue/common-good/totals' },
  'POST /common-good/totals': {
    method: 'post',
    path: '/api/venue/common-good/totals',
    body: {},
    optionalBody: true,
    originChecked: true,
  },
  'POST /donations': {
    method: 'post',
    path: '/api/venue/donations',
    body: { amount_cents: 2500, note: 'Quiz night', request_id: 'request-0001' },
    fields: { amount_cents: 'number', note: 'string', request_id: 'string' },
    headers: auth(),
    originChecked: true,
  },
  'GET /donations': { method: 'get', path: '/api/venue/donations', query: { limit: '10' }, headers: auth() },
  'POST /common-good/messages': {
    method: 'post',
    path: '/api/venue/common-good/messages',
    body: { name: 'Sam', email: 'sam@example.com', message: 'Lovely idea' },
    fields: { name: 'string', email: 'string', message: 'string' },
    originChecked: true,
  },
  'GET /common-good/messages': {
    method: 'get',
    path: '/api/venue/common-good/messages',
    query: { status: 'pending', limit: '10' },
    headers: auth(),
  },
  'PATCH /common-good/messages/:id': {
    method: 'patch',
    path: `/api/venue/common-good/messages/${MESSAGE_ID}`,
    body: { status: 'approved' },
    fields: { status: 'string' },
    badPaths: ['/api/venue/common-good/messages/%24ne', '/api/venue/common-good/messages/__proto__', `/api/venue/common-good/messages/${'a'.repeat(5000)}`],
    headers: auth(),
    originChecked: true,
  },
  'POST /bookings': {
    method: 'post',
    path: '/api/venue/bookings',
    body: bookingBody,
    fields: { name: 'string', email: 'string', phone: 'string', date: 'string', time: 'string', party_size: 'number', occasion: 'string', message: 'string' },
    mailHeaders: ['name', 'email'],
    originChecked: true,
  },
});

// The shared generator turns each row into its hostile cases (see @croft/service-kit/testing/hostile-input);
// the table is a function because the staff token exists only after beforeAll.
const suite = hostileSuite({
  endpoints,
  headers: { Origin: ORIGIN },
  app: () => app,
  connection: () => mongo.connection,
  unchanged: { mails: () => mails.length },
});

describe('venue: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => suite.takeBaseline());

  it('has a case for every endpoint', () => suite.expectTable(150));

  it.each(suite.labels)('%s', (label) => suite.check(label));

  it('control: the table’s valid bodies are accepted and do change things', async () => {
    for (const [path, body, headers] of [
      ['/api/venue/bookings', bookingBody, {}],
      ['/api/venue/common-good/messages', { name: 'Sam', email: 'sam@example.com', message: 'Lovely idea' }, {}],
      ['/api/venue/donations', { amount_cents: 2500, note: 'Quiz night', request_id: 'request-0001' }, auth()],
    ] as const) {
      const before = await suite.snapshot();
      const response = await request(app).post(path).set('Origin', ORIGIN).set(suite.freshClient()).set(headers).send(body);
      expect(response.status, `${path}: ${response.text}`).toBe(201);
      expect(await suite.snapshot()).not.toBe(before);
    }
    const moderated = await request(app)
      .patch(`/api/venue/common-good/messages/${(await venue.models.message.findOne({ message: 'Thank you!' }).lean())!._id}`)
      .set('Origin', ORIGIN)
      .set(auth())
      .send({ status: 'approved' });
    expect(moderated.status, moderated.text).toBe(200);
  });
});
