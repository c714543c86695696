import * as z from 'zod/mini';
import { emailSchema } from '../email';
import { NO_CONTROL_EXCEPT_LINES, VENUE_NAME_MAX, isIsoDate, isoDateTime, limitQuery, objectIdField, trimmedText } from './fields';

/** Booking enquiries: party size, message length, how far ahead. */
export const BOOKING_PARTY_MIN = 1;
export const BOOKING_PARTY_MAX = 200;
export const BOOKING_MESSAGE_MAX = 1000;
export const BOOKING_MAX_DAYS_AHEAD = 365;
export const BOOKING_IP_LIMIT_MESSAGE =
  'Too many booking enquiries from your connection. Please try again later, or call us.';
export const BOOKING_EMAIL_LIMIT_MESSAGE =
  'We already have several enquiries from this email address today. We will be in touch; please reply to our email to add anything.';
export const RESEND_LIMIT_MESSAGE = 'Too many resends in the last minute. Please wait a moment and try again.';

export const BOOKING_OCCASIONS = ['table', 'birthday', 'celebration', 'corporate', 'private-hire', 'other'] as const;
export type BookingOccasion = (typeof BOOKING_OCCASIONS)[number];

/** What the /book form shows for each occasion. */
export const BOOKING_OCCASION_LABELS: Record<BookingOccasion, string> = {
  table: 'A table',
  birthday: 'Birthday',
  celebration: 'Celebration',
  corporate: 'Corporate or team event',
  'private-hire': 'Private hire (the hall or a space)',
  other: 'Something else',
};

// ── Booking enquiries ───────────────────────────────────────────────────────────────────────

/**
 * POST /api/venue/bookings. The date must also be today or later at the venue and at most
 * BOOKING_MAX_DAYS_AHEAD days ahead (checked against the service clock: 400 invalid_date).
 */
export const bookingRequestSchema = z.strictObject({
  name: trimmedText(1, VENUE_NAME_MAX),
  email: emailSchema,
  phone: z.optional(
    z
      .string()
      .check(
        z.trim(),
        // abort: the digit count below only runs on 7-20 characters, never on a 100 kB string.
        z.regex(/^[0-9 +\-()]{7,20}$/, { error: 'must be 7-20 characters of digits, spaces, +, -, ( and )', abort: true }),
        z.refine((value) => (value.match(/\d/g)?.length ?? 0) >= 7, 'must contain at least 7 digits'),
      ),
  ),
  date: z.string().check(z.refine(isIsoDate, 'must be a date as YYYY-MM-DD')),
  time: z.optional(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:MM (24-hour)'))),
  party_size: z.int().check(z.minimum(BOOKING_PARTY_MIN), z.maximum(BOOKING_PARTY_MAX)),
  occasion: z.enum(BOOKING_OCCASIONS),
  message: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(BOOKING_MESSAGE_MAX),
        z.regex(NO_CONTROL_EXCEPT_LINES, 'must not contain control characters'),
      ),
  ),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;
export type BookingRequestParsed = z.output<typeof bookingRequestSchema>;

export const bookingResponseSchema = z.strictObject({
  id: z.string(),
  status: z.literal('received'),
  /** Whether the enquiry reached the venue's inbox; it is stored either way. */
  venue_email: z.enum(['sent', 'failed']),
  /** Whether the guest's acknowledgement went out. */
  guest_email: z.enum(['sent', 'failed']),
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

// ── Booking enquiries: the staff view and their mail ────────────────────────────────────────

/**
 * Each enquiry has two emails: the venue's copy (to VENUE_EMAIL) and the guest's acknowledgement.
 * 'pending' until the first attempt finishes; 'failed' with `next_attempt_at` = the retry job
 * tries again then; 'failed' without it = the job has given up (staff can still resend).
 */
export const BOOKING_MAIL_STATES = ['pending', 'sent', 'failed'] as const;
export type BookingMailState = (typeof BOOKING_MAIL_STATES)[number];
export const BOOKING_MAIL_COPIES = ['venue', 'guest'] as const;
export type BookingMailCopy = (typeof BOOKING_MAIL_COPIES)[number];

export const bookingMailStatusSchema = z.strictObject({
  state: z.enum(BOOKING_MAIL_STATES),
  /** Attempts started so far (the one when the enquiry arrived counts). */
  attempts: z.int().check(z.minimum(0)),
  next_attempt_at: z.optional(isoDateTime),
  /** What went wrong last time, e.g. 'ECONNECTION' or 'EENVELOPE (SMTP 550)': never an address. */
  last_error: z.optional(z.string()),
  sent_at: z.optional(isoDateTime),
});
export type BookingMailStatus = z.infer<typeof bookingMailStatusSchema>;

export const bookingEnquirySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.optional(z.string()),
  date: z.string(),
  time: z.optional(z.string()),
  party_size: z.int(),
  occasion: z.enum(BOOKING_OCCASIONS),
  message: z.optional(z.string()),
  status: z.literal('new'),
  created_at: isoDateTime,
  mail: z.strictObject({ venue: bookingMailStatusSchema, guest: bookingMailStatusSchema }),
});
export type BookingEnquiry = z.infer<typeof bookingEnquirySchema>;

/** GET /api/venue/bookings?limit=50&before=<next_cursor> (staff/admin), newest first. */
export const bookingListQuerySchema = z.strictObject({
  limit: limitQuery,
  before: z.optional(z.string().check(z.regex(/^\d{1,15}-[a-f0-9]{24}$/, 'must be the next_cursor of an earlier page'))),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export const bookingListResponseSchema = z.strictObject({
  items: z.array(bookingEnquirySchema),
  /** Pass as `before` for the next (older) page; absent on the last page. */
  next_cursor: z.optional(z.string()),
});
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/** POST /api/venue/bookings/:id/resend (staff/admin), empty body: tries every unsent copy now. */
export const bookingParamsSchema = z.strictObject({ id: objectIdField });
export const bookingResendRequestSchema = z.strictObject({});
export const bookingResendResponseSchema = z.strictObject({
  booking: bookingEnquirySchema,
  /** The copies tried by this request (a copy already sent is never sent again). */
  attempted: z.array(z.enum(BOOKING_MAIL_COPIES)),
});
export type BookingResendResponse = z.infer<typeof bookingResendResponseSchema>;

/** '2026-12-04' → 'Friday 4 December 2026': a booking's calendar date, whatever the reader's time zone. */
export function longBookingDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const parts = new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(y, m - 1, d)));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('year')}`;
}
