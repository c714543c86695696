import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEWSLETTER_INTERESTS, type NewsletterInterest } from '@croft/contracts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  capabilities,
  composeServices,
  connectMongo,
  createDiskBlobStore,
  createServiceApp,
  manualClock,
  silentLogger,
  type MailMessage,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import { newsletterModule } from '../module';
import { createNewsletterService, type NewsletterService } from '../newsletter-service';

const ORIGIN = 'https://croft.example';
const clock = manualClock('2026-11-21T10:00:00Z');
/** The newest welcome email per address (its List-Unsubscribe carries the raw token). */
const welcome = new Map<string, MailMessage>();
const mailer: Mailer = {
  send: (message) => {
    welcome.set(String(message.to), message);
    return Promise.resolve({ messageId: 'test' });
  },
  close: () => undefined,
};
let mongo: MongoHandle;
let newsletter: NewsletterService;
let app: Express;

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `newsletter_interests_${process.pid}` });
  newsletter = createNewsletterService({
    db: mongo.connection,
    mailer,
    clock,
    logger: silentLogger(),
    publicOrigin: ORIGIN,
    unsubscribeMailto: 'unsubscribe@croft.example',
    rateLimitInMongo: false,
    rateLimits: { subscribePerIp: { windowMs: 60_000, limit: 100_000 }, subscribePerEmail: { windowMs: 60_000, limit: 100_000 } },
    retentionSweepMs: 0,
  });
  await newsletter.models.subscriber.init();
  app = createServiceApp({ name: 'newsletter', router: newsletter.router, logger: silentLogger(), publicOrigin: ORIGIN });
});

afterAll(async () => {
  await newsletter?.close();
  await mongo?.stop();
});

beforeEach(async () => {
  await newsletter.models.subscriber.deleteMany({});
  welcome.clear();
});

async function subscribe(email: string, interests?: NewsletterInterest[]): Promise<void> {
  const res = await request(app)
    .post('/api/newsletter/subscribe')
    .set('Origin', ORIGIN)
    .send({ email, name: 'Member', consent: true, ...(interests ? { interests } : {}) });
  expect([200, 201]).toContain(res.status);
}

async function unsubscribe(email: string): Promise<void> {
  const header = String(welcome.get(email)?.headers?.['List-Unsubscribe'] ?? '');
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(header)?.[1];
  expect(token).toBeTruthy();
  const res = await request(app).post('/api/newsletter/unsubscribe').set('Origin', ORIGIN).send({ token });
  expect(res.status).toBe(200);
}

/** The answer as { interest: members } for the interests that have members. */
function nonZero(rows: { interest: string; members: number }[]): Record<string, number> {
  return Object.fromEntries(rows.filter((row) => row.members > 0).map((row) => [row.interest, row.members]));
}

describe('membersByInterest', () => {
  it('lists every interest in NEWSLETTER_INTERESTS order with 0 when nobody subscribed', async () => {
    expect(await newsletter.membersByInterest()).toEqual(NEWSLETTER_INTERESTS.map((interest) => ({ interest, members: 0 })));
  });

  it('counts active subscribers once in each interest they ticked; unsubscribed and no-interest ones count nowhere', async () => {
    await subscribe('ada@example.com', ['Film & Cinema', 'Cooking Classes']);
    await subscribe('bob@example.com', ['Film & Cinema']);
    await subscribe('cy@example.com', ['Film & Cinema', 'Networking Events']);
    await subscribe('dee@example.com', []);
    await subscribe('eve@example.com');
    await unsubscribe('cy@example.com');

    const rows = await newsletter.membersByInterest();
    expect(rows.map((row) => row.interest)).toEqual([...NEWSLETTER_INTERESTS]);
    expect(nonZero(rows)).toEqual({ 'Film & Cinema': 2, 'Cooking Classes': 1 });
  });

  it('follows re-subscribes: changed interests replace the old ones, and a re-subscribed member counts again', async () => {
    await subscribe('ada@example.com', ['Film & Cinema']);
    await subscribe('bob@example.com', ['Cooking Classes']);
    await subscribe('ada@example.com', ['Cocktail Masterclasses', 'Live Music & Entertainment']);
    await unsubscribe('bob@example.com');
    expect(nonZero(await newsletter.membersByInterest())).toEqual({ 'Cocktail Masterclasses': 1, 'Live Music & Entertainment': 1 });

    await subscribe('BOB@example.com', ['Cooking Classes']);
    expect(nonZero(await newsletter.membersByInterest())).toEqual({
      'Cocktail Masterclasses': 1,
      'Live Music & Entertainment': 1,
      'Cooking Classes': 1,
    });
  });

  it('is what the module provides as membersByInterest in a composition', async () => {
    await subscribe('ada@example.com', ['Film & Cinema']);
    const composed = await composeServices({
      modules: [newsletterModule],
      db: mongo.connection,
      mailer,
      logger: silentLogger(),
      clock,
      env: { PUBLIC_ORIGIN: ORIGIN },
      jobs: { poll: false },
      seed: false,
      blobs: createDiskBlobStore({ root: join(tmpdir(), 'newsletter-interests-blobs') }),
    });
    try {
      const provided = composed.provided(capabilities.membersByInterest);
      expect(provided).toBeDefined();
      expect(nonZero(await provided!())).toEqual({ 'Film & Cinema': 1 });
    } finally {
      await composed.close();
    }
  });
});
