/**
 * Hostile input, table-driven: every write endpoint (and read endpoint with a query) of the
 * newsletter service, over HTTP against the embedded store. Each case must be a 4xx with the
 * error envelope, and nothing may change: no document, no email.
 */
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@croft/contracts';
import { connectMongo, createServiceApp, manualClock, silentLogger, type MongoHandle } from '@croft/service-kit';
import { hostileSuite, recordingMailer, type HostileEndpoint } from '@croft/service-kit/testing/hostile-input';
import { createNewsletterService, type NewsletterService } from '../newsletter-service';

const ORIGIN = 'https://croft.example';
const INTERNAL_TOKEN = 'internal-token-0123456789abcdef-0123456789';
const HIGH = { windowMs: 60_000, limit: 100_000 };
const TOKEN = 'A'.repeat(43);

let mongo: MongoHandle;
let newsletter: NewsletterService;
let app: Express;
const { mailer, mails } = recordingMailer();

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `newsletter_hostile_${process.pid}` });
  newsletter = createNewsletterService({
    retentionSweepMs: 0,
    db: mongo.connection,
    mailer,
    clock: manualClock('2026-11-21T10:00:00Z'),
    logger: silentLogger(),
    publicOrigin: ORIGIN,
    unsubscribeMailto: 'unsubscribe@croft.example',
    internalToken: INTERNAL_TOKEN,
    rateLimits: { subscribePerIp: HIGH, subscribePerEmail: HIGH, unsubscribePerIp: HIGH },
  });
  await newsletter.models.subscriber.init();
  // Loopback is trusted so each case can come from its own address (see freshClient).
  app = createServiceApp({ name: 'newsletter', router: newsletter.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' });
  // One existing subscriber, so "nothing changed" covers updates as well as inserts.
  const seeded = await request(app).post('/api/newsletter/subscribe').set('Origin', ORIGIN).send({ email: 'existing@example.com', name: 'Existing', consent: true });
  expect(seeded.status).toBe(201);
  mails.length = 0;
});

afterAll(async () => {
  await newsletter?.close();
  await mongo?.stop();
});

const subscribeBody = {
  email: 'existing@example.com',
  name: 'Ada Lovelace',
  consent: true,
  phone: '+44 (0)117 496 0000',
  birthday: '10/December',
  interests: ['Film & Cinema'],
};

const endpoints: Record<string, HostileEndpoint> = {
  'POST /subscribe': {
    method: 'post',
    path: '/api/newsletter/subscribe',
    body: subscribeBody,
    fields: { email: 'string', name: 'string', phone: 'string', birthday: 'string', consent: 'boolean' },
    mailHeaders: ['email', 'name'],
    originChecked: true,
  },
  'POST /unsubscribe (JSON)': {
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    body: { token: TOKEN },
    optionalBody: true,
    fields: { token: 'string' },
    // The gateway exempts one-click unsubscribe from the Origin check; the service app does not.
  },
  'POST /unsubscribe?token (one-click)': {
    method: 'post',
    path: '/api/newsletter/unsubscribe',
    query: { token: TOKEN },
  },
  'POST /internal/member-check': {
    method: 'post',
    path: '/api/newsletter/internal/member-check',
    body: { email: 'existing@example.com' },
    fields: { email: 'string' },
    headers: { 'x-internal-token': INTERNAL_TOKEN },
    originChecked: true,
  },
};

// The shared generator turns each row into its hostile cases (see @croft/service-kit/testing/hostile-input).
const suite = hostileSuite({
  endpoints,
  headers: { Origin: ORIGIN, 'User-Agent': 'HostileSpec/1.0' },
  app: () => app,
  connection: () => mongo.connection,
  unchanged: { mails: () => mails.length },
});

describe('newsletter: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => suite.takeBaseline());

  it('has a case for every endpoint', () => suite.expectTable(100));

  it.each(suite.labels)('%s', (label) => suite.check(label));

  it('one-click unsubscribe: form bodies other than List-Unsubscribe=One-Click are refused', async () => {
    for (const form of ['List-Unsubscribe=Yes', 'token[$ne]=1', '__proto__[x]=1', 'a=1&b=2&c=3&d=4&e=5&f=6']) {
      const before = await suite.snapshot();
      const response = await request(app)
        .post(`/api/newsletter/unsubscribe?token=${TOKEN}`)
        .set('Origin', ORIGIN)
        .set(suite.freshClient())
        .type('form')
        .send(form);
      expect(response.status, form).toBeGreaterThanOrEqual(400);
      expect(response.status, form).toBeLessThan(500);
      errorEnvelopeSchema.parse(response.body);
      expect(await suite.snapshot()).toBe(before);
    }
  });

  it('control: the table’s valid subscribe body is accepted and does change things', async () => {
    const before = await suite.snapshot();
    const response = await request(app).post('/api/newsletter/subscribe').set('Origin', ORIGIN).set(suite.freshClient()).send(subscribeBody);
    expect(response.status, response.text).toBe(200);
    expect(await suite.snapshot()).not.toBe(before);
  });
});
