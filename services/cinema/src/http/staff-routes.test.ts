import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CINEMA_ERROR_MESSAGES } from '@croft/contracts';
import { waitForEmail } from '@croft/maildev';
import { ticketQr } from '../domain/qr-token';
import { QR_SECRET, book, startCinemaHarness, type CinemaHarness } from '../testing/harness';

const NOW = '2026-11-24T10:00:00Z';
let h: CinemaHarness;
beforeAll(async () => {
  h = await startCinemaHarness('staff', { now: NOW });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.clock.set(NOW);
  await Promise.all([h.service.models.booking.deleteMany({}), h.service.models.ticket.deleteMany({}), h.service.models.screening.deleteMany({})]);
});

function expectError(res: request.Response, status: number, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
}

const screenings = async () => (await request(h.app).get('/api/cinema/staff/screenings').set(await h.staffAuth('sam'))).body.items;

async function bookFor(name: string, quantity: 1 | 2 = 1) {
  h.members.add(`${name}@example.com`);
  const { screening_id } = (await request(h.app).get('/api/cinema/status')).body;
  const res = await book(h, h.app, name, { screening_id, primary_name: name, quantity, ...(quantity === 2 ? { guest_name: `${name}'s guest` } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { screening_id: screening_id as string, numbers: res.body.ticket_numbers as number[] };
}

describe('the cinema staff panel', () => {
  it('is for staff only', async () => {
    expectError(await request(h.app).get('/api/cinema/staff/screenings').set(await h.auth('ada')), 403, 'forbidden');
    expectError(await request(h.app).get('/api/cinema/staff/screenings').set('Origin', 'http://localhost:3000'), 401, 'not_authenticated');
  });

  it('lists the screening on sale with its counts', async () => {
    await bookFor('ada', 2);
    const [current] = await screenings();
    expect(current).toMatchObject({ release_id: '2026-11', capacity: 50, tickets_sold: 2, tickets_left: 48, checked_in: 0, state: 'on_sale', version: 1 });
  });

  it('changes title, times and capacity with a version; never below the tickets sold; audit-logged', async () => {
    await bookFor('ada', 2);
    const [s] = await screenings();
    const auth = await h.staffAuth('sam');
    const changed = await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 1, title: 'Withnail and I', doors_time: '18:45', capacity: 60 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ title: 'Withnail and I', doors_time: '18:45', capacity: 60, tickets_left: 58, version: 2 });
    expect((await request(h.app).get('/api/cinema/status')).body).toMatchObject({ title: 'Withnail and I', tickets_left: 58 });
    expectError(await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 1, title: 'Stale' }), 409, 'version_conflict');
    expectError(await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 2, capacity: 1 }), 409, 'capacity_below_sold', CINEMA_ERROR_MESSAGES.capacity_below_sold);
    expectError(await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 2, doors_time: '25:00' }), 400, 'invalid_request');
    expectError(await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 2, tickets_left: 500 }), 400, 'invalid_request');
    const down = await request(h.app).patch(`/api/cinema/staff/screenings/${s.id}`).set(auth).send({ version: 2, capacity: 2 });
    expect(down.body).toMatchObject({ capacity: 2, tickets_left: 0, tickets_sold: 2 });
    const log = await h.service.audit.list({ limit: 5 });
    expect(log.items.map((e) => e.action)).toEqual(['screening.updated', 'screening.updated']);
    expect(log.items[1].detail).toContain('title: Secret Cinema Club → Withnail and I');

    // Admins (only) read the log over HTTP: /admin/audit merges it with the other services'.
    expectError(await request(h.app).get('/api/cinema/audit').set(auth), 403, 'forbidden');
    const admin = await h.adminAuth('ann');
    const listed = await request(h.app).get('/api/cinema/audit?limit=1').set(admin);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({ service: 'cinema', action: 'screening.updated', actor: { id: 'user-sam', email: 'sam@croftcommon.co.uk' } });
    const older = await request(h.app).get(`/api/cinema/audit?limit=5&before=${encodeURIComponent(listed.body.next_cursor)}`).set(admin);
    expect(older.body.items.map((e: { id: string }) => e.id)).toEqual([log.items[1].id]);
    expectError(await request(h.app).get('/api/cinema/audit?before=not-a-cursor').set(admin), 400, 'invalid_request');
  });

  it('cancels a screening: nothing more is booked, booked members are emailed', async () => {
    await bookFor('ada');
    const [s] = await screenings();
    const cancelled = await request(h.app).post(`/api/cinema/staff/screenings/${s.id}/cancel`).set(await h.staffAuth('sam')).send({ version: 1, reason: 'The projector is broken.' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancel_reason: 'The projector is broken.' });
    expect((await request(h.app).get('/api/cinema/status')).body).toMatchObject({ state: 'cancelled', is_sold_out: true, tickets_left: 0 });
    h.members.add('bob@example.com');
    expectError(await book(h, h.app, 'bob', { screening_id: s.id, primary_name: 'Bob', quantity: 1 }), 409, 'screening_cancelled');
    const mail = await waitForEmail(h.maildev.webUrl, (e) => e.to.some((r) => r.address === 'ada@example.com') && /cancelled/.test(e.subject));
    expect(mail.text).toContain('The projector is broken.');
  });

  it('the door list and check-in by number or QR; a second check-in says so; a forged code is refused', async () => {
    const { screening_id, numbers } = await bookFor('ada', 2);
    const auth = await h.staffAuth('door');
    const door = await request(h.app).get(`/api/cinema/staff/screenings/${screening_id}/door`).set(auth);
    expect(door.body.tickets.map((t: { number: number; name: string }) => [t.number, t.name])).toEqual([
      [numbers[0], 'ada'],
      [numbers[1], "ada's guest"],
    ]);
    const byNumber = await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ ticket_number: numbers[0] });
    expect(byNumber.body).toMatchObject({ already_checked_in: false, ticket: { number: numbers[0] } });
    expect(byNumber.body.ticket.checked_in_at).not.toBeNull();
    const again = await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ ticket_number: numbers[0] });
    expect(again.body.already_checked_in).toBe(true);
    const qr = ticketQr(QR_SECRET, screening_id, numbers[1]);
    const byQr = await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ qr });
    expect(byQr.body).toMatchObject({ already_checked_in: false, ticket: { number: numbers[1], name: "ada's guest" } });
    const forged = qr.slice(0, -4) + 'AAAA';
    expectError(await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ qr: forged }), 400, 'invalid_qr', CINEMA_ERROR_MESSAGES.invalid_qr);
    expectError(await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ ticket_number: 49 }), 404, 'ticket_not_found');
    expectError(await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ ticket_number: { $gt: 0 } }), 400, 'invalid_request');
    const [s] = await screenings();
    expect(s.checked_in).toBe(2);
  });

  it("a cancelled booking's tickets leave the door list and cannot be checked in", async () => {
    const { screening_id, numbers } = await bookFor('ada');
    await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('ada'));
    const auth = await h.staffAuth('door');
    expect((await request(h.app).get(`/api/cinema/staff/screenings/${screening_id}/door`).set(auth)).body.tickets).toEqual([]);
    expectError(await request(h.app).post(`/api/cinema/staff/screenings/${screening_id}/check-in`).set(auth).send({ ticket_number: numbers[0] }), 404, 'ticket_not_found');
  });
});
