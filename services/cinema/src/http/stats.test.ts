import request from 'supertest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilities, composeServices, createDiskBlobStore, silentLogger, supply } from '@croft/service-kit';
import { cinemaModule } from '../module';
import { book, startCinemaHarness, type CinemaHarness } from '../testing/harness';

// Staff analytics' cinema figures (capability cinemaStats): bookings made in [from, to) and their
// tickets, made through the HTTP API as members do.

const FROM = new Date('2026-11-24T10:00:00.000Z');
const TO = new Date('2026-11-24T11:00:00.000Z');
const WINDOW = { from: FROM, to: TO };
const at = (ms: number) => new Date(FROM.getTime() + ms);

let h: CinemaHarness;
let screeningId = '';

beforeAll(async () => {
  h = await startCinemaHarness('stats', { now: '2026-11-24T09:00:00Z' });
  screeningId = (await request(h.app).get('/api/cinema/status')).body.screening_id;
});
afterAll(async () => {
  await h?.stop();
});

async function bookAt(when: Date, person: string, quantity: 1 | 2, member = true): Promise<number> {
  h.clock.set(when.toISOString());
  if (member) h.members.add(`${person}@example.com`);
  const res = await book(h, h.app, person, {
    screening_id: screeningId,
    primary_name: person,
    quantity,
    ...(quantity === 2 ? { guest_name: `${person}'s guest` } : {}),
  });
  return res.status;
}

describe('cinema stats', () => {
  it('counts nothing before anyone books', async () => {
    expect(await h.service.cinema.stats(WINDOW)).toEqual({ bookings: 0, tickets: 0 });
  });

  it('counts bookings made in [from, to) and their tickets; cancelled ones stay counted, pending and refused ones do not', async () => {
    expect(await bookAt(at(-1), 'ann', 2)).toBe(201); // a millisecond before: outside
    expect(await bookAt(at(0), 'ben', 1)).toBe(201); // exactly at from: inside
    expect(await bookAt(at(60_000), 'cat', 2)).toBe(201);
    expect(await bookAt(TO, 'eve', 2)).toBe(201); // exactly at to: outside
    expect(await bookAt(at(TO.getTime() - FROM.getTime() - 1), 'dan', 1)).toBe(201); // the last millisecond: inside
    expect(await bookAt(at(90_000), 'gus', 1, false)).toBe(403); // not a member: refused, nothing made

    // Cat cancels (a booking made in the window stays counted) and books again with one ticket.
    h.clock.set(at(120_000).toISOString());
    expect((await request(h.app).delete('/api/cinema/bookings/mine').set(await h.auth('cat'))).status).toBe(200);
    expect(await bookAt(at(180_000), 'cat', 1)).toBe(201);

    // A booking still taking its seats (pending) is not made yet.
    await h.service.models.booking.create({
      screening_id: screeningId, user_id: 'user-fay', email: 'fay@example.com', primary_name: 'Fay', guest_name: null, quantity: 2,
      ticket_numbers: [], state: 'pending', live: true, email_sent_at: null, created_at: at(300_000), cancelled_at: null,
    });

    expect(await h.service.cinema.stats(WINDOW)).toEqual({ bookings: 4, tickets: 5 });
    // Boundaries: from is included, to is not.
    expect(await h.service.cinema.stats({ from: at(-1), to: at(0) })).toEqual({ bookings: 1, tickets: 2 });
    expect(await h.service.cinema.stats({ from: at(0), to: at(1) })).toEqual({ bookings: 1, tickets: 1 });
    expect(await h.service.cinema.stats({ from: TO, to: new Date(TO.getTime() + 1) })).toEqual({ bookings: 1, tickets: 2 });
    expect(await h.service.cinema.stats({ from: at(-60_000), to: new Date(TO.getTime() + 60_000) })).toEqual({ bookings: 6, tickets: 9 });
    // An empty or reversed window counts nothing.
    expect(await h.service.cinema.stats({ from: at(0), to: at(0) })).toEqual({ bookings: 0, tickets: 0 });
    expect(await h.service.cinema.stats({ from: TO, to: FROM })).toEqual({ bookings: 0, tickets: 0 });
  });

  it('is what the module provides as cinemaStats in a composition', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cinema-stats-blobs-'));
    const composed = await composeServices({
      modules: [cinemaModule],
      supplied: [supply(capabilities.isActiveSubscriber, async () => true)],
      db: h.mongo.connection,
      mailer: h.mailer,
      logger: silentLogger(),
      clock: h.clock,
      env: { PUBLIC_ORIGIN: 'https://croft.example', CINEMA_QR_SECRET: 'stats-qr-secret-0123456789-0123456789-abcdef' },
      jobs: { poll: false },
      seed: false,
      blobs: createDiskBlobStore({ root: dir }),
    });
    try {
      const provided = composed.provided(capabilities.cinemaStats);
      expect(provided).toBeDefined();
      expect(await provided!(WINDOW)).toEqual({ bookings: 4, tickets: 5 });
    } finally {
      await composed.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
