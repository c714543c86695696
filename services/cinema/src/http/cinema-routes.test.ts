import request from 'supertest';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CINEMA_ERROR_MESSAGES } from '@croft/contracts';
import { emailAttachment, listEmails, waitForEmail, type CaughtEmail } from '@croft/maildev';
import type { Mailer } from '@croft/service-kit';
import { readTicketQr } from '../domain/qr-token';
import { QR_SECRET, book, startCinemaHarness, type CinemaHarness } from '../testing/harness';

// A Tuesday in November 2026: the month's screening is Thursday 26 November, doors 19:00.
const NOW = '2026-11-24T10:00:00Z';

let h: CinemaHarness;
beforeAll(async () => {
  h = await startCinemaHarness('routes', { now: NOW });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.clock.set(NOW);
  await Promise.all([h.service.models.booking.deleteMany({}), h.service.models.ticket.deleteMany({}), h.service.models.screening.deleteMany({})]);
  h.members.clear();
});

const status = async () => (await request(h.app).get('/api/cinema/status')).body;

function expectError(res: request.Response, status: number, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
}

/** A member of the newsletter, ready to book. */
function member(name: string) {
  h.members.add(`${name}@example.com`);
  return name;
}

describe('status (get_cinema_status)', () => {
  it("is the month's last Thursday with the spec's defaults, made on first read", async () => {
    const s = await status();
    expect(s).toMatchObject({
      release_id: '2026-11',
      screening_date: '2026-11-26',
      doors_time: '19:00',
      screening_time: '19:30',
      tickets_left: 50,
      is_sold_out: false,
      title: 'Secret Cinema Club',
      state: 'on_sale',
    });
    expect(s.screening_id).toMatch(/^[0-9a-f]{24}$/);
    expect(await h.service.models.screening.countDocuments()).toBe(1);
  });

  it("stays on sale until doors open, then it is next month's (the last Thursday of December)", async () => {
    h.clock.set('2026-11-26T18:59:00Z');
    expect((await status()).release_id).toBe('2026-11');
    h.clock.set('2026-11-26T19:00:00Z');
    expect(await status()).toMatchObject({ release_id: '2026-12', screening_date: '2026-12-31' });
  });

  it('counts doors in London time across the clock change (July: doors 19:00 BST = 18:00 UTC)', async () => {
    h.clock.set('2027-07-29T17:59:00Z');
    expect((await status()).release_id).toBe('2027-07');
    h.clock.set('2027-07-29T18:00:00Z');
    expect((await status()).release_id).toBe('2027-08');
  });

  it('two instances reading at once make one screening', async () => {
    const second = await h.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => request(i % 2 ? second.app : h.app).get('/api/cinema/status')));
      expect(new Set(answers.map((a) => a.body.screening_id)).size).toBe(1);
      expect(await h.service.models.screening.countDocuments()).toBe(1);
    } finally {
      await second.stop();
    }
  });
});

describe('booking (create_cinema_booking)', () => {
  it('books 2 with a guest: sequential numbers, the release id, the member from the token', async () => {
    const { screening_id } = await status();
    const res = await book(h, h.app, member('ada'), { screening_id, primary_name: ' Ada Lovelace ', guest_name: 'Charles Babbage', quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      ticket_numbers: [1, 2],
      release_id: '2026-11',
      email_sent: true,
      booking: { primary_name: 'Ada Lovelace', guest_name: 'Charles Babbage', quantity: 2, ticket_numbers: [1, 2], cancellable_until: '2026-11-25T19:00:00.000Z' },
    });
    expect((await status()).tickets_left).toBe(48);
    const again = await book(h, h.app, member('bob'), { screening_id, primary_name: 'Bob', quantity: 1 });
    expect(again.body.ticket_numbers).toEqual([3]);
    const mine = await request(h.app).get('/api/cinema/me').set(await h.auth('ada'));
    expect(mine.body.booking.ticket_numbers).toEqual([1, 2]);
    expect((await request(h.app).get('/api/cinema/me').set(await h.auth('cat'))).body).toEqual({ booking: null, waitlist: null });
  });

  it("refuses in the spec's words, and nothing changes", async () => {
    const { screening_id } = await status();
    member('ada');
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: '', quantity: 1 }), 400, 'invalid_request');
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 2 }), 400, 'guest_name_required', CINEMA_ERROR_MESSAGES.guest_name_required);
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', guest_name: 'Bob', quantity: 1 }), 400, 'guest_name_not_allowed');
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 3 }), 400, 'invalid_request');
    // The booker is whoever the token says: a body naming someone else is refused whole.
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 1, _user_id: 'user-bob' }), 400, 'invalid_request');
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: { $ne: '' }, quantity: 1 }), 400, 'invalid_request');
    expectError(await book(h, h.app, 'ada', { screening_id: { $gt: '' }, primary_name: 'Ada', quantity: 1 }), 400, 'invalid_request');
    expectError(await book(h, h.app, 'nonmember', { screening_id, primary_name: 'Nina', quantity: 1 }), 403, 'not_subscriber', CINEMA_ERROR_MESSAGES.not_subscriber);
    expectError(await book(h, h.app, 'ada', { screening_id: 'f'.repeat(24), primary_name: 'Ada', quantity: 1 }), 404, 'screening_not_found');
    expectError(await request(h.app).post('/api/cinema/bookings').set('Origin', 'http://localhost:3000').send({ screening_id, primary_name: 'Ada', quantity: 1 }), 401, 'not_authenticated');
    expect((await status()).tickets_left).toBe(50);
    expect(await h.service.models.booking.countDocuments()).toBe(0);
  });

  it('one booking per member per screening', async () => {
    const { screening_id } = await status();
    expect((await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', quantity: 1 })).status).toBe(201);
    expectError(await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 1 }), 409, 'already_booked', CINEMA_ERROR_MESSAGES.already_booked);
    expect((await status()).tickets_left).toBe(49);
  });

  it("with one left, 2 is 'Only one ticket remains. Please select 1.' and 1 gets the last; then 'Sold out'", async () => {
    const { screening_id } = await status();
    await h.service.models.screening.updateOne({ _id: screening_id }, { $set: { tickets_left: 1, next_ticket_number: 50 } });
    expectError(await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 }), 409, 'only_one_left', 'Only one ticket remains. Please select 1.');
    const last = await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 1 });
    expect(last.body.ticket_numbers).toEqual([50]);
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    expectError(await book(h, h.app, member('bob'), { screening_id, primary_name: 'Bob', quantity: 1 }), 409, 'sold_out', 'No tickets left for this month.');
  });

  it('200 members at once on two instances for 50 tickets: exactly 50 sold, each number once, everyone else told Sold out', async () => {
    const { screening_id } = await status();
    const second = await h.secondInstance();
    try {
      const people = Array.from({ length: 200 }, (_, i) => member(`fan${i}`));
      const answers = await Promise.all(
        people.map((p, i) => book(h, i % 2 ? second.app : h.app, p, { screening_id, primary_name: `Fan ${i}`, quantity: 1 })),
      );
      const sold = answers.filter((a) => a.status === 201);
      const refused = answers.filter((a) => a.status !== 201);
      expect(sold).toHaveLength(50);
      expect(sold.flatMap((a) => a.body.ticket_numbers).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(refused.every((a) => a.status === 409 && a.body.error.code === 'sold_out' && a.body.error.message === 'No tickets left for this month.')).toBe(true);
      expect((await status()).tickets_left).toBe(0);
      expect(await h.service.models.ticket.countDocuments({ screening_id })).toBe(50);
      expect(await h.service.models.booking.countDocuments({ state: 'confirmed' })).toBe(50);
      expect(await h.service.models.booking.countDocuments({ state: 'pending' })).toBe(0);
    } finally {
      await second.stop();
    }
  });
});

/** The ticket email to `to`, once it reaches MailDev. */
const ticketMail = (to: string): Promise<CaughtEmail> => waitForEmail(h.maildev.webUrl, (e) => e.to.some((r) => r.address === to) && /Secret Cinema tickets/.test(e.subject));

describe('the ticket email', () => {
  it('carries the spec payload, an .ics in UTC for the London time, and a QR code per ticket that the door reads', async () => {
    const { screening_id } = await status();
    const res = await book(h, h.app, member('grace'), { screening_id, primary_name: 'Grace <Hopper>', guest_name: 'Alan', quantity: 2 });
    expect(res.status).toBe(201);
    const mail = await ticketMail('grace@example.com');
    expect(mail.subject).toBe('Your Secret Cinema tickets: Secret Cinema Club, Thursday 26 November 2026');
    expect(mail.text).toContain('Tickets #1 and #2 for Grace <Hopper> and Alan.');
    expect(mail.text).toContain('doors 19:00, screening 19:30');
    expect(mail.html).toContain('Grace &lt;Hopper&gt;');
    expect(mail.html).not.toContain('<Hopper>');

    const files = mail.attachments ?? [];
    const ics = (await emailAttachment(h.maildev.webUrl, mail, files.find((f) => f.fileName === 'secret-cinema.ics')!.generatedFileName)).toString();
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261126T193000Z');
    expect(ics).toContain('DTEND:20261126T220000Z');
    expect(ics).toContain('SUMMARY:Secret Cinema Club');
    expect(ics).toContain(`UID:cinema-${res.body.booking.id}@croftcommon`);

    const qrs = files.filter((f) => f.contentType === 'image/png');
    expect(qrs.map((f) => f.fileName).sort()).toEqual(['ticket-1.png', 'ticket-2.png']);
    for (const file of qrs) {
      const png = await emailAttachment(h.maildev.webUrl, mail, file.generatedFileName);
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const read = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(read, file.fileName).not.toBeNull();
      expect(readTicketQr(QR_SECRET, screening_id, read!.data)).toBe(Number(/ticket-(\d+)/.exec(file.fileName)![1]));
    }
  });

  it('a summer screening is at 18:30 UTC in the calendar', async () => {
    h.clock.set('2027-07-01T09:00:00Z');
    const { screening_id, screening_date } = await status();
    expect(screening_date).toBe('2027-07-29');
    await book(h, h.app, member('june'), { screening_id, primary_name: 'June', quantity: 1 });
    const mail = await ticketMail('june@example.com');
    const file = mail.attachments!.find((f) => f.fileName === 'secret-cinema.ics')!;
    expect((await emailAttachment(h.maildev.webUrl, mail, file.generatedFileName)).toString()).toContain('DTSTART:20270729T183000Z');
  });

  it('a mail failure never loses the booking: email_sent false, and Resend sends it later', async () => {
    let down = true;
    const flaky: Mailer = {
      send: async (message) => {
        if (down) throw new Error('smtp down');
        return h.mailer.send(message);
      },
      close: () => undefined,
    };
    const f = await startCinemaHarness('flaky-mail', { now: NOW, mailer: flaky, maildev: h.maildev });
    try {
      const { screening_id } = (await request(f.app).get('/api/cinema/status')).body;
      f.members.add('ivy@example.com');
      const res = await book(f, f.app, 'ivy', { screening_id, primary_name: 'Ivy', quantity: 1 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email_sent: false, ticket_numbers: [1], booking: { email_sent_at: null } });
      expectError(await request(f.app).post('/api/cinema/bookings/mine/email').set(await f.auth('ivy')), 502, 'email_failed', 'Please check spam or try again later.');
      down = false;
      const resent = await request(f.app).post('/api/cinema/bookings/mine/email').set(await f.auth('ivy'));
      expect(resent.body).toEqual({ sent: true });
      expect((await waitForEmail(h.maildev.webUrl, (e) => e.to.some((r) => r.address === 'ivy@example.com'))).subject).toMatch(/Secret Cinema tickets/);
      expect((await request(f.app).get('/api/cinema/me').set(await f.auth('ivy'))).body.booking.email_sent_at).not.toBeNull();
    } finally {
      await f.stop();
    }
  });

  it("resend with no booking: 'No booking found to email.'", async () => {
    await status();
    expectError(await request(h.app).post('/api/cinema/bookings/mine/email').set(await h.auth('nobody')), 404, 'booking_not_found', 'No booking found to email.');
  });
});

describe('cancelling', () => {
  it('up to 24 h before doors: the tickets return to sale; after that, refused', async () => {
    const { screening_id } = await status();
    await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', guest_name: 'Bo', quantity: 2 });
    await book(h, h.app, member('cy'), { screening_id, primary_name: 'Cy', quantity: 1 });
    expect((await status()).tickets_left).toBe(47);
    const cancelled = await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('ada'));
    expect(cancelled.body).toEqual({ cancelled: true, tickets_left: 49 });
    expect((await request(h.app).get('/api/cinema/me').set(await h.auth('ada'))).body.booking).toBeNull();
    // Booking again is allowed, and gets new numbers (numbers are never issued twice).
    const again = await book(h, h.app, 'ada', { screening_id, primary_name: 'Ada', quantity: 1 });
    expect(again.body.ticket_numbers).toEqual([4]);

    h.clock.set('2026-11-25T19:00:01Z');
    expectError(await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('cy')), 409, 'too_late_to_cancel', CINEMA_ERROR_MESSAGES.too_late_to_cancel);
    expectError(await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('nobody')), 404, 'booking_not_found');
  });
});

describe('nothing of a member is anyone else’s', () => {
  it("a member's view and resend are their own", async () => {
    const { screening_id } = await status();
    await book(h, h.app, member('ada'), { screening_id, primary_name: 'Ada', quantity: 1 });
    const before = (await listEmails(h.maildev.webUrl)).length;
    expectError(await request(h.app).post('/api/cinema/bookings/mine/email').set(await h.auth('eve')), 404, 'booking_not_found');
    expect((await listEmails(h.maildev.webUrl)).length).toBe(before);
    expect((await request(h.app).get('/api/cinema/me').set(await h.auth('eve'))).body.booking).toBeNull();
  });
});
