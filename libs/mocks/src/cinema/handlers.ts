// MSW handlers for the cinema service (/api/cinema): this month's screening, last month's, and one
// member's booking and waiting-list place in memory (a fresh store per cinemaHandlers() call), with
// the service's rules and words (CINEMA_ERROR_MESSAGES), for the booking dialog, the staff panel,
// their stories and tests, and the standalone cinema remote. The member is whoever sends a bearer
// token; staff calls take any bearer token too.
import { delay } from 'msw';
import {
  CINEMA_ERROR_MESSAGES,
  CINEMA_HOLD_HOURS,
  CINEMA_TICKETS_PER_MONTH,
  cinemaEndpoints as cinema,
  type CinemaBooking,
  type CinemaStatus,
  type CinemaWaitlistEntry,
  type DoorTicket,
  type StaffScreening,
} from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';
import {
  MOCK_CINEMA_GUEST_NAME,
  MOCK_CINEMA_MEMBER_EMAIL,
  MOCK_TICKETS_LEFT,
  buildCinemaBooking,
  buildCinemaStatus,
  buildDoorTickets,
  buildPastStaffScreening,
  buildStaffScreening,
  buildWaitlistEntry,
} from './cinema-factory';

export const CINEMA_WORLDS = ['plenty', 'one-left', 'sold-out', 'booked', 'waiting', 'offered', 'cancelled'] as const;
/**
 * The starting state:
 * - 'plenty': 23 of 50 left, nothing booked (the next tickets are #28, #29);
 * - 'one-left': 1 left (2 is refused with only_one_left);
 * - 'sold-out': none left, 3 others waiting (joining makes the member 4th);
 * - 'booked': 23 left, the member holds #12 and #13 (Ada Lovelace and Charles Babbage);
 * - 'waiting': sold out, the member waits 3rd in line for 1 ticket;
 * - 'offered': sold out, 2 seats came back and are held for the member (with their guest) for 12 h;
 * - 'cancelled': staff called the screening off (27 sold, nothing can be booked).
 */
export type CinemaWorldName = (typeof CINEMA_WORLDS)[number];

export interface CinemaMockFailures {
  /** GET /status (the dialog's 'Failed to load'). */
  status?: MockFailure;
  /** POST /bookings (the dialog's 'Booking failed'). */
  booking?: MockFailure;
  /** GET /me (the member's booking and waiting-list place). */
  member?: MockFailure;
  /** The staff's screenings and door list. */
  staff?: MockFailure;
}

export interface CinemaMockOptions {
  /** The starting state (default 'plenty'). */
  world?: CinemaWorldName;
  /** Not an active newsletter subscriber: booking and joining the waiting list are refused (403 not_subscriber). */
  notSubscriber?: boolean;
  /** The ticket email fails: bookings answer email_sent false, Resend answers 502 email_failed. */
  emailFails?: boolean;
  /** It is less than 24 h before doors: cancelling is refused (409 too_late_to_cancel). */
  tooLateToCancel?: boolean;
  failures?: CinemaMockFailures;
  /** How long a booking takes to answer (ms, default 300): the dialog's booking state is visible. */
  delayMs?: number;
  /** The clock the screening month is taken from (default the real one). */
  now?: Date;
}

export const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
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

const signedIn = (request: Request) => /^Bearer \S+/.test(request.headers.get('authorization') ?? '');
const iso = () => new Date().toISOString();
const HOLD_MS = CINEMA_HOLD_HOURS * 3_600_000;

/** A screening in the store: its staff fields, its valid tickets and what comes next. */
interface StoredScreening {
  id: string;
  release_id: string;
  screening_date: string;
  title: string;
  doors_time: string;
  screening_time: string;
  capacity: number;
  tickets_left: number;
  tickets_held: number;
  state: 'on_sale' | 'cancelled';
  cancel_reason: string | null;
  version: number;
  next_number: number;
  tickets: DoorTicket[];
}

function stored(view: StaffScreening, tickets: DoorTicket[]): StoredScreening {
  const { tickets_sold: _sold, waiting: _waiting, checked_in: _in, ...rest } = view;
  return { ...rest, tickets, next_number: Math.max(0, ...tickets.map((t) => t.number)) + 1 };
}

/** The member's tickets on the door list. */
const memberTickets = (booking: CinemaBooking): DoorTicket[] =>
  booking.ticket_numbers.map((number, i) => ({
    number,
    name: i === 0 ? booking.primary_name : (booking.guest_name ?? booking.primary_name),
    booking_id: booking.id,
    email: MOCK_CINEMA_MEMBER_EMAIL,
    checked_in_at: null,
  }));

/** The state of one cinemaHandlers() call: the screenings, the member, and the others waiting. */
function createCinemaStore(options: CinemaMockOptions) {
  const world = options.world ?? 'plenty';
  const now = options.now ?? new Date();
  const sold = world === 'one-left' ? CINEMA_TICKETS_PER_MONTH - 1 : ['sold-out', 'waiting'].includes(world) ? CINEMA_TICKETS_PER_MONTH : world === 'offered' ? CINEMA_TICKETS_PER_MONTH - 2 : CINEMA_TICKETS_PER_MONTH - MOCK_TICKETS_LEFT;
  const held = world === 'offered' ? 2 : 0;
  const current = stored(
    buildStaffScreening(
      {
        tickets_left: CINEMA_TICKETS_PER_MONTH - sold - held,
        tickets_held: held,
        ...(world === 'cancelled' ? { state: 'cancelled' as const, cancel_reason: 'The projector is away for repair.', version: 2 } : {}),
      },
      now,
    ),
    buildDoorTickets(sold),
  );
  const past = stored(buildPastStaffScreening({}, now), buildDoorTickets(CINEMA_TICKETS_PER_MONTH, { checkedIn: 46 }));
  const screenings = [current, past];
  const statusBase = (): CinemaStatus => buildCinemaStatus({ screening_id: current.id, release_id: current.release_id, screening_date: current.screening_date }, now);

  let booking: CinemaBooking | null = null;
  if (world === 'booked') {
    booking = buildCinemaBooking({}, statusBase());
    const mine = memberTickets(booking);
    current.tickets = current.tickets.map((t) => mine.find((m) => m.number === t.number) ?? t);
  }
  let waitlist: CinemaWaitlistEntry | null =
    world === 'waiting'
      ? buildWaitlistEntry({ position: 3 }, statusBase())
      : world === 'offered'
        ? buildWaitlistEntry({ state: 'offered', quantity: 2, guest_name: MOCK_CINEMA_GUEST_NAME }, statusBase())
        : null;
  /** Others on the waiting list, each for 1 ticket, all ahead of the member (who joined last). */
  let othersWaiting = world === 'sold-out' ? 3 : world === 'waiting' ? 2 : 0;

  const status = (): CinemaStatus => ({
    ...statusBase(),
    title: current.title,
    doors_time: current.doors_time,
    screening_time: current.screening_time,
    tickets_left: current.state === 'on_sale' ? current.tickets_left : 0,
    is_sold_out: current.state !== 'on_sale' || current.tickets_left === 0,
    state: current.state,
  });

  const staffView = (s: StoredScreening): StaffScreening => ({
    id: s.id,
    release_id: s.release_id,
    screening_date: s.screening_date,
    title: s.title,
    doors_time: s.doors_time,
    screening_time: s.screening_time,
    capacity: s.capacity,
    tickets_sold: s.capacity - s.tickets_left - s.tickets_held,
    tickets_left: s.tickets_left,
    tickets_held: s.tickets_held,
    waiting: s === current ? othersWaiting + (waitlist?.state === 'waiting' ? 1 : 0) : 0,
    checked_in: s.tickets.filter((t) => t.checked_in_at).length,
    state: s.state,
    cancel_reason: s.cancel_reason,
    version: s.version,
  });

  /** Seats on sale go to those waiting, in order (the others first, 1 each), each offer held 12 h. */
  function offer() {
    while (current.state === 'on_sale' && current.tickets_left > 0) {
      if (othersWaiting > 0) {
        othersWaiting -= 1;
        current.tickets_left -= 1;
        current.tickets_held += 1;
        if (waitlist?.state === 'waiting') waitlist = { ...waitlist, position: waitlist.position - 1 };
      } else if (waitlist?.state === 'waiting' && current.tickets_left >= waitlist.quantity) {
        current.tickets_left -= waitlist.quantity;
        current.tickets_held += waitlist.quantity;
        waitlist = { ...waitlist, state: 'offered', position: 1, hold_expires_at: new Date(Date.now() + HOLD_MS).toISOString() };
      } else return;
    }
  }

  return {
    current,
    find: (id: string) => screenings.find((s) => s.id === id) ?? null,
    status,
    staffView,
    offer,
    list: () => [...screenings].sort((a, b) => b.screening_date.localeCompare(a.screening_date)).map(staffView),
    get booking() {
      return booking;
    },
    set booking(value: CinemaBooking | null) {
      booking = value;
    },
    get waitlist() {
      return waitlist;
    },
    set waitlist(value: CinemaWaitlistEntry | null) {
      waitlist = value;
    },
    get othersWaiting() {
      return othersWaiting;
    },
  };
}

/** The booking input's guest rule: a guest name with 2 tickets, and only with 2. */
function guestRule(body: { quantity: 1 | 2; guest_name?: string | null }): MockFailure | null {
  const guest = body.guest_name?.trim() || null;
  if (body.quantity === 2 && !guest) return cinemaFailure('guest_name_required');
  if (body.quantity === 1 && guest) return cinemaFailure('guest_name_not_allowed');
  return null;
}

/**
 * The cinema service's endpoints over a fresh in-memory store. Booking: the guest rule, the
 * screening named (last month's: not_on_sale; another: screening_not_found), cancelled, one booking
 * per member (already_booked), seats held for the member from the waiting list (sold out or not),
 * sold_out, only_one_left (2 asked, 1 left), not_subscriber; then sequential ticket numbers, 201.
 */
export function cinemaHandlers(options: CinemaMockOptions = {}) {
  const store = createCinemaStore(options);
  const { current } = store;
  const failures = options.failures ?? {};

  /** The screening a booking or a waiting-list place names, or why not. */
  const screeningRefusal = (screeningId: string): MockFailure | null => {
    if (screeningId !== current.id) return cinemaFailure(store.find(screeningId) ? 'not_on_sale' : 'screening_not_found');
    if (current.state === 'cancelled') return cinemaFailure('screening_cancelled');
    return null;
  };

  return [
    mockEndpoint(cinema.getStatus, () => (failures.status ? mockError(failures.status) : store.status())),

    mockEndpoint(cinema.getMemberView, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.member) return mockError(failures.member);
      return { booking: store.booking, waitlist: store.booking ? null : store.waitlist };
    }),

    mockEndpoint(cinema.createBooking, async ({ request, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      await delay(options.delayMs ?? 300);
      if (failures.booking) return mockError(failures.booking);
      const refusal = guestRule(body) ?? screeningRefusal(body.screening_id);
      if (refusal) return mockError(refusal);
      if (store.booking) return mockError(cinemaFailure('already_booked'));
      const offered = store.waitlist?.state === 'offered' ? store.waitlist : null;
      if (offered && body.quantity > offered.quantity) return mockError(cinemaFailure('only_one_left'));
      if (!offered && current.tickets_left === 0) return mockError(cinemaFailure('sold_out'));
      if (!offered && current.tickets_left < body.quantity) return mockError(cinemaFailure('only_one_left'));
      if (options.notSubscriber) return mockError(cinemaFailure('not_subscriber'));

      if (offered) {
        // The hold is theirs; seats they did not take go back on sale (to the next in line).
        current.tickets_held -= offered.quantity;
        current.tickets_left += offered.quantity - body.quantity;
      } else current.tickets_left -= body.quantity;
      store.waitlist = null;
      const numbers = Array.from({ length: body.quantity }, (_, i) => current.next_number + i);
      current.next_number += body.quantity;
      const status = store.status();
      const booking = buildCinemaBooking(
        {
          id: 'b1b1b1b1b1b1b1b1b1b1b1b1',
          primary_name: body.primary_name.trim(),
          guest_name: body.guest_name?.trim() || null,
          quantity: body.quantity,
          ticket_numbers: numbers,
          created_at: iso(),
          email_sent_at: options.emailFails ? null : iso(),
        },
        status,
      );
      store.booking = booking;
      current.tickets.push(...memberTickets(booking));
      store.offer();
      return { ticket_numbers: numbers, release_id: current.release_id, booking, email_sent: !options.emailFails };
    }),

    mockEndpoint(cinema.resendTickets, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (!store.booking) return mockError(cinemaFailure('booking_not_found'));
      if (options.emailFails) return mockError(cinemaFailure('email_failed'));
      store.booking = { ...store.booking, email_sent_at: iso() };
      return { sent: true as const };
    }),

    mockEndpoint(cinema.cancelBooking, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const booking = store.booking;
      if (!booking) return mockError(cinemaFailure('booking_not_found'));
      if (options.tooLateToCancel) return mockError(cinemaFailure('too_late_to_cancel'));
      store.booking = null;
      current.tickets = current.tickets.filter((t) => t.booking_id !== booking.id);
      current.tickets_left += booking.quantity;
      const ticketsLeft = current.tickets_left;
      // The returned seats are offered to the waiting list (the answer, as the service's, is before that).
      store.offer();
      return { cancelled: true as const, tickets_left: ticketsLeft };
    }),

    mockEndpoint(cinema.joinWaitlist, ({ request, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const refusal = guestRule(body) ?? screeningRefusal(body.screening_id);
      if (refusal) return mockError(refusal);
      if (current.tickets_left > 0) return mockError(cinemaFailure('not_sold_out'));
      if (store.booking) return mockError(cinemaFailure('already_booked'));
      if (options.notSubscriber) return mockError(cinemaFailure('not_subscriber'));
      if (store.waitlist) return mockError(cinemaFailure('already_waiting'));
      store.waitlist = buildWaitlistEntry(
        {
          id: 'a2a2a2a2a2a2a2a2a2a2a2a2',
          quantity: body.quantity,
          primary_name: body.primary_name.trim(),
          guest_name: body.guest_name?.trim() || null,
          position: store.othersWaiting + 1,
          created_at: iso(),
        },
        store.status(),
      );
      return store.waitlist;
    }),

    mockEndpoint(cinema.leaveWaitlist, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const entry = store.waitlist;
      if (!entry) return mockError(cinemaFailure('not_waiting'));
      store.waitlist = null;
      if (entry.state === 'offered') {
        // Seats held for the member go to the next in line.
        current.tickets_held -= entry.quantity;
        current.tickets_left += entry.quantity;
        store.offer();
      }
      return { left: true as const };
    }),

    // ── staff ──────────────────────────────────────────────────────────────────────────────────

    mockEndpoint(cinema.listScreenings, ({ request }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.staff) return mockError(failures.staff);
      return { items: store.list() };
    }),

    mockEndpoint(cinema.updateScreening, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const s = store.find(params.id);
      if (!s) return mockError(cinemaFailure('screening_not_found'));
      if (body.version !== s.version) return mockError(cinemaFailure('version_conflict'));
      if (s.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      const delta = body.capacity === undefined ? 0 : body.capacity - s.capacity;
      if (s.tickets_left + delta < 0) return mockError(cinemaFailure('capacity_below_sold'));
      if (body.title !== undefined) s.title = body.title.trim();
      if (body.doors_time !== undefined) s.doors_time = body.doors_time;
      if (body.screening_time !== undefined) s.screening_time = body.screening_time;
      if (body.capacity !== undefined) s.capacity = body.capacity;
      s.tickets_left += delta;
      s.version += 1;
      if (s === current && delta > 0) store.offer();
      return store.staffView(s);
    }),

    mockEndpoint(cinema.cancelScreening, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const s = store.find(params.id);
      if (!s) return mockError(cinemaFailure('screening_not_found'));
      if (body.version !== s.version) return mockError(cinemaFailure('version_conflict'));
      if (s.state === 'cancelled') return mockError(cinemaFailure('screening_cancelled'));
      s.state = 'cancelled';
      s.cancel_reason = body.reason.trim();
      s.version += 1;
      return store.staffView(s);
    }),

    mockEndpoint(cinema.doorList, ({ request, params }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      if (failures.staff) return mockError(failures.staff);
      const s = store.find(params.id);
      if (!s) return mockError(cinemaFailure('screening_not_found'));
      return { screening: store.staffView(s), tickets: [...s.tickets].sort((a, b) => a.number - b.number).map((t) => ({ ...t })) };
    }),

    mockEndpoint(cinema.checkIn, ({ request, params, body }) => {
      if (!signedIn(request)) return mockError(NOT_SIGNED_IN);
      const s = store.find(params.id);
      if (!s) return mockError(cinemaFailure('screening_not_found'));
      let number: number;
      if ('qr' in body) {
        // Any well-formed code (cinemaQrSchema, checked by mockEndpoint) for this screening: the mocks cannot check the signature.
        const [, screeningId, numberText] = body.qr.split('.');
        if (screeningId !== s.id) return mockError(cinemaFailure('invalid_qr'));
        number = Number(numberText);
      } else number = body.ticket_number;
      const ticket = s.tickets.find((t) => t.number === number);
      if (!ticket) return mockError(cinemaFailure('ticket_not_found'));
      if (ticket.checked_in_at) return { ticket: { ...ticket }, already_checked_in: true };
      ticket.checked_in_at = iso();
      return { ticket: { ...ticket }, already_checked_in: false };
    }),
  ];
}
