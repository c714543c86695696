import * as z from 'zod/mini';
import { emailSchema } from './email';

// ---------------------------------------------------------------------------------------------
// Secret Cinema (spec 001 §2 modal 9, §3 cinema status / booking result / booking input / ticket
// email payload, §4, §5, §7 get_cinema_status / create_cinema_booking / send-cinema-ticket-email,
// §8, §9; issue 13). One screening a month on its last Thursday (Europe/London), 50 tickets, 1 or 2
// per booking, one booking per member per screening, ticket numbers unique and sequential within
// the screening. The member comes from the access token, never from the body: the browser cannot
// book for someone else or forge a count.
// ---------------------------------------------------------------------------------------------

/** Spec 001 §9. */
export const CINEMA_TICKETS_PER_MONTH = 50;
export const CINEMA_DEFAULT_TITLE = 'Secret Cinema Club';
export const CINEMA_DEFAULT_DOORS = '19:00';
export const CINEMA_DEFAULT_SCREENING = '19:30';
export const CINEMA_MAX_PER_BOOKING = 2;
export const CINEMA_TIME_ZONE = 'Europe/London';
/** A member may cancel up to this long before doors open (the tickets return to sale). */
export const CINEMA_CANCEL_CUTOFF_HOURS = 24;
/** Returned tickets are held for the next member on the waiting list this long. */
export const CINEMA_HOLD_HOURS = 12;
export const CINEMA_NAME_MAX = 80;
export const CINEMA_TITLE_MAX = 120;
export const CINEMA_CAPACITY_MAX = 500;

/** The user-visible words of spec 001 §5 and §8, exact: a toast's title and description. */
export const CINEMA_MESSAGES = {
  nameRequired: { title: 'Your name is required', description: 'Please enter the primary attendee name.' },
  guestRequired: { title: 'Guest name required', description: 'You selected 2 tickets. Please add your guest name.' },
  notReady: { title: 'Not ready', description: 'Please wait for status to load.' },
  soldOut: { title: 'Sold out', description: 'No tickets left for this month.' },
  onlyOneLeft: { title: 'Only one left', description: 'Only one ticket remains. Please select 1.' },
  /** Status load failure: the service's message, else 'Try again'. */
  loadFailed: { title: 'Failed to load', description: 'Try again' },
  /** Booking failure: the service's message, else 'Please try again'. */
  bookingFailed: { title: 'Booking failed', description: 'Please try again' },
  emailFailedAfterBooking: { title: 'Email failed', description: 'We could not send your email automatically. Use Resend button.' },
  resendFailed: { title: 'Email failed', description: 'Please check spam or try again later.' },
  noBookingToEmail: { title: 'Not ready', description: 'No booking found to email.' },
  /** Success: the description lists the ticket numbers. */
  bookingConfirmed: { title: 'Booking confirmed' },
  emailSent: { title: 'Email sent' },
} as const;

/** The named errors' messages (the service and the mocks send the same words). */
export const CINEMA_ERROR_MESSAGES = {
  sold_out: CINEMA_MESSAGES.soldOut.description,
  only_one_left: CINEMA_MESSAGES.onlyOneLeft.description,
  name_required: CINEMA_MESSAGES.nameRequired.description,
  guest_name_required: CINEMA_MESSAGES.guestRequired.description,
  guest_name_not_allowed: 'A guest name goes with 2 tickets only.',
  booking_not_found: CINEMA_MESSAGES.noBookingToEmail.description,
  already_booked: 'You already have tickets for this screening.',
  not_subscriber: 'Cinema not available: You must be an active newsletter subscriber to book tickets.',
  not_on_sale: 'Tickets for this screening are not on sale.',
  screening_cancelled: 'This screening has been cancelled.',
  too_late_to_cancel: `Bookings can be cancelled up to ${CINEMA_CANCEL_CUTOFF_HOURS} hours before doors open.`,
  not_sold_out: 'Tickets are still on sale: book them instead.',
  already_waiting: 'You are already on the waiting list.',
  not_waiting: 'You are not on the waiting list.',
  email_failed: CINEMA_MESSAGES.resendFailed.description,
  screening_not_found: 'Screening not found.',
  ticket_not_found: 'No ticket with that number for this screening.',
  invalid_qr: 'This code is not a ticket for this screening.',
  capacity_below_sold: 'The capacity cannot be less than the tickets already sold.',
  version_conflict: 'Someone else changed this screening. Reload it and try again.',
} as const;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/, 'must be an ISO date-time in UTC'));
/** A calendar date in Europe/London ('2026-11-26'). */
export const cinemaDateSchema = z.string().check(z.regex(DATE_RE, 'must be a date (YYYY-MM-DD)'));
/** A wall-clock time in Europe/London ('19:00'). */
export const cinemaTimeSchema = z.string().check(z.regex(TIME_RE, 'must be a time (HH:MM, 24-hour)'));
/** A screening's month: 'YYYY-MM' (the spec's release_id). */
export const releaseIdSchema = z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)'));
const id24 = (what: string) => z.string().check(z.regex(/^[0-9a-f]{24}$/, `must be a ${what} id`));
export const screeningIdSchema = id24('screening');

/**
 * The last Thursday of a month (1–12) as 'YYYY-MM-DD': a calendar date, the same in every time
 * zone. The screening is on it, in Europe/London.
 */
export function lastThursdayOf(year: number, month: number): string {
  // Day 0 of the next month is the last day of this one (UTC avoids any local-zone shift).
  const last = new Date(Date.UTC(year, month, 0));
  const back = (last.getUTCDay() - 4 + 7) % 7;
  const day = last.getUTCDate() - back;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const personName = (required: string) =>
  z.string().check(z.trim(), z.minLength(1, required), z.maxLength(CINEMA_NAME_MAX, `must be at most ${CINEMA_NAME_MAX} characters`));

/**
 * get_cinema_status (spec 001 §3/§7): the screening on sale now (the next one whose doors have not
 * opened), with the spec's fields plus its id, month and state. Anyone may read it.
 */
export const cinemaStatusSchema = z.strictObject({
  screening_id: z.string(),
  release_id: z.string(),
  screening_date: cinemaDateSchema,
  doors_time: cinemaTimeSchema,
  screening_time: cinemaTimeSchema,
  tickets_left: z.int(),
  is_sold_out: z.boolean(),
  title: z.string(),
  /** 'cancelled' when staff called the screening off (nothing can be booked). */
  state: z.enum(['on_sale', 'cancelled']),
});
export type CinemaStatus = z.infer<typeof cinemaStatusSchema>;

/** A member's booking as they see it. */
export const cinemaBookingSchema = z.strictObject({
  id: z.string(),
  screening_id: z.string(),
  release_id: z.string(),
  primary_name: z.string(),
  guest_name: z.nullable(z.string()),
  quantity: z.int(),
  ticket_numbers: z.array(z.int()),
  created_at: isoDateTime,
  /** When the ticket email last went out (null: never yet, e.g. the mail server was down). */
  email_sent_at: z.nullable(isoDateTime),
  /** Until when the member may cancel (24 h before doors). */
  cancellable_until: isoDateTime,
});
export type CinemaBooking = z.infer<typeof cinemaBookingSchema>;

/** A member's place on the waiting list; 'offered' holds returned tickets for them until hold_expires_at. */
export const cinemaWaitlistEntrySchema = z.strictObject({
  id: z.string(),
  screening_id: z.string(),
  quantity: z.int(),
  primary_name: z.string(),
  guest_name: z.nullable(z.string()),
  state: z.enum(['waiting', 'offered']),
  /** 1 = next to be offered tickets. */
  position: z.int(),
  hold_expires_at: z.nullable(isoDateTime),
  created_at: isoDateTime,
});
export type CinemaWaitlistEntry = z.infer<typeof cinemaWaitlistEntrySchema>;

/** GET /api/cinema/me: the signed-in member's booking and waiting-list place for the screening on sale. */
export const cinemaMemberViewSchema = z.strictObject({
  booking: z.nullable(cinemaBookingSchema),
  waitlist: z.nullable(cinemaWaitlistEntrySchema),
});
export type CinemaMemberView = z.infer<typeof cinemaMemberViewSchema>;

/**
 * Booking input (spec 001 §3): primary name, quantity 1 or 2, guest name only (and always) with 2.
 * The member's id and email come from their access token.
 */
export const createCinemaBookingRequestSchema = z.strictObject({
  screening_id: screeningIdSchema,
  primary_name: personName(CINEMA_MESSAGES.nameRequired.description),
  guest_name: z.optional(z.nullable(personName(CINEMA_MESSAGES.guestRequired.description))),
  quantity: z.union([z.literal(1), z.literal(2)]),
});
export type CreateCinemaBookingRequest = z.input<typeof createCinemaBookingRequestSchema>;

/** create_cinema_booking's answer (spec: ticket_numbers, release_id), the booking, and whether the email went. */
export const createCinemaBookingResponseSchema = z.strictObject({
  ticket_numbers: z.array(z.int()),
  release_id: z.string(),
  booking: cinemaBookingSchema,
  email_sent: z.boolean(),
});
export type CreateCinemaBookingResponse = z.infer<typeof createCinemaBookingResponseSchema>;

export const cancelCinemaBookingResponseSchema = z.strictObject({ cancelled: z.literal(true), tickets_left: z.int() });
export const resendCinemaTicketsResponseSchema = z.strictObject({ sent: z.literal(true) });

/** Joining the waiting list of a sold-out screening: the tickets and names wanted. */
export const joinCinemaWaitlistRequestSchema = createCinemaBookingRequestSchema;
export type JoinCinemaWaitlistRequest = z.input<typeof joinCinemaWaitlistRequestSchema>;

/**
 * The ticket email (send-cinema-ticket-email, spec 001 §3/§7), exactly the spec's payload. The
 * service sends it with an .ics calendar attachment and a QR code per ticket.
 */
export const cinemaTicketEmailPayloadSchema = z.strictObject({
  toEmail: emailSchema,
  primaryName: z.string(),
  guestName: z.nullable(z.string()),
  quantity: z.int(),
  ticketNumbers: z.array(z.int()),
  screeningDate: cinemaDateSchema,
  doorsTime: cinemaTimeSchema,
  screeningTime: cinemaTimeSchema,
  title: z.string(),
});
export type CinemaTicketEmailPayload = z.infer<typeof cinemaTicketEmailPayloadSchema>;

/** What a ticket's QR code carries: `CCT1.<screening id>.<ticket number>.<signature>` (signed by the service). */
export const CINEMA_QR_PREFIX = 'CCT1';
export const cinemaQrSchema = z.string().check(z.regex(/^CCT1\.[0-9a-f]{24}\.\d{1,4}\.[A-Za-z0-9_-]{16,64}$/, CINEMA_ERROR_MESSAGES.invalid_qr));

// ── staff (role staff or admin): screenings, the door list, check-in ───────────────────────────

export const staffScreeningSchema = z.strictObject({
  id: z.string(),
  release_id: z.string(),
  screening_date: cinemaDateSchema,
  title: z.string(),
  doors_time: cinemaTimeSchema,
  screening_time: cinemaTimeSchema,
  capacity: z.int(),
  tickets_sold: z.int(),
  tickets_left: z.int(),
  /** Tickets held for waiting-list offers. */
  tickets_held: z.int(),
  waiting: z.int(),
  checked_in: z.int(),
  state: z.enum(['on_sale', 'cancelled']),
  cancel_reason: z.nullable(z.string()),
  version: z.int(),
});
export type StaffScreening = z.infer<typeof staffScreeningSchema>;

export const staffScreeningsResponseSchema = z.strictObject({ items: z.array(staffScreeningSchema) });

export const screeningParamsSchema = z.strictObject({ id: screeningIdSchema });

export const updateScreeningRequestSchema = z.strictObject({
  version: z.int(),
  title: z.optional(z.string().check(z.trim(), z.minLength(1, 'The title is required.'), z.maxLength(CINEMA_TITLE_MAX, `must be at most ${CINEMA_TITLE_MAX} characters`))),
  doors_time: z.optional(cinemaTimeSchema),
  screening_time: z.optional(cinemaTimeSchema),
  capacity: z.optional(z.int().check(z.gte(1, 'The capacity must be at least 1.'), z.lte(CINEMA_CAPACITY_MAX, `The capacity must be at most ${CINEMA_CAPACITY_MAX}.`))),
});
export type UpdateScreeningRequest = z.input<typeof updateScreeningRequestSchema>;

export const cancelScreeningRequestSchema = z.strictObject({
  version: z.int(),
  reason: z.string().check(z.trim(), z.minLength(3, 'Say why the screening is cancelled (members are told).'), z.maxLength(300, 'must be at most 300 characters')),
});

export const doorTicketSchema = z.strictObject({
  number: z.int(),
  name: z.string(),
  booking_id: z.string(),
  email: z.string(),
  checked_in_at: z.nullable(isoDateTime),
});
export type DoorTicket = z.infer<typeof doorTicketSchema>;
export const doorListResponseSchema = z.strictObject({ screening: staffScreeningSchema, tickets: z.array(doorTicketSchema) });
export type DoorListResponse = z.infer<typeof doorListResponseSchema>;

/** Check-in by the number on the ticket or by its scanned QR code (exactly one of them). */
export const checkInRequestSchema = z.union([
  z.strictObject({ ticket_number: z.int().check(z.gte(1), z.lte(9999)) }),
  z.strictObject({ qr: cinemaQrSchema }),
]);
export type CheckInRequest = z.input<typeof checkInRequestSchema>;
export const checkInResponseSchema = z.strictObject({ ticket: doorTicketSchema, already_checked_in: z.boolean() });
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;
