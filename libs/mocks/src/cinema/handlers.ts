// MSW handlers for the cinema service (/api/cinema): this month's screening and one member's
// booking in memory, with the service's rules and words (CINEMA_ERROR_MESSAGES), for the booking
// dialog, its stories and the standalone cinema remote.
import { delay } from 'msw';
import {
  CINEMA_CANCEL_CUTOFF_HOURS,
  CINEMA_DEFAULT_DOORS,
  CINEMA_DEFAULT_SCREENING,
  CINEMA_DEFAULT_TITLE,
  CINEMA_ERROR_MESSAGES,
  CINEMA_TICKETS_PER_MONTH,
  cinemaEndpoints as cinema,
  lastThursdayOf,
  type CinemaBooking,
  type CinemaStatus,
  type CinemaWaitlistEntry,
  type DoorTicket,
  type StaffScreening,
} from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';

export const CINEMA_WORLDS = ['plenty', 'one-left', 'sold-out', 'booked', 'waiting', 'cancelled'] as const;
export type CinemaWorldName = (typeof CINEMA_WORLDS)[number];

export interface CinemaMockOptions {
  /** The starting state (default 'plenty': 23 of 50 left, nothing booked). */
  world?: CinemaWorldName;
  /** Not an active subscriber: booking and the waiting list are refused (403). */
  notSubscriber?: boolean;
  /** The ticket email fails: bookings answer email_sent false, Resend answers 502. */
  emailFails?: boolean;
  /** It is less than 24 h before doors: cancelling is refused. */
  tooLateToCancel?: boolean;
  failures?: { status?: MockFailure; booking?: MockFailure; member?: MockFailure };
  /** How long a booking takes to answer (ms, default 300): the booking state is visible. */
  delayMs?: number;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const STATUS: Record<keyof typeof CINEMA_ERROR_MESSAGES, number> = {
  sold_out: 409,
  only_one_left: 409,
  name_required: 400,
  guest_name_required: 400,
  guest_name_not_allowed: 400,
  booking_not_found: 404,
  already_booked: 409,
  not_subscriber: 403,
  not_on_sale: 409,
  screening_cancelled: 409,
  too_late_to_cancel: 409,
  not_sold_out: 409,
  already_waiting: 409,
  not_waiting: 404,
  email_failed: 502,
  screening_not_found: 404,
  ticket_not_found: 404,
  invalid_qr: 400,
  capacity_below_sold: 409,
  version_conflict: 409,
};
/** One of the cinema service's named errors with its status and the contract's words. */
export const cinemaFailure = (code: keyof typeof CINEMA_ERROR_MESSAGES): MockFailure => ({ status: STATUS[code], code, message: CINEMA_ERROR_MESSAGES[code] });

export const MOCK_SCREENING_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';

/** Names on the mocks' door list (tickets 1 to the number sold). */
const MOCK_DOOR_NAMES = ['Grace Hopper', 'Alan Turing', 'Mary Somerville', 'Ada Lovelace', 'Charles Babbage', 'Rosalind Franklin', 'Tim Berners-Lee'];

/** The screening on sale in the mocks: this month's last Thursday (or next month's once it is past). */
export function buildCinemaStatus(overrides: Partial<CinemaStatus> = {}): CinemaStatus {
  const now = new Date();
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth() + 1;
  if (lastThursdayOf(year, month) < now.toISOString().slice(0, 10)) {
    month = month === 12 ? 1 : month + 1;
    year = month === 1 ? year + 1 : year;
  }
  const left = overrides.tickets_left ?? 23;
  return {
    screening_id: MOCK_SCREENING_ID,
    release_id: `${year}-${String(month).padStart(2, '0')}`,
    screening_date: lastThursdayOf(year, month),
    doors_time: CINEMA_DEFAULT_DOORS,
    screening_time: CINEMA_DEFAULT_SCREENING,
    tickets_left: left,
    is_sold_out: left === 0,
    title: CINEMA_DEFAULT_TITLE,
    state: 'on_sale',
    ...overrides,
  };
}

export function buildCinemaBooking(status: CinemaStatus, overrides: Partial<CinemaBooking> = {}): CinemaBooking {
  const doors = new Date(`${status.screening_date}T${status.doors_time}:00Z`);
  return {
    id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
    screening_id: status.screening_id,
    release_id: status.release_id,
    primary_name: 'Ada Lovelace',
    guest_name: 'Charles Babbage',
    quantity: 2,
    ticket_numbers: [12, 13],
    created_at: new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    email_sent_at: new Date(Date.now() - 86_400_000).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    cancellable_until: new Date(doors.getTime() - CINEMA_CANCEL_CUTOFF_HOURS * 3_600_000).toISOString(),
    ...overrides,
  };
}

const signedIn = (request: Request) => /^Bearer \S+/.test(request.headers.get('authorization') ?? '');
const iso = () => new Date().toISOString().replace(/\.\d{3}Z$/, '.000Z');

export function cinemaHandlers(options: CinemaMockOptions = {}) {
  const world = options.world ?? 'plenty';
  const failures = options.failures ?? {};
  const status = buildCinemaStatus(
    world === 'one-left'
      ? { tickets_left: 1 }
      : world === 'sold-out' || world === 'waiting'
        ? { tickets_left: 0 }
        : world === 'cancelled'
          ? { tickets_left: 0, is_sold_out: true, state: 'cancelled' }
          : {},
  );
  let nextNumber = CINEMA_TICKETS_PER_MONTH - status.tickets_left + 1;
  let booking: CinemaBooking | null = world === 'booked' ? buildCinemaBooking(status) : null;
  let waitlist: CinemaWaitlistEntry | null =
    world === 'waiting'
      ? { id: 'a1a1a1a1a1a1a1a1a1a1a1a1', screening_id: status.screening_id, quantity: 1, primary_name: 'Ada Lovelace', guest_name: null, state: 'waiting', position: 3, hold_expires_at: null, created_at: iso() }
      : null;
  // The staff side: the screening's editable details and its door list (the member's booking joins it).
  let version = 1;
  let capacity = CINEMA_TICKETS_PER_MONTH;
  let cancelReason: string | null = world === 'cancelled' ? 'The projector is away for repair.' : null;
  const door: DoorTicket[] = Array.from({ length: capacity - status.tickets_left }, (_, i) => ({
    number: i + 1,
    name: MOCK_DOOR_NAMES[i % MOCK_DOOR_NAMES.length],
    booking_id: `d${String(i).padStart(23, '0')}`,
    email: `guest${i + 1}@example.com`,
    checked_in_at: i < 3 ? iso() : null,
  }));
  const staffScreening = (): StaffScreening => ({
    id: status.screening_id,
    release_id: status.release_id,
    screening_date: status.screening_date,
    title: status.title,
    doors_time: status.doors_time,
    screening_time: status.screening_time,
    capacity,
    tickets_sold: capacity - status.tickets_left,
    tickets_left: status.tickets_left,
    tickets_held: 0,
    waiting: waitlist ? 1 : 0,
    checked_in: door.filter((t) => t.checked_in_at).length,
    state: status.state,
    cancel_reason: cancelReason,
    version,
  });
  const setLeft = (left: number) => {
    status.tickets_left = left;
    status.is_sold_out = left === 0 || status.state === 'cancelled';
  };

  return [
    mockEndpoint(cinema.getStatus, () => (failures.status ? mockError(failures.status) : { ...status })),

    mockEndpoint(cinema.getMemberView, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.member) return mockError(failures.member);
      return { booking, waitlist };
    }),

    mockEndpoint(cinema.createBooking, async ({ request, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      await delay(options.delayMs ?? 300);
      if (failures.booking) return mockError(failures.booking);
      const guest = body.guest_name?.trim() || null;
      if (body.quantity === 2 && !guest) return mockError(cinemaFailure('guest_name_required'));
      if (body.quantity === 1 && guest) return mockError(cinemaFailure('guest_name_not_allowed'));
      if (body.screening_id !== status.screening_id) return mockError(cinemaFailure('screening_not_found'));
      if (status.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      if (options.notSubscriber) return mockError(cinemaFailure('not_subscriber'));
      if (booking) return mockError(cinemaFailure('already_booked'));
      if (status.tickets_left === 0) return mockError(cinemaFailure('sold_out'));
      if (status.tickets_left < body.quantity) return mockError(cinemaFailure('only_one_left'));
      const numbers = Array.from({ length: body.quantity }, (_, i) => nextNumber + i);
      nextNumber += body.quantity;
      setLeft(status.tickets_left - body.quantity);
      booking = buildCinemaBooking(status, {
        id: 'b1b1b1b1b1b1b1b1b1b1b1b1',
        primary_name: body.primary_name.trim(),
        guest_name: guest,
        quantity: body.quantity,
        ticket_numbers: numbers,
        created_at: iso(),
        email_sent_at: options.emailFails ? null : iso(),
      });
      waitlist = null;
      return { ticket_numbers: numbers, release_id: status.release_id, booking, email_sent: !options.emailFails };
    }),

    mockEndpoint(cinema.resendTickets, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (!booking) return mockError(cinemaFailure('booking_not_found'));
      if (options.emailFails) return mockError(cinemaFailure('email_failed'));
      booking = { ...booking, email_sent_at: iso() };
      return { sent: true as const };
    }),

    mockEndpoint(cinema.cancelBooking, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (!booking) return mockError(cinemaFailure('booking_not_found'));
      if (options.tooLateToCancel) return mockError(cinemaFailure('too_late_to_cancel'));
      setLeft(status.tickets_left + booking.quantity);
      booking = null;
      return { cancelled: true as const, tickets_left: status.tickets_left };
    }),

    mockEndpoint(cinema.joinWaitlist, ({ request, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (options.notSubscriber) return mockError(cinemaFailure('not_subscriber'));
      if (status.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      if (booking) return mockError(cinemaFailure('already_booked'));
      if (waitlist) return mockError(cinemaFailure('already_waiting'));
      if (status.tickets_left > 0) return mockError(cinemaFailure('not_sold_out'));
      const guest = body.guest_name?.trim() || null;
      if (body.quantity === 2 && !guest) return mockError(cinemaFailure('guest_name_required'));
      if (body.quantity === 1 && guest) return mockError(cinemaFailure('guest_name_not_allowed'));
      waitlist = {
        id: 'a2a2a2a2a2a2a2a2a2a2a2a2',
        screening_id: status.screening_id,
        quantity: body.quantity,
        primary_name: body.primary_name.trim(),
        guest_name: guest,
        state: 'waiting',
        position: 4,
        hold_expires_at: null,
        created_at: iso(),
      };
      return waitlist;
    }),

    mockEndpoint(cinema.listScreenings, ({ request }) => (signedIn(request) ? { items: [staffScreening()] } : mockError(NOT_SIGNED_IN))),

    mockEndpoint(cinema.updateScreening, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (params.id !== status.screening_id) return mockError(cinemaFailure('screening_not_found'));
      if (body.version !== version) return mockError(cinemaFailure('version_conflict'));
      if (status.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      const sold = capacity - status.tickets_left;
      if (body.capacity !== undefined && body.capacity < sold) return mockError(cinemaFailure('capacity_below_sold'));
      if (body.title !== undefined) status.title = body.title.trim();
      if (body.doors_time !== undefined) status.doors_time = body.doors_time;
      if (body.screening_time !== undefined) status.screening_time = body.screening_time;
      if (body.capacity !== undefined) {
        setLeft(body.capacity - sold);
        capacity = body.capacity;
      }
      version += 1;
      return staffScreening();
    }),

    mockEndpoint(cinema.cancelScreening, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (params.id !== status.screening_id) return mockError(cinemaFailure('screening_not_found'));
      if (body.version !== version) return mockError(cinemaFailure('version_conflict'));
      if (status.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      status.state = 'cancelled';
      cancelReason = body.reason.trim();
      setLeft(0);
      version += 1;
      return staffScreening();
    }),

    mockEndpoint(cinema.doorList, ({ request, params }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (params.id !== status.screening_id) return mockError(cinemaFailure('screening_not_found'));
      const mine: DoorTicket[] = booking
        ? booking.ticket_numbers.map((number, i) => ({
            number,
            name: i === 0 ? booking!.primary_name : (booking!.guest_name ?? booking!.primary_name),
            booking_id: booking!.id,
            email: 'ada@example.com',
            checked_in_at: null,
          }))
        : [];
      return { screening: staffScreening(), tickets: [...door, ...mine.filter((t) => !door.some((d) => d.number === t.number))].sort((a, b) => a.number - b.number) };
    }),

    mockEndpoint(cinema.checkIn, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (params.id !== status.screening_id) return mockError(cinemaFailure('screening_not_found'));
      let number: number;
      if ('qr' in body) {
        const [, screening, n] = body.qr.split('.');
        if (screening !== status.screening_id) return mockError(cinemaFailure('invalid_qr'));
        number = Number(n);
      } else number = body.ticket_number;
      const ticket = door.find((t) => t.number === number);
      if (!ticket) return mockError(cinemaFailure('ticket_not_found'));
      if (ticket.checked_in_at) return { ticket: { ...ticket }, already_checked_in: true };
      ticket.checked_in_at = iso();
      return { ticket: { ...ticket }, already_checked_in: false };
    }),

    mockEndpoint(cinema.leaveWaitlist, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (!waitlist) return mockError(cinemaFailure('not_waiting'));
      waitlist = null;
      return { left: true as const };
    }),
  ];
}
