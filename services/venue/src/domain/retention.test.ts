import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectMongo, manualClock, silentLogger, type Mailer, type MongoHandle } from '@croft/service-kit';
import type { BookingRequestParsed } from '@croft/contracts';
import { createVenueService, type VenueService } from '../venue-service';
import { createBookingMail } from './booking-mail';
import { createBookingEnquiries } from './bookings';
import { createCommonGoodMessages } from './messages';
import { RETENTION_SWEEP_INTERVAL_MS, addMonthsUtc, bookingExpiresAt, messageExpiresAt } from './retention';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock('2026-11-21T10:00:00Z');
const mailer: Mailer = { send: () => Promise.resolve({ messageId: 'test' }), close: () => undefined };
let mongo: MongoHandle;
let venue: VenueService;

const enquiry = (date: string): BookingRequestParsed => ({
  name: 'Tom Hughes',
  email: 'tom@example.com',
  date,
  party_size: 4,
  occasion: 'birthday',
});

function bookings() {
  const mail = createBookingMail({
    model: venue.models.booking,
    mailer,
    clock,
    logger: silentLogger(),
    venueEmail: 'bookings@croft.example',
  });
  return createBookingEnquiries({ model: venue.models.booking, mail, clock, logger: silentLogger() });
}

function messages() {
  return createCommonGoodMessages({ model: venue.models.message, clock });
}

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `venue_retention_${process.pid}` });
  venue = createVenueService({ db: mongo.connection, mailer, clock, logger: silentLogger(), rateLimitInMongo: false, retentionSweepMs: 0, mailRetryMs: 0 });
  await Promise.all(Object.values(venue.models).map((model) => model.init()));
});

afterAll(async () => {
  await venue?.close();
  await mongo?.stop();
});

beforeEach(async () => {
  clock.set('2026-11-21T10:00:00Z');
  await Promise.all([venue.models.message.deleteMany({}), venue.models.booking.deleteMany({})]);
});

describe('retention dates', () => {
  it('keeps a booking until the end of the date asked about, 12 months on', () => {
    expect(bookingExpiresAt('2026-12-04').toISOString()).toBe('2027-12-05T00:00:00.000Z');
    expect(bookingExpiresAt('2026-12-31').toISOString()).toBe('2028-01-01T00:00:00.000Z');
    expect(() => bookingExpiresAt('4 Dec')).toThrow(/YYYY-MM-DD/);
  });

  it('keeps published messages 12 months and the rest 30 days', () => {
    const sent = new Date('2026-11-21T10:00:00Z');
    expect(messageExpiresAt(sent, 'approved').toISOString()).toBe('2027-11-21T10:00:00.000Z');
    expect(messageExpiresAt(sent, 'pending').toISOString()).toBe('2026-12-21T10:00:00.000Z');
    expect(messageExpiresAt(sent, 'rejected').toISOString()).toBe('2026-12-21T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-03-01T00:00:00.000Z');
  });
});

describe('booking enquiries', () => {
  it('are deleted 12 months after the date asked about, not before', async () => {
    const soon = await bookings().submit(enquiry('2026-12-04'));
    const later = await bookings().submit(enquiry('2027-03-01'));
    expect(await venue.models.booking.findById(soon.id).lean()).toMatchObject({ expires_at: new Date('2027-12-05T00:00:00Z') });

    clock.set('2027-12-04T23:59:59Z');
    expect(await venue.sweepExpired()).toEqual({ bookingsDeleted: 0, messagesDeleted: 0 });
    expect(await venue.models.booking.countDocuments()).toBe(2);

    clock.set('2027-12-05T00:00:00Z');
    expect(await venue.sweepExpired()).toEqual({ bookingsDeleted: 1, messagesDeleted: 0 });
    expect(await venue.models.booking.findById(soon.id).lean()).toBeNull();
    expect(await venue.models.booking.findById(later.id).lean()).not.toBeNull();

    clock.set('2028-03-02T00:00:00Z');
    expect(await venue.sweepExpired()).toEqual({ bookingsDeleted: 1, messagesDeleted: 0 });
    expect(await venue.models.booking.countDocuments()).toBe(0);
  });
});

describe('Common Good messages', () => {
  it('deletes pending and rejected messages 30 days after they were sent, and published ones after 12 months', async () => {
    const pending = await messages().submit({ message: 'Still waiting' });
    const rejected = await messages().submit({ message: 'Not for the wall' });
    const approved = await messages().submit({ message: 'Fix the fridge seal' });
    clock.advance(2 * DAY);
    await messages().moderate(rejected.id, 'rejected', 'staff@croft.example');
    const published = await messages().moderate(approved.id, 'approved', 'staff@croft.example');
    expect(published.status).toBe('approved');
    expect(await venue.models.message.findById(approved.id).lean()).toMatchObject({ expires_at: new Date('2027-11-21T10:00:00Z') });

    clock.set('2026-12-21T09:59:59Z');
    expect((await venue.sweepExpired()).messagesDeleted).toBe(0);

    clock.set('2026-12-21T10:00:00Z');
    expect(await venue.sweepExpired()).toEqual({ bookingsDeleted: 0, messagesDeleted: 2 });
    expect(await venue.models.message.findById(pending.id).lean()).toBeNull();
    expect(await venue.models.message.findById(rejected.id).lean()).toBeNull();
    expect(await venue.models.message.findById(approved.id).lean()).not.toBeNull();

    clock.set('2027-11-21T10:00:00Z');
    expect((await venue.sweepExpired()).messagesDeleted).toBe(1);
    expect(await venue.models.message.countDocuments()).toBe(0);
  });

  it('shortens the period again when a published message is later rejected', async () => {
    const { id } = await messages().submit({ message: 'Changed our minds' });
    await messages().moderate(id, 'approved', 'staff@croft.example');
    clock.advance(40 * DAY);
    await messages().moderate(id, 'rejected', 'staff@croft.example');
    expect(await venue.models.message.findById(id).lean()).toMatchObject({ status: 'rejected', expires_at: new Date('2026-12-21T10:00:00Z') });
    expect((await venue.sweepExpired()).messagesDeleted).toBe(1);
  });

  it('answers 404 for an unknown id and changes nothing', async () => {
    await expect(messages().moderate('0123456789abcdef01234567', 'approved', 'staff@croft.example')).rejects.toMatchObject({ name: 'VenueError', kind: 'message_not_found' });
  });
});

describe('the running service', () => {
  it('sweeps as a recurring job once its schedule is made, once across two instances, and stops on close', async () => {
    await messages().submit({ message: 'Old news' });
    clock.advance(31 * DAY);
    const make = () =>
      createVenueService({ db: mongo.connection, mailer, clock, logger: silentLogger(), rateLimitInMongo: false, mailRetryMs: 0, jobPollMs: 20 });
    const running = [make(), make()];
    try {
      const runs = running[0].jobs.models.run;
      const deadline = Date.now() + 10_000;
      while ((await runs.countDocuments({ service: 'venue', name: 'retention-sweep', outcome: 'ok' })) === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await venue.models.message.countDocuments()).toBe(0);
      // Both instances poll; the clock has not moved, so the hourly job ran once.
      await Promise.all(running.map((service) => service.jobs.runDueNow()));
      expect(await runs.countDocuments({ service: 'venue', name: 'retention-sweep' })).toBe(1);
      expect(await running[0].jobs.models.job.findOne({ service: 'venue', name: 'retention-sweep' }).lean()).toMatchObject({
        interval_ms: RETENTION_SWEEP_INTERVAL_MS,
        run_at: new Date(clock.now().getTime() + RETENTION_SWEEP_INTERVAL_MS),
      });
    } finally {
      await Promise.all(running.map((service) => service.close()));
    }
  });
});
