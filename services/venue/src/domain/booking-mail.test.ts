import request from 'supertest';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '@croft/contracts';
import {
  connectMongo,
  createServiceApp,
  manualClock,
  silentLogger,
  type MailMessage,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import type { BookingDoc } from '../data/booking-model';
import { createVenueService, type VenueService } from '../venue-service';
import {
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_FIRST_DELAY_MS,
  MAIL_RETRY_MAX_DELAY_MS,
  mailErrorSummary,
  retryDelayMs,
} from './booking-mail';

const ORIGIN = 'https://croft.example';
const VENUE_EMAIL = 'bookings@croft.example';
const MINUTE = 60_000;
const clock = manualClock('2026-11-21T10:00:00Z');

/** A mail server double: up or down, optionally slow, or hanging until released. */
class FakeMailer implements Mailer {
  up = true;
  delayMs = 0;
  hang: Promise<void> | null = null;
  calls = 0;
  delivered: MailMessage[] = [];

  send = async (message: MailMessage) => {
    this.calls += 1;
    if (this.hang) await this.hang;
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (!this.up) {
      // Like nodemailer: the message can name the address; the summary must not.
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1025 (to tom@example.com)'), { code: 'ECONNECTION' });
    }
    this.delivered.push(message);
    return { messageId: `<${this.delivered.length}@test>` };
  };

  close = () => undefined;
}

let mongo: MongoHandle;
let secondConnection: MongoHandle;

function service(db: Connection, mailer: Mailer): VenueService {
  return createVenueService({
    db,
    mailer,
    clock,
    logger: silentLogger(),
    config: { venueEmail: VENUE_EMAIL },
    rateLimitInMongo: false,
    retentionSweepMs: 0,
    mailRetryMs: 0,
  });
}

async function enquire(venue: VenueService, name = 'Tom Hughes', email = 'tom@example.com'): Promise<string> {
  const app = createServiceApp({ name: 'venue', router: venue.router, logger: silentLogger(), publicOrigin: ORIGIN });
  const res = await request(app)
    .post('/api/venue/bookings')
    .set('Origin', ORIGIN)
    .send({ name, email, date: '2026-12-04', time: '19:30', party_size: 4, occasion: 'birthday' })
    .expect(201);
  return bookingResponseSchema.parse(res.body).id;
}

async function stored(venue: VenueService, id: string): Promise<BookingDoc> {
  const doc = await venue.models.booking.findById(id).lean<BookingDoc>();
  if (!doc) throw new Error(`booking ${id} missing`);
  return doc;
}

/** Runs the job until a run does nothing (each run stops at its first failure). */
async function drain(venue: VenueService): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (let i = 0; i < 50; i += 1) {
    const run = await venue.retryBookingMail();
    if (run.sent + run.failed === 0) return total;
    total.sent += run.sent;
    total.failed += run.failed;
  }
  throw new Error('the retry job never settled');
}

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `venue_mail_${process.pid}` });
  // A second instance: its own connection to the same database, as two gateways would have.
  secondConnection = await connectMongo({ uri: mongo.uri, dbName: `venue_mail_${process.pid}` });
  await service(mongo.connection, new FakeMailer()).models.booking.init();
});

afterAll(async () => {
  await secondConnection?.stop();
  await mongo?.stop();
});

beforeEach(async () => {
  clock.set('2026-11-21T10:00:00Z');
  await service(mongo.connection, new FakeMailer()).models.booking.deleteMany({});
});

describe('back-off', () => {
  it('starts at 1 minute, doubles, and stops at 1 hour', () => {
    expect(MAIL_RETRY_FIRST_DELAY_MS).toBe(MINUTE);
    expect(MAIL_RETRY_MAX_DELAY_MS).toBe(60 * MINUTE);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('summarises an error by its codes only, never the address in its message', () => {
    expect(mailErrorSummary(Object.assign(new Error('550 <tom@example.com> unknown'), { code: 'EENVELOPE', responseCode: 550 }))).toBe(
      'EENVELOPE (SMTP 550)',
    );
    expect(mailErrorSummary(new Error('tom@example.com'))).toBe('ERROR');
    expect(mailErrorSummary(Object.assign(new Error('x'), { code: 'tom@example.com' }))).toBe('ERROR');
    expect(mailErrorSummary('boom')).toBe('ERROR');
  });
});

describe('booking mail when the SMTP server is down', () => {
  it('keeps the enquiry with both copies failed, due again in a minute', async () => {
    const mailer = new FakeMailer();
    mailer.up = false;
    const venue = service(mongo.connection, mailer);
    const id = await enquire(venue);
    const doc = await stored(venue, id);
    expect(doc).toMatchObject({ venue_email: 'failed', guest_email: 'failed' });
    for (const delivery of [doc.venue_mail, doc.guest_mail]) {
      expect(delivery).toMatchObject({
        attempts: 1,
        next_attempt_at: new Date(clock.now().getTime() + MINUTE),
        lease_until: null,
        lease_token: null,
        last_error: 'ECONNECTION',
        sent_at: null,
      });
    }
    expect(JSON.stringify(doc.venue_mail)).not.toContain('@');
  });

  it('sends nothing before the back-off has passed, then sends each copy once the mail works', async () => {
    const mailer = new FakeMailer();
    mailer.up = false;
    const venue = service(mongo.connection, mailer);
    const id = await enquire(venue);
    mailer.up = true;
    clock.advance(MINUTE - 1_000);
    expect(await drain(venue)).toEqual({ sent: 0, failed: 0 });
    clock.advance(1_000);
    expect(await drain(venue)).toEqual({ sent: 2, failed: 0 });
    const doc = await stored(venue, id);
    expect(doc).toMatchObject({ venue_email: 'sent', guest_email: 'sent' });
    expect(doc.venue_mail).toMatchObject({ attempts: 2, next_attempt_at: null, lease_until: null, last_error: null, sent_at: clock.now() });
    expect(mailer.delivered.map((m) => m.to).sort()).toEqual([VENUE_EMAIL, 'tom@example.com']);
    // A sent copy is never sent again, however long the job keeps running.
    clock.advance(24 * 60 * MINUTE);
    expect(await drain(venue)).toEqual({ sent: 0, failed: 0 });
    expect(mailer.delivered).toHaveLength(2);
  });

  it('backs off 1, 2, 4 … 60 minutes and gives up after MAIL_MAX_ATTEMPTS attempts', async () => {
    const mailer = new FakeMailer();
    mailer.up = false;
    const venue = service(mongo.connection, mailer);
    const id = await enquire(venue);
    expect(mailer.calls).toBe(2);
    for (let attempts = 1; attempts < MAIL_MAX_ATTEMPTS; attempts += 1) {
      const wait = retryDelayMs(attempts);
      clock.advance(wait - 1);
      expect(await drain(venue)).toEqual({ sent: 0, failed: 0 });
      clock.advance(1);
      expect(await drain(venue)).toEqual({ sent: 0, failed: 2 });
      const doc = await stored(venue, id);
      const giveUp = attempts + 1 === MAIL_MAX_ATTEMPTS;
      for (const delivery of [doc.venue_mail, doc.guest_mail]) {
        expect(delivery?.attempts).toBe(attempts + 1);
        expect(delivery?.next_attempt_at).toEqual(giveUp ? null : new Date(clock.now().getTime() + retryDelayMs(attempts + 1)));
      }
    }
    expect(mailer.calls).toBe(2 * MAIL_MAX_ATTEMPTS);
    // Failed for good: the job leaves it alone (staff can still resend).
    clock.advance(30 * 24 * 60 * MINUTE);
    mailer.up = true;
    expect(await drain(venue)).toEqual({ sent: 0, failed: 0 });
    expect(await stored(venue, id)).toMatchObject({ venue_email: 'failed', guest_email: 'failed' });
    expect(mailer.delivered).toHaveLength(0);
  });
});

describe('two instances on one database', () => {
  it('send each copy exactly once when both run the job at the same time', async () => {
    const a = new FakeMailer();
    const b = new FakeMailer();
    a.up = false;
    const first = service(mongo.connection, a);
    const second = service(secondConnection.connection, b);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await enquire(first, `Guest ${i}`, `guest${i}@example.com`));
    a.up = true;
    a.delayMs = 15;
    b.delayMs = 15;
    clock.advance(MINUTE);
    await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
    const delivered = [...a.delivered, ...b.delivered];
    expect(delivered).toHaveLength(8);
    // Each enquiry: one venue copy and one guest copy, no duplicates.
    const keys = delivered.map((m) => `${String(m.to)}|${m.subject}`);
    expect(new Set(keys).size).toBe(8);
    for (const id of ids) expect(await stored(first, id)).toMatchObject({ venue_email: 'sent', guest_email: 'sent' });
    expect(a.delivered.length).toBeGreaterThan(0);
    expect(b.delivered.length).toBeGreaterThan(0);
    clock.advance(60 * MINUTE);
    await Promise.all([drain(first), drain(second)]);
    expect(a.delivered.length + b.delivered.length).toBe(8);
  });

  it('leave a copy to the instance holding its lease, and take it over once a crashed holder’s lease expires', async () => {
    const a = new FakeMailer();
    const b = new FakeMailer();
    a.up = false;
    const first = service(mongo.connection, a);
    const second = service(secondConnection.connection, b);
    const id = await enquire(first);
    clock.advance(MINUTE);

    // Instance A claims the venue copy and then hangs mid-send (as good as crashed).
    let release!: () => void;
    a.hang = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stuck = first.retryBookingMail();
    while (a.calls < 3) await new Promise((resolve) => setTimeout(resolve, 5));

    // B may send the guest copy, but not the venue copy A holds.
    expect(await drain(second)).toEqual({ sent: 1, failed: 0 });
    expect(b.delivered.map((m) => m.to)).toEqual(['tom@example.com']);
    clock.advance(MAIL_LEASE_MS - 1_000);
    expect(await drain(second)).toEqual({ sent: 0, failed: 0 });

    // The lease runs out: B retries the venue copy.
    clock.advance(1_000);
    expect(await drain(second)).toEqual({ sent: 1, failed: 0 });
    expect(b.delivered.map((m) => m.to)).toEqual(['tom@example.com', VENUE_EMAIL]);

    // A comes back and its send fails: its lease is gone, so it cannot overwrite B's outcome.
    release();
    await stuck;
    const doc = await stored(first, id);
    expect(doc).toMatchObject({ venue_email: 'sent', guest_email: 'sent' });
    expect(doc.venue_mail).toMatchObject({ attempts: 3, last_error: null, lease_token: null });
  });
});
