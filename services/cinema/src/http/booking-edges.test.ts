import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CINEMA_ERROR_MESSAGES } from '@croft/contracts';
import { emailAttachment, waitForEmail } from '@croft/maildev';
import { book, startCinemaHarness, type CinemaHarness } from '../testing/harness';

// The cases around the booking rules that cinema-routes.test.ts leaves out: the screening months
// whose last Thursday falls either side of a clock change, mixed quantities at once, a failure
// after the seats were taken, two cancels at once, and the Resend limit.

const NOW = '2026-11-24T10:00:00Z';

let h: CinemaHarness;
beforeAll(async () => {
  h = await startCinemaHarness('edges', { now: NOW });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.clock.set(NOW);
  await Promise.all([h.service.models.booking.deleteMany({}), h.service.models.ticket.deleteMany({}), h.service.models.screening.deleteMany({})]);
  h.members.clear();
});

const status = async (app = h.app) => (await request(app).get('/api/cinema/status')).body;
const member = (name: string) => (h.members.add(`${name}@example.com`), name);

describe('the screening on sale in the months the clocks change', () => {
  // Doors are 19:00 London time: 19:00 UTC in winter (GMT), 18:00 UTC in summer (BST).
  const cases = [
    { month: 'October 2026', before: '2026-10-01T09:00:00Z', release: '2026-10', date: '2026-10-29', doors: '2026-10-29T19:00:00Z', next: '2026-11' }, // after 25 Oct: GMT
    { month: 'October 2027', before: '2027-10-01T09:00:00Z', release: '2027-10', date: '2027-10-28', doors: '2027-10-28T18:00:00Z', next: '2027-11' }, // before 31 Oct: BST
    { month: 'March 2027', before: '2027-03-01T09:00:00Z', release: '2027-03', date: '2027-03-25', doors: '2027-03-25T19:00:00Z', next: '2027-04' }, // before 28 Mar: GMT
    { month: 'March 2029', before: '2029-03-01T09:00:00Z', release: '2029-03', date: '2029-03-29', doors: '2029-03-29T18:00:00Z', next: '2029-04' }, // after 25 Mar: BST
  ];
  for (const c of cases) {
    it(`${c.month}: the last Thursday (${c.date}) is on sale until doors at ${c.doors.slice(11, 16)} UTC, then next month's`, async () => {
      h.clock.set(c.before);
      expect(await status()).toMatchObject({ release_id: c.release, screening_date: c.date, doors_time: '19:00' });
      h.clock.set(new Date(new Date(c.doors).getTime() - 60_000));
      expect((await status()).release_id).toBe(c.release);
      h.clock.set(c.doors);
      expect((await status()).release_id).toBe(c.next);
    });
  }

  it('the calendar event of a summer-time October screening starts at 18:30 UTC (19:30 in London)', async () => {
    h.clock.set('2027-10-01T09:00:00Z');
    const { screening_id } = await status();
    expect((await book(h, h.app, member('octavia'), { screening_id, primary_name: 'Octavia', quantity: 1 })).status).toBe(201);
    const mail = await waitForEmail(h.maildev.webUrl, (e) => e.to.some((r) => r.address === 'octavia@example.com'));
    const file = mail.attachments!.find((f) => f.fileName === 'secret-cinema.ics')!;
    const ics = (await emailAttachment(h.maildev.webUrl, mail, file.generatedFileName)).toString();
    expect(ics).toContain('DTSTART:20271028T183000Z');
    expect(ics).toContain('DTEND:20271028T210000Z');
  });
});

describe('selling exactly', () => {
  it('mixed 1s and 2s from 120 members on two instances: never more than 50 seats, each number once, each booking consecutive', async () => {
    const { screening_id } = await status();
    const second = await h.secondInstance();
    try {
      const answers = await Promise.all(
        Array.from({ length: 120 }, (_, i) => {
          const two = i % 3 !== 0;
          return book(h, i % 2 ? second.app : h.app, member(`mix${i}`), {
            screening_id,
            primary_name: `Mix ${i}`,
            quantity: two ? 2 : 1,
            ...(two ? { guest_name: `Guest ${i}` } : {}),
          });
        }),
      );
      const sold = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status !== 201);
      const numbers = sold.flatMap((a) => a.body.ticket_numbers as number[]).sort((a, b) => a - b);
      const left = (await status()).tickets_left;
      expect(numbers.length + left).toBe(50);
      expect(left).toBeLessThanOrEqual(1);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      for (const a of sold) {
        const n = a.body.ticket_numbers as number[];
        expect(n).toHaveLength(a.body.booking.quantity);
        if (n.length === 2) expect(n[1]).toBe(n[0] + 1);
      }
      for (const a of refused) {
        expect(a.status).toBe(409);
        expect(a.body.error).toSatisfy(
          (e: { code: string; message: string }) =>
            (e.code === 'sold_out' && e.message === CINEMA_ERROR_MESSAGES.sold_out) ||
            (e.code === 'only_one_left' && e.message === CINEMA_ERROR_MESSAGES.only_one_left),
        );
      }
      expect(await h.service.models.ticket.countDocuments({ screening_id, state: 'valid' })).toBe(numbers.length);
      expect(await h.service.models.booking.countDocuments({ state: 'pending' })).toBe(0);
    } finally {
      await second.stop();
    }
  });

  it('a failure after the seats were taken gives them back and leaves no booking; the member can try again', async () => {
    const { screening_id } = await status();
    // A stray ticket already numbered 1 makes writing the first sale's tickets fail.
    await h.service.models.ticket.create({ screening_id, number: 1, booking_id: screening_id, name: 'Stray', email: 'stray@example.com', state: 'valid', checked_in_at: null });
    const failed = await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 });
    expect(failed.status).toBe(500);
    expect(failed.body.error.code).toBe('internal_error');
    expect((await status()).tickets_left).toBe(50);
    expect(await h.service.models.booking.countDocuments()).toBe(0);
    expect(await h.service.models.ticket.countDocuments({ booking_id: { $ne: screening_id } })).toBe(0);
    expect((await request(h.app).get('/api/cinema/me').set(await h.auth('ada'))).body.booking).toBeNull();
    // The numbers taken by the failed sale are not issued again: the retry gets the next ones.
    const retry = await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.body.ticket_numbers).toEqual([3, 4]);
    expect((await status()).tickets_left).toBe(48);
  });
});

describe('cancelling', () => {
  it('two cancels at once on two instances return the seats once', async () => {
    const { screening_id } = await status();
    expect((await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 })).status).toBe(201);
    const second = await h.secondInstance();
    try {
      const auth = await h.auth('ada');
      const answers = await Promise.all([request(h.app).delete('/api/cinema/bookings/mine').set(auth), request(second.app).delete('/api/cinema/bookings/mine').set(auth)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
      expect((await status()).tickets_left).toBe(50);
      expect(await h.service.models.ticket.countDocuments({ screening_id, state: 'valid' })).toBe(0);
    } finally {
      await second.stop();
    }
  });
});

describe('Resend', () => {
  it('is limited to 5 an hour per member', async () => {
    const { screening_id } = await status();
    expect((await book(h, h.app, member('rita'), { screening_id, primary_name: 'Rita', quantity: 1 })).status).toBe(201);
    const auth = await h.auth('rita');
    for (let i = 0; i < 5; i += 1) expect((await request(h.app).post('/api/cinema/bookings/mine/email').set(auth)).body).toEqual({ sent: true });
    const limited = await request(h.app).post('/api/cinema/bookings/mine/email').set(auth);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});
