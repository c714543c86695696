// Factories for the cinema mocks: the screening on sale, a member's booking and waiting-list place,
// the staff's screenings and door list, and ticket QR codes, all parsing with the cinema contract.
// The screening is on the last Thursday of the month (Europe/London), on sale until its doors open.
import {
  CINEMA_CANCEL_CUTOFF_HOURS,
  CINEMA_DEFAULT_DOORS,
  CINEMA_DEFAULT_SCREENING,
  CINEMA_DEFAULT_TITLE,
  CINEMA_HOLD_HOURS,
  CINEMA_QR_PREFIX,
  CINEMA_TICKETS_PER_MONTH,
  lastThursdayOf,
  londonInstant,
  londonWallClock,
  type CinemaBooking,
  type CinemaStatus,
  type CinemaWaitlistEntry,
  type DoorTicket,
  type StaffScreening,
} from '@croft/contracts';

/** A 24-hex id like the service's (the contract's params accept nothing else). */
export const mockCinemaId = (n: number) => n.toString(16).padStart(24, 'c');

/** The screening on sale in the mocks. */
export const MOCK_SCREENING_ID = 'c1c1c1c1c1c1c1c1c1c1c1c1';
/** Last month's screening (the staff list's second row): sold out, mostly checked in. */
export const MOCK_PAST_SCREENING_ID = 'c0c0c0c0c0c0c0c0c0c0c0c0';
/** The mocks' member (whoever sends a bearer token) and their booking. */
export const MOCK_CINEMA_MEMBER_EMAIL = 'ada@example.com';
export const MOCK_CINEMA_PRIMARY_NAME = 'Ada Lovelace';
export const MOCK_CINEMA_GUEST_NAME = 'Charles Babbage';
/** The seeded screening: 27 of 50 sold, 23 left, the first 3 tickets checked in. */
export const MOCK_TICKETS_LEFT = 23;
export const MOCK_CHECKED_IN = 3;

/** Names on the mocks' door list, in turn from ticket 1 (ticket 5 is Charles Babbage). */
export const MOCK_DOOR_NAMES = ['Grace Hopper', 'Alan Turing', 'Mary Somerville', 'Ada Lovelace', 'Charles Babbage', 'Rosalind Franklin', 'Tim Berners-Lee'] as const;

export { londonInstant };

const monthAfter = (year: number, month: number) => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
const monthBefore = (year: number, month: number) => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
const releaseIdOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/**
 * The month whose screening is on sale at `now`: this month's (London) until its doors open at
 * 19:00 on the last Thursday, then next month's.
 */
export function cinemaMonthAt(now: Date = new Date()): { year: number; month: number } {
  const { year, month } = londonWallClock(now.getTime());
  return now < londonInstant(lastThursdayOf(year, month), CINEMA_DEFAULT_DOORS) ? { year, month } : monthAfter(year, month);
}

/** When a booking can no longer be cancelled: 24 h before doors (London time). */
export const cancellableUntil = (status: Pick<CinemaStatus, 'screening_date' | 'doors_time'>): string =>
  new Date(londonInstant(status.screening_date, status.doors_time).getTime() - CINEMA_CANCEL_CUTOFF_HOURS * 3_600_000).toISOString();

/**
 * The screening on sale (parses with cinemaStatusSchema): the next last Thursday from `now`
 * (default the real clock), 'Secret Cinema Club', doors 19:00, screening 19:30, 23 of 50 left.
 * is_sold_out follows tickets_left and state unless given.
 */
export function buildCinemaStatus(overrides: Partial<CinemaStatus> = {}, now: Date = new Date()): CinemaStatus {
  const { year, month } = cinemaMonthAt(now);
  const left = overrides.tickets_left ?? MOCK_TICKETS_LEFT;
  const state = overrides.state ?? 'on_sale';
  return {
    screening_id: MOCK_SCREENING_ID,
    release_id: releaseIdOf(year, month),
    screening_date: lastThursdayOf(year, month),
    doors_time: CINEMA_DEFAULT_DOORS,
    screening_time: CINEMA_DEFAULT_SCREENING,
    tickets_left: left,
    is_sold_out: left === 0 || state === 'cancelled',
    title: CINEMA_DEFAULT_TITLE,
    state,
    ...overrides,
  };
}

/** The member's booking (parses with cinemaBookingSchema): Ada Lovelace and her guest, tickets #12 and #13, emailed a day ago. */
export function buildCinemaBooking(overrides: Partial<CinemaBooking> = {}, status: CinemaStatus = buildCinemaStatus()): CinemaBooking {
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString();
  return {
    id: 'b0b0b0b0b0b0b0b0b0b0b0b0',
    screening_id: status.screening_id,
    release_id: status.release_id,
    primary_name: MOCK_CINEMA_PRIMARY_NAME,
    guest_name: MOCK_CINEMA_GUEST_NAME,
    quantity: 2,
    ticket_numbers: [12, 13],
    created_at: dayAgo,
    email_sent_at: dayAgo,
    cancellable_until: cancellableUntil(status),
    ...overrides,
  };
}

/**
 * The member's place on the waiting list (parses with cinemaWaitlistEntrySchema): 1 ticket,
 * waiting, third in line. With state 'offered' it is first in line and its seats are held for
 * 12 hours from now (unless position or hold_expires_at are given).
 */
export function buildWaitlistEntry(overrides: Partial<CinemaWaitlistEntry> = {}, status: CinemaStatus = buildCinemaStatus({ tickets_left: 0 })): CinemaWaitlistEntry {
  const offered = overrides.state === 'offered';
  return {
    id: 'a1a1a1a1a1a1a1a1a1a1a1a1',
    screening_id: status.screening_id,
    quantity: 1,
    primary_name: MOCK_CINEMA_PRIMARY_NAME,
    guest_name: null,
    state: 'waiting',
    position: offered ? 1 : 3,
    hold_expires_at: offered ? new Date(Date.now() + CINEMA_HOLD_HOURS * 3_600_000).toISOString() : null,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    ...overrides,
  };
}

/**
 * A screening as staff see it (parses with staffScreeningSchema): the one on sale, 27 of 50 sold,
 * 3 checked in, version 1. tickets_sold follows capacity, tickets_left and tickets_held unless given.
 */
export function buildStaffScreening(overrides: Partial<StaffScreening> = {}, now: Date = new Date()): StaffScreening {
  const status = buildCinemaStatus({}, now);
  const capacity = overrides.capacity ?? CINEMA_TICKETS_PER_MONTH;
  const left = overrides.tickets_left ?? MOCK_TICKETS_LEFT;
  const held = overrides.tickets_held ?? 0;
  return {
    id: status.screening_id,
    release_id: status.release_id,
    screening_date: status.screening_date,
    title: status.title,
    doors_time: status.doors_time,
    screening_time: status.screening_time,
    capacity,
    tickets_sold: capacity - left - held,
    tickets_left: left,
    tickets_held: held,
    waiting: 0,
    checked_in: MOCK_CHECKED_IN,
    state: 'on_sale',
    cancel_reason: null,
    version: 1,
    ...overrides,
  };
}

/** Last month's screening for the staff list: all 50 sold, 46 came. */
export function buildPastStaffScreening(overrides: Partial<StaffScreening> = {}, now: Date = new Date()): StaffScreening {
  const current = cinemaMonthAt(now);
  const { year, month } = monthBefore(current.year, current.month);
  return buildStaffScreening(
    {
      id: MOCK_PAST_SCREENING_ID,
      release_id: releaseIdOf(year, month),
      screening_date: lastThursdayOf(year, month),
      title: 'Secret Cinema Club: Brief Encounter',
      tickets_left: 0,
      checked_in: 46,
      version: 3,
      ...overrides,
    },
    now,
  );
}

/**
 * A door list of tickets 1..n (each parses with doorTicketSchema): names from MOCK_DOOR_NAMES in
 * turn, one booking per ticket, the first `checkedIn` (default 3) checked in an hour ago.
 */
export function buildDoorTickets(n: number, options: { checkedIn?: number; from?: number } = {}): DoorTicket[] {
  const checkedIn = options.checkedIn ?? MOCK_CHECKED_IN;
  const from = options.from ?? 1;
  const at = new Date(Date.now() - 3_600_000).toISOString();
  return Array.from({ length: n }, (_, i) => {
    const name = MOCK_DOOR_NAMES[(from - 1 + i) % MOCK_DOOR_NAMES.length];
    return {
      number: from + i,
      name,
      booking_id: mockCinemaId(0xd000 + from + i),
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      checked_in_at: i < checkedIn ? at : null,
    };
  });
}

/**
 * What a ticket's QR code carries in the mocks (matches cinemaQrSchema): the service's shape with
 * a stand-in signature. The mocks accept any well-formed code whose number is on the door list.
 */
export const mockTicketQr = (ticketNumber: number, screeningId: string = MOCK_SCREENING_ID): string =>
  `${CINEMA_QR_PREFIX}.${screeningId}.${ticketNumber}.MockSignature0000000000`;
