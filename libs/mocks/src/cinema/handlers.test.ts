import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CINEMA_ERROR_MESSAGES,
  CINEMA_MESSAGES,
  cinemaEndpoints as cinema,
  createCinemaBookingResponseSchema,
  endpointUrl,
  errorEnvelopeSchema,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
} from '@croft/contracts';
import { listenForTests } from '../node';
import { scenarioHandlers } from '../scenarios';
import { MOCK_PAST_SCREENING_ID, MOCK_SCREENING_ID, mockTicketQr } from './cinema-factory';
import { cinemaHandlers, type CinemaMockOptions } from './handlers';
import { cinemaScenarios } from './scenarios';

// The cinema mocks called as the site calls them: every rule's code, status (the contract's) and
// words, the numbers, the waiting list, the staff's door, and the scenarios. (The calls go through
// a small stand-in for @croft/api-client's callEndpoint: importing it here would make mocks and
// api-client depend on each other, which the module boundaries refuse.)

const server = listenForTests({ beforeAll, afterEach, afterAll });
const api = { baseUrl: 'http://api.test' };
const use = (options: CinemaMockOptions = {}) => server.use(...cinemaHandlers({ delayMs: 0, ...options }));

/** A refused call: the envelope's code and message with the HTTP status (as api-client's ApiError). */
class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Calls one endpoint as callEndpoint does (URL from the contract, JSON body, the answer parsed by
 * the endpoint's response schema, else the envelope thrown), with the bearer token unless `token` is null.
 */
async function send<E extends EndpointDefinition>(endpoint: E, request: EndpointRequest<E> | Record<string, unknown> = {}, token: string | null = 't'): Promise<EndpointResponse<E>> {
  const { body } = request as { body?: unknown };
  const res = await fetch(`${api.baseUrl}${endpointUrl(endpoint, request as EndpointRequest<E>)}`, {
    method: endpoint.method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const envelope = z.parse(errorEnvelopeSchema, answer);
    throw new Refused(res.status, envelope.error.code, envelope.error.message);
  }
  return z.parse(endpoint.response, answer) as EndpointResponse<E>;
}

/** A call as the signed-in member (or staff). */
const call = <E extends EndpointDefinition>(endpoint: E, request?: EndpointRequest<E>) => send(endpoint, request);

/** The refusal a call ends in: its status, code and message (a call that succeeds fails the test). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  return promise.then(
    (answer) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(answer)}`);
    },
    (error: { status: number; code: string; message: string }) => ({ status: error.status, code: error.code, message: error.message }),
  );
}

/** The contract's status for a cinema refusal, with the contract's words. */
function expected(endpoint: EndpointDefinition, code: keyof typeof CINEMA_ERROR_MESSAGES) {
  const status = (endpoint.errors as Record<string, number>)[code];
  expect(status, `${endpoint.path} declares ${code}`).toBeDefined();
  return { status, code, message: CINEMA_ERROR_MESSAGES[code] };
}

const status = () => call(cinema.getStatus);
const book = (quantity: 1 | 2, guest?: string, screening_id = MOCK_SCREENING_ID) =>
  call(cinema.createBooking, { body: { screening_id, primary_name: 'Ada Lovelace', quantity, ...(guest ? { guest_name: guest } : {}) } });
const join = (quantity: 1 | 2 = 1, guest?: string) =>
  call(cinema.joinWaitlist, { body: { screening_id: MOCK_SCREENING_ID, primary_name: 'Ada Lovelace', quantity, ...(guest ? { guest_name: guest } : {}) } });
const me = () => call(cinema.getMemberView);
const staffScreening = async (id = MOCK_SCREENING_ID) => (await call(cinema.listScreenings)).items.find((s) => s.id === id)!;
const door = (id = MOCK_SCREENING_ID) => call(cinema.doorList, { params: { id } });
const checkIn = (body: { ticket_number: number } | { qr: string }, id = MOCK_SCREENING_ID) => call(cinema.checkIn, { params: { id }, body });

describe('cinemaHandlers: booking', () => {
  it('books 2 with a guest: 201, sequential numbers, the count drops, the member and the door list see it', async () => {
    use();
    expect(await status()).toMatchObject({ screening_id: MOCK_SCREENING_ID, title: 'Secret Cinema Club', doors_time: '19:00', screening_time: '19:30', tickets_left: 23, is_sold_out: false });
    const res = await fetch(`${api.baseUrl}${endpointUrl(cinema.createBooking, {})}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ screening_id: MOCK_SCREENING_ID, primary_name: ' Ada Lovelace ', guest_name: 'Charles Babbage', quantity: 2 }),
    });
    expect(res.status).toBe(201);
    const booked = z.parse(createCinemaBookingResponseSchema, await res.json());
    expect(booked).toMatchObject({ ticket_numbers: [28, 29], release_id: (await status()).release_id, email_sent: true });
    expect(booked.booking).toMatchObject({ primary_name: 'Ada Lovelace', guest_name: 'Charles Babbage', quantity: 2, ticket_numbers: [28, 29] });
    expect(booked.booking.email_sent_at).not.toBeNull();
    expect((await status()).tickets_left).toBe(21);
    expect((await me()).booking?.ticket_numbers).toEqual([28, 29]);
    const list = await door();
    expect(list.tickets.filter((t) => t.number >= 28).map((t) => [t.number, t.name])).toEqual([
      [28, 'Ada Lovelace'],
      [29, 'Charles Babbage'],
    ]);
    expect(list.screening).toMatchObject({ tickets_sold: 29, tickets_left: 21 });
  });

  it('numbers are never issued twice: after a cancellation the next booking goes on from the last number', async () => {
    use();
    expect((await book(2, 'Bo')).ticket_numbers).toEqual([28, 29]);
    expect(await call(cinema.cancelBooking)).toEqual({ cancelled: true, tickets_left: 23 });
    expect((await book(1)).ticket_numbers).toEqual([30]);
    expect((await door()).tickets.map((t) => t.number)).not.toContain(28);
  });

  it('the guest rule: a guest name with 2, and only with 2', async () => {
    use();
    expect(await refusal(book(2))).toEqual(expected(cinema.createBooking, 'guest_name_required'));
    expect(CINEMA_ERROR_MESSAGES.guest_name_required).toBe('You selected 2 tickets. Please add your guest name.');
    expect(await refusal(book(1, 'Bo'))).toEqual({ status: 400, code: 'guest_name_not_allowed', message: 'A guest name goes with 2 tickets only.' });
    // An empty name is the contract's own check, in the spec's words.
    const empty = await refusal(call(cinema.createBooking, { body: { screening_id: MOCK_SCREENING_ID, primary_name: '  ', quantity: 1 } }));
    expect(empty).toMatchObject({ status: 400, code: 'invalid_request' });
    expect(empty.message).toContain(CINEMA_MESSAGES.nameRequired.description);
    expect((await status()).tickets_left).toBe(23);
  });

  it('one left: 2 is refused (Only one left), 1 goes through, then it is sold out and the member has booked', async () => {
    use({ world: 'one-left' });
    expect(await status()).toMatchObject({ tickets_left: 1, is_sold_out: false });
    expect(await refusal(book(2, 'Bo'))).toEqual({ status: 409, code: 'only_one_left', message: 'Only one ticket remains. Please select 1.' });
    expect((await book(1)).ticket_numbers).toEqual([50]);
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    expect(await refusal(book(1))).toEqual({ status: 409, code: 'already_booked', message: 'You already have tickets for this screening.' });
  });

  it('sold out: Sold out, in the spec’s words', async () => {
    use({ world: 'sold-out' });
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    expect(await refusal(book(1))).toEqual({ status: 409, code: 'sold_out', message: 'No tickets left for this month.' });
  });

  it('one booking per member', async () => {
    use({ world: 'booked' });
    expect((await me()).booking).toMatchObject({ ticket_numbers: [12, 13], primary_name: 'Ada Lovelace', guest_name: 'Charles Babbage' });
    expect(await refusal(book(1))).toEqual(expected(cinema.createBooking, 'already_booked'));
    expect((await door()).tickets.find((t) => t.number === 12)).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('a member who is not a subscriber cannot book or wait', async () => {
    use({ notSubscriber: true });
    const words = 'Cinema not available: You must be an active newsletter subscriber to book tickets.';
    expect(await refusal(book(1))).toEqual({ status: 403, code: 'not_subscriber', message: words });
    server.resetHandlers(...cinemaHandlers({ delayMs: 0, world: 'sold-out', notSubscriber: true }));
    expect(await refusal(join())).toEqual({ status: 403, code: 'not_subscriber', message: words });
  });

  it('only the screening on sale: last month’s is not on sale, another is not found, a cancelled one is refused', async () => {
    use();
    expect(await refusal(book(1, undefined, MOCK_PAST_SCREENING_ID))).toEqual(expected(cinema.createBooking, 'not_on_sale'));
    expect(await refusal(book(1, undefined, 'ffffffffffffffffffffffff'))).toEqual(expected(cinema.createBooking, 'screening_not_found'));
    server.resetHandlers(...cinemaHandlers({ delayMs: 0, world: 'cancelled' }));
    expect(await status()).toMatchObject({ state: 'cancelled', is_sold_out: true, tickets_left: 0 });
    expect(await refusal(book(1))).toEqual(expected(cinema.createBooking, 'screening_cancelled'));
    expect(await refusal(join())).toEqual(expected(cinema.joinWaitlist, 'screening_cancelled'));
  });

  it('booking waits ~300 ms by default (the dialog’s booking state shows)', async () => {
    server.use(...cinemaHandlers());
    const started = Date.now();
    await book(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});

describe('cinemaHandlers: the ticket email, cancelling', () => {
  it('a failing email keeps the booking (email_sent false); Resend answers 502 Email failed', async () => {
    use({ emailFails: true });
    const booked = await book(1);
    expect(booked).toMatchObject({ email_sent: false, booking: { email_sent_at: null } });
    expect(await refusal(call(cinema.resendTickets))).toEqual({ status: 502, code: 'email_failed', message: 'Please check spam or try again later.' });
    expect((await me()).booking?.ticket_numbers).toEqual(booked.ticket_numbers);
  });

  it('Resend and Cancel without a booking: No booking found to email', async () => {
    use();
    expect(await refusal(call(cinema.resendTickets))).toEqual({ status: 404, code: 'booking_not_found', message: 'No booking found to email.' });
    expect(await refusal(call(cinema.cancelBooking))).toEqual(expected(cinema.cancelBooking, 'booking_not_found'));
    await book(1);
    expect(await call(cinema.resendTickets)).toEqual({ sent: true });
  });

  it('cancelling returns the tickets; less than 24 h before doors it is refused', async () => {
    use({ world: 'booked' });
    expect(await call(cinema.cancelBooking)).toEqual({ cancelled: true, tickets_left: 25 });
    expect(await me()).toEqual({ booking: null, waitlist: null });
    expect((await door()).tickets.map((t) => t.number)).not.toContain(12);
    server.resetHandlers(...cinemaHandlers({ delayMs: 0, world: 'booked', tooLateToCancel: true }));
    expect(await refusal(call(cinema.cancelBooking))).toEqual({
      status: 409,
      code: 'too_late_to_cancel',
      message: 'Bookings can be cancelled up to 24 hours before doors open.',
    });
    expect((await me()).booking).not.toBeNull();
  });
});

describe('cinemaHandlers: the waiting list', () => {
  it('join only when sold out; once; the member view shows the place; leave once', async () => {
    use();
    expect(await refusal(join())).toEqual({ status: 409, code: 'not_sold_out', message: 'Tickets are still on sale: book them instead.' });
    server.resetHandlers(...cinemaHandlers({ delayMs: 0, world: 'sold-out' }));
    expect(await refusal(join(2))).toEqual(expected(cinema.joinWaitlist, 'guest_name_required'));
    expect(await join(2, 'Charles Babbage')).toMatchObject({ state: 'waiting', position: 4, quantity: 2, guest_name: 'Charles Babbage', hold_expires_at: null });
    expect(await refusal(join())).toEqual({ status: 409, code: 'already_waiting', message: 'You are already on the waiting list.' });
    expect((await me()).waitlist).toMatchObject({ state: 'waiting', position: 4 });
    expect((await staffScreening()).waiting).toBe(4);
    expect(await call(cinema.leaveWaitlist)).toEqual({ left: true });
    expect((await me()).waitlist).toBeNull();
    expect(await refusal(call(cinema.leaveWaitlist))).toEqual({ status: 404, code: 'not_waiting', message: 'You are not on the waiting list.' });
  });

  it('a booked member cannot wait', async () => {
    use({ world: 'one-left' });
    await book(1);
    expect(await refusal(join())).toEqual(expected(cinema.joinWaitlist, 'already_booked'));
  });

  it('seats that come back are offered in order: the others first, then the member, held for 12 h', async () => {
    use({ world: 'waiting' });
    expect((await me()).waitlist).toMatchObject({ state: 'waiting', position: 3, quantity: 1 });
    const before = await staffScreening();
    expect(before).toMatchObject({ tickets_left: 0, waiting: 3 });
    const more = await call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: before.version, capacity: before.capacity + 4 } });
    expect(more).toMatchObject({ tickets_held: 3, tickets_left: 1, waiting: 0 });
    const { waitlist } = await me();
    expect(waitlist).toMatchObject({ state: 'offered', position: 1 });
    expect(Date.parse(waitlist!.hold_expires_at!) - Date.now()).toBeGreaterThan(11.9 * 3_600_000);
    // The held seat is the member's, even with one on sale to others.
    expect((await book(1)).ticket_numbers).toEqual([51]);
    expect((await staffScreening()).tickets_held).toBe(2);
  });

  it('offered: the held seats are booked even though it is sold out; taking fewer puts the rest on sale', async () => {
    use({ world: 'offered' });
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    expect((await me()).waitlist).toMatchObject({ state: 'offered', quantity: 2, guest_name: 'Charles Babbage', position: 1 });
    expect((await book(1)).ticket_numbers).toEqual([49]);
    expect(await status()).toMatchObject({ tickets_left: 1, is_sold_out: false });
    expect((await me()).waitlist).toBeNull();
  });

  it('offered: leaving gives the held seats back', async () => {
    use({ world: 'offered' });
    expect(await call(cinema.leaveWaitlist)).toEqual({ left: true });
    expect((await status()).tickets_left).toBe(2);
  });
});

describe('cinemaHandlers: staff', () => {
  it('lists the screening on sale, then last month’s', async () => {
    use();
    const { items } = await call(cinema.listScreenings);
    expect(items.map((s) => s.id)).toEqual([MOCK_SCREENING_ID, MOCK_PAST_SCREENING_ID]);
    expect(items[0]).toMatchObject({ capacity: 50, tickets_sold: 27, tickets_left: 23, checked_in: 3, state: 'on_sale', version: 1 });
    expect(items[1]).toMatchObject({ tickets_sold: 50, tickets_left: 0 });
    expect(items[1].screening_date < items[0].screening_date).toBe(true);
  });

  it('changes a screening with its version; a stale version, or fewer seats than sold, are refused', async () => {
    use();
    const changed = await call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 1, title: ' Withnail and I ', doors_time: '18:45' } });
    expect(changed).toMatchObject({ title: 'Withnail and I', doors_time: '18:45', version: 2 });
    expect(await status()).toMatchObject({ title: 'Withnail and I', doors_time: '18:45' });
    expect(await refusal(call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 1, title: 'Again' } }))).toEqual({
      status: 409,
      code: 'version_conflict',
      message: 'Someone else changed this screening. Reload it and try again.',
    });
    expect(await refusal(call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 2, capacity: 26 } }))).toEqual({
      status: 409,
      code: 'capacity_below_sold',
      message: 'The capacity cannot be less than the tickets already sold.',
    });
    expect(await call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 2, capacity: 27 } })).toMatchObject({ capacity: 27, tickets_left: 0, version: 3 });
    expect(await status()).toMatchObject({ tickets_left: 0, is_sold_out: true });
    expect(await refusal(call(cinema.updateScreening, { params: { id: 'ffffffffffffffffffffffff' }, body: { version: 1 } }))).toEqual(
      expected(cinema.updateScreening, 'screening_not_found'),
    );
  });

  it('cancels a screening with a reason, once', async () => {
    use();
    expect(await call(cinema.cancelScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 1, reason: ' The projector is broken. ' } })).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'The projector is broken.',
      version: 2,
    });
    expect(await status()).toMatchObject({ state: 'cancelled', is_sold_out: true });
    expect(await refusal(call(cinema.cancelScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 2, reason: 'Twice.' } }))).toEqual(
      expected(cinema.cancelScreening, 'screening_cancelled'),
    );
    expect(await refusal(call(cinema.updateScreening, { params: { id: MOCK_SCREENING_ID }, body: { version: 2, title: 'Late' } }))).toEqual(
      expected(cinema.updateScreening, 'screening_cancelled'),
    );
  });

  it('checks in by number, then by QR the second time (already checked in); unknown tickets and other screenings’ codes are refused', async () => {
    use();
    await book(2, 'Charles Babbage');
    const first = await checkIn({ ticket_number: 28 });
    expect(first).toMatchObject({ already_checked_in: false, ticket: { number: 28, name: 'Ada Lovelace' } });
    expect(first.ticket.checked_in_at).not.toBeNull();
    expect(await checkIn({ qr: mockTicketQr(28) })).toMatchObject({ already_checked_in: true, ticket: { number: 28, checked_in_at: first.ticket.checked_in_at } });
    // Any well-formed code for this screening whose number is on the list.
    expect(await checkIn({ qr: `CCT1.${MOCK_SCREENING_ID}.29.abcdefghijklmnopqrstuv` })).toMatchObject({ already_checked_in: false, ticket: { name: 'Charles Babbage' } });
    expect((await staffScreening()).checked_in).toBe(5);
    expect(await refusal(checkIn({ qr: mockTicketQr(28, MOCK_PAST_SCREENING_ID) }))).toEqual({ status: 400, code: 'invalid_qr', message: 'This code is not a ticket for this screening.' });
    expect(await refusal(checkIn({ ticket_number: 99 }))).toEqual({ status: 404, code: 'ticket_not_found', message: 'No ticket with that number for this screening.' });
    expect(await refusal(checkIn({ qr: 'not a ticket' }))).toMatchObject({ status: 400, code: 'invalid_request' });
    // Last month's door list is its own.
    expect(await checkIn({ ticket_number: 50 }, MOCK_PAST_SCREENING_ID)).toMatchObject({ already_checked_in: false });
    expect((await door(MOCK_PAST_SCREENING_ID)).tickets).toHaveLength(50);
  });
});

describe('cinemaHandlers: sign-in, failures, scenarios', () => {
  it('status is public; every member and staff endpoint answers 401 not_authenticated without a token', async () => {
    use();
    const res = await fetch(`${api.baseUrl}${endpointUrl(cinema.getStatus, {})}`);
    expect(res.status).toBe(200);
    const id = { id: MOCK_SCREENING_ID };
    const bodyFor = { screening_id: MOCK_SCREENING_ID, primary_name: 'Ada', quantity: 1 };
    const calls: [EndpointDefinition, { params?: unknown; body?: unknown }][] = [
      [cinema.getMemberView, {}],
      [cinema.createBooking, { body: bodyFor }],
      [cinema.resendTickets, {}],
      [cinema.cancelBooking, {}],
      [cinema.joinWaitlist, { body: bodyFor }],
      [cinema.leaveWaitlist, {}],
      [cinema.listScreenings, {}],
      [cinema.updateScreening, { params: id, body: { version: 1 } }],
      [cinema.cancelScreening, { params: id, body: { version: 1, reason: 'Because.' } }],
      [cinema.doorList, { params: id }],
      [cinema.checkIn, { params: id, body: { ticket_number: 1 } }],
    ];
    for (const [endpoint, request] of calls) {
      const answer = await send(endpoint, request, null).catch((e: Refused) => e);
      expect(answer, `${endpoint.method} ${endpoint.path}`).toMatchObject({ status: 401, code: 'not_authenticated' });
    }
  });

  it('failures: the status, the booking and the member view each fail on their own', async () => {
    const boom = { status: 500, code: 'internal_error', message: 'Something went wrong' };
    use({ failures: { status: boom, member: boom, booking: boom, staff: boom } });
    expect(await refusal(status())).toEqual(boom);
    expect(await refusal(me())).toEqual(boom);
    expect(await refusal(book(1))).toEqual(boom);
    expect(await refusal(call(cinema.listScreenings))).toEqual(boom);
    expect(await refusal(door())).toEqual(boom);
    expect(await call(cinema.resendTickets).catch((e: { code: string }) => e.code)).toBe('booking_not_found');
  });

  it('every scenario id is there and resolves through scenarioHandlers', async () => {
    expect(cinemaScenarios.map((s) => s.id)).toEqual([
      'cinema:plenty',
      'cinema:one-left',
      'cinema:sold-out',
      'cinema:already-booked',
      'cinema:waiting',
      'cinema:offered',
      'cinema:cancelled',
      'cinema:status-fails',
      'cinema:booking-fails',
      'cinema:email-fails',
      'cinema:not-subscriber',
      'cinema:too-late-to-cancel',
    ]);
    const seen: Record<string, unknown> = {};
    for (const { id, label } of cinemaScenarios) {
      expect(label).toMatch(/^Cinema: /);
      server.resetHandlers(...scenarioHandlers([id]));
      const answer = await status().catch((e: { status: number }) => ({ failed: e.status }));
      const view = await me();
      seen[id] = { answer, view };
      if (id === 'cinema:status-fails') expect(answer).toEqual({ failed: 500 });
      else expect(answer, id).toMatchObject({ screening_id: MOCK_SCREENING_ID });
    }
    expect(seen['cinema:one-left']).toMatchObject({ answer: { tickets_left: 1 } });
    expect(seen['cinema:sold-out']).toMatchObject({ answer: { is_sold_out: true }, view: { booking: null, waitlist: null } });
    expect(seen['cinema:already-booked']).toMatchObject({ view: { booking: { ticket_numbers: [12, 13] } } });
    expect(seen['cinema:waiting']).toMatchObject({ view: { waitlist: { state: 'waiting' } } });
    expect(seen['cinema:offered']).toMatchObject({ view: { waitlist: { state: 'offered' } } });
    expect(seen['cinema:cancelled']).toMatchObject({ answer: { state: 'cancelled' } });

    server.resetHandlers(...scenarioHandlers(['cinema:booking-fails']));
    expect(await refusal(book(1))).toMatchObject({ status: 500 });
    server.resetHandlers(...scenarioHandlers(['cinema:email-fails']));
    expect((await book(1)).email_sent).toBe(false);
    server.resetHandlers(...scenarioHandlers(['cinema:not-subscriber']));
    expect(await refusal(book(1))).toMatchObject({ code: 'not_subscriber' });
    server.resetHandlers(...scenarioHandlers(['cinema:too-late-to-cancel']));
    expect(await refusal(call(cinema.cancelBooking))).toMatchObject({ code: 'too_late_to_cancel' });
  });
});
