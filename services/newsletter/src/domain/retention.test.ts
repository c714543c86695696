import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMongo, manualClock, silentLogger, type Mailer, type MongoHandle } from '@croft/service-kit';
import { createNewsletterService, type NewsletterService } from '../newsletter-service';
import { unsubscribeByTokenHash, upsertSubscriber } from '../data/subscriber-store';
import { RETENTION_SWEEP_INTERVAL_MS } from './retention';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock('2026-11-21T10:00:00Z');
const mailer: Mailer = { send: () => Promise.resolve({ messageId: 'test' }), close: () => undefined };
let mongo: MongoHandle;
let newsletter: NewsletterService;

function make(retentionSweepMs?: number, jobPollMs?: number): NewsletterService {
  return createNewsletterService({
    db: mongo.connection,
    mailer,
    clock,
    logger: silentLogger(),
    publicOrigin: 'https://croft.example',
    unsubscribeMailto: 'unsubscribe@croft.example',
    rateLimitInMongo: false,
    retentionSweepMs,
    jobPollMs,
  });
}

async function subscribe(email: string, hash: string): Promise<void> {
  await upsertSubscriber(newsletter.models.subscriber, {
    email,
    name: 'Ada Lovelace',
    phone: '+44 117 496 0000',
    birthday: '10/December',
    interests: ['Film & Cinema'],
    consent: { given_at: clock.now(), text_version: 'v1', ip: '203.0.113.7', user_agent: 'Test/1.0' },
    unsubscribeTokenHash: hash,
    now: clock.now(),
  });
}

const find = (email: string) => newsletter.models.subscriber.findOne({ email }).lean();

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `newsletter_retention_${process.pid}` });
  newsletter = make(0);
  await newsletter.models.subscriber.init();
});

afterAll(async () => {
  await newsletter?.close();
  await mongo?.stop();
});

beforeEach(async () => {
  clock.set('2026-11-21T10:00:00Z');
  await newsletter.models.subscriber.deleteMany({});
});

describe('newsletter retention', () => {
  it('removes name, phone, birthday and interests 30 days after unsubscribing and keeps the evidence', async () => {
    await subscribe('ada@example.com', 'hash-ada');
    await subscribe('bob@example.com', 'hash-bob');
    await unsubscribeByTokenHash(newsletter.models.subscriber, 'hash-ada', clock.now());

    clock.advance(30 * DAY - 1000);
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 0, recordsDeleted: 0 });
    expect(await find('ada@example.com')).toMatchObject({ name: 'Ada Lovelace', phone: '+44 117 496 0000' });

    clock.advance(1000);
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 1, recordsDeleted: 0 });
    const ada = await find('ada@example.com');
    expect(ada).not.toHaveProperty('name');
    expect(ada).not.toHaveProperty('phone');
    expect(ada).not.toHaveProperty('birthday');
    expect(ada).not.toHaveProperty('interests');
    expect(ada).toMatchObject({
      email: 'ada@example.com',
      status: 'unsubscribed',
      unsubscribed_at: new Date('2026-11-21T10:00:00Z'),
      unsubscribe_token_hash: 'hash-ada',
      consent: { text_version: 'v1', ip: '203.0.113.7', user_agent: 'Test/1.0' },
      consent_history: [expect.objectContaining({ ip: '203.0.113.7' })],
    });
    // Still subscribed: untouched.
    expect(await find('bob@example.com')).toMatchObject({ name: 'Ada Lovelace', interests: ['Film & Cinema'], status: 'active' });
    // Idempotent.
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 0, recordsDeleted: 0 });
  });

  it('deletes the record and its consent evidence 2 years after unsubscribing', async () => {
    await subscribe('ada@example.com', 'hash-ada');
    await unsubscribeByTokenHash(newsletter.models.subscriber, 'hash-ada', clock.now());
    clock.set('2028-11-21T09:59:59Z');
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 1, recordsDeleted: 0 });
    expect(await find('ada@example.com')).not.toBeNull();
    clock.set('2028-11-21T10:00:00Z');
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 0, recordsDeleted: 1 });
    expect(await find('ada@example.com')).toBeNull();
  });

  it('lets a stripped address subscribe again with new details, which are then kept', async () => {
    await subscribe('ada@example.com', 'hash-ada');
    await unsubscribeByTokenHash(newsletter.models.subscriber, 'hash-ada', clock.now());
    clock.advance(31 * DAY);
    await newsletter.sweepExpired();
    await subscribe('ada@example.com', 'hash-ada-2');
    expect(await find('ada@example.com')).toMatchObject({ status: 'active', name: 'Ada Lovelace', consent_history: expect.any(Array) });
    clock.advance(3 * 365 * DAY);
    expect(await newsletter.sweepExpired()).toEqual({ personalDataRemoved: 0, recordsDeleted: 0 });
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(true);
  });

  it('sweeps as a recurring job once its schedule is made, once across two instances, and stops on close', async () => {
    await subscribe('ada@example.com', 'hash-ada');
    await unsubscribeByTokenHash(newsletter.models.subscriber, 'hash-ada', clock.now());
    clock.advance(31 * DAY);
    const running = [make(undefined, 20), make(undefined, 20)];
    try {
      const runs = running[0].jobs.models.run;
      const deadline = Date.now() + 10_000;
      while ((await runs.countDocuments({ service: 'newsletter', name: 'retention-sweep', outcome: 'ok' })) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await find('ada@example.com')).not.toHaveProperty('name');
      // Both instances poll; the clock has not moved, so the hourly job ran once.
      await Promise.all(running.map((service) => service.jobs.runDueNow()));
      expect(await runs.countDocuments({ service: 'newsletter', name: 'retention-sweep' })).toBe(1);
      expect(await running[0].jobs.models.job.findOne({ service: 'newsletter', name: 'retention-sweep' }).lean()).toMatchObject({
        interval_ms: RETENTION_SWEEP_INTERVAL_MS,
        run_at: new Date(clock.now().getTime() + RETENTION_SWEEP_INTERVAL_MS),
      });
    } finally {
      await Promise.all(running.map((service) => service.close()));
    }
  });
});
