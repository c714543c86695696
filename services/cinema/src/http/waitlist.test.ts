import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CINEMA_ERROR_MESSAGES } from '@croft/contracts';
import { waitForEmail } from '@croft/maildev';
import { book, startCinemaHarness, type CinemaHarness } from '../testing/harness';

const NOW = '2026-11-24T10:00:00Z';
let h: CinemaHarness;
let screening_id: string;
beforeAll(async () => {
  h = await startCinemaHarness('waitlist', { now: NOW, capacity: 2 });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.clock.set(NOW);
  await Promise.all(['booking', 'ticket', 'screening', 'wait'].map((m) => (h.service.models as unknown as Record<string, { deleteMany(q: object): Promise<unknown> }>)[m].deleteMany({})));
  screening_id = (await request(h.app).get('/api/cinema/status')).body.screening_id;
});

function expectError(res: request.Response, status: number, code: string, message?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
  if (message) expect(res.body.error.message).toBe(message);
}

const member = (name: string) => (h.members.add(`${name}@example.com`), name);
const status = async () => (await request(h.app).get('/api/cinema/status')).body;
const me = async (name: string) => (await request(h.app).get('/api/cinema/me').set(await h.auth(name))).body;
const join = async (name: string, quantity: 1 | 2 = 1) =>
  request(h.app)
    .post('/api/cinema/waitlist')
    .set(await h.auth(member(name)))
    .send({ screening_id, primary_name: name, quantity, ...(quantity === 2 ? { guest_name: `${name}'s guest` } : {}) });

/** The two seats (capacity 2 here) sold to x and y. */
async function sellOut() {
  expect((await book(h, h.app, member('x'), { screening_id, primary_name: 'X', quantity: 1 })).status).toBe(201);
  expect((await book(h, h.app, member('y'), { screening_id, primary_name: 'Y', quantity: 1 })).status).toBe(201);
}

describe('the waiting list', () => {
  it('opens only when sold out; members join in order, once', async () => {
    expectError(await join('ann'), 409, 'not_sold_out', CINEMA_ERROR_MESSAGES.not_sold_out);
    await sellOut();
    expect((await join('ann')).body).toMatchObject({ state: 'waiting', position: 1, quantity: 1 });
    expect((await join('bob', 2)).body).toMatchObject({ position: 2, quantity: 2, guest_name: "bob's guest" });
    expectError(await join('ann'), 409, 'already_waiting');
    expectError(await join('x'), 409, 'already_booked');
    expect((await me('bob')).waitlist).toMatchObject({ state: 'waiting', position: 2 });
  });

  it('returned seats are offered in order and held 12 hours for that member; others still see Sold out', async () => {
    await sellOut();
    await join('ann');
    await join('bob');
    await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('x'));
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    const offer = (await me('ann')).waitlist;
    expect(offer).toMatchObject({ state: 'offered', hold_expires_at: '2026-11-24T22:00:00.000Z' });
    const mail = await waitForEmail(h.maildev.webUrl, (e) => e.to.some((r) => r.address === 'ann@example.com') && /yours to book/.test(e.subject));
    expect(mail.text).toContain('We are holding it for you until');
    expectError(await book(h, h.app, 'bob', { screening_id, primary_name: 'Bob', quantity: 1 }), 409, 'sold_out');
    // Ann books her held seat, sold out or not.
    const booked = await book(h, h.app, 'ann', { screening_id, primary_name: 'Ann', quantity: 1 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.ticket_numbers).toEqual([3]);
    expect((await me('ann')).waitlist).toBeNull();
    const [s] = (await request(h.app).get('/api/cinema/staff/screenings').set(await h.staffAuth('sam'))).body.items;
    expect(s).toMatchObject({ tickets_sold: 2, tickets_held: 0, tickets_left: 0, waiting: 1 });
  });

  it('a hold not taken in 12 hours expires once (the job) and the seats go to the next member', async () => {
    await sellOut();
    await join('ann');
    await join('bob');
    await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('x'));
    expect((await me('ann')).waitlist.state).toBe('offered');
    h.clock.set('2026-11-24T21:59:00Z');
    await h.service.jobs.runDueNow();
    expect((await me('ann')).waitlist.state).toBe('offered');
    h.clock.set('2026-11-24T22:00:01Z');
    await h.service.jobs.runDueNow();
    await h.service.jobs.runDueNow();
    expect((await me('ann')).waitlist).toBeNull();
    expect((await me('bob')).waitlist).toMatchObject({ state: 'offered' });
    expectError(await book(h, h.app, 'ann', { screening_id, primary_name: 'Ann', quantity: 1 }), 409, 'sold_out');
    const [s] = (await request(h.app).get('/api/cinema/staff/screenings').set(await h.staffAuth('sam'))).body.items;
    expect(s).toMatchObject({ tickets_held: 1, tickets_left: 0, waiting: 0 });
  });

  it('leaving while offered passes the seats on; leaving twice is not_waiting', async () => {
    await sellOut();
    await join('ann');
    await join('bob');
    await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('y'));
    expect((await request(h.app).delete('/api/cinema/waitlist/mine').set(await h.auth('ann'))).body).toEqual({ left: true });
    expect((await me('bob')).waitlist.state).toBe('offered');
    expectError(await request(h.app).delete('/api/cinema/waitlist/mine').set(await h.auth('ann')), 404, 'not_waiting');
  });

  it('one seat back and the first in line wants two: it goes on sale to whoever fits next', async () => {
    await sellOut();
    await join('pair', 2);
    await join('solo', 1);
    await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('x'));
    expect((await me('pair')).waitlist).toMatchObject({ state: 'waiting', position: 1 });
    expect((await me('solo')).waitlist.state).toBe('offered');
  });
});
