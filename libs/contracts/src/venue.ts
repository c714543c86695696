import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, emailSchema } from './email';

// ---------------------------------------------------------------------------------------------
// The venue service (mounted at /api/venue): the Common Good fund and its messages (spec 000 §2
// /common-good, /common-good/message; spec 001 §6 get-common-good-totals) and booking
// enquiries from /book. Money is integer pence; the spec's field name says "cents".
// ---------------------------------------------------------------------------------------------

/** The longest message a visitor can send from /common-good/message. */
export const COMMON_GOOD_MESSAGE_MAX = 250;
/** Staff note on a donation (1–200 characters). */
export const DONATION_NOTE_MAX = 200;
/** One donation is at most £100,000.00 (a typo guard, not a policy). */
export const DONATION_MAX_PENCE = 10_000_000;
/** Booking enquiries: party size, message length, how far ahead. */
export const BOOKING_PARTY_MIN = 1;
export const BOOKING_PARTY_MAX = 200;
export const BOOKING_MESSAGE_MAX = 1000;
export const BOOKING_MAX_DAYS_AHEAD = 365;
export const VENUE_NAME_MAX = 100;
export const VENUE_EMAIL_MAX = EMAIL_MAX_LENGTH;
// The venue's rate-limit answers (429 rate_limited), shown to visitors as they are.
export const MESSAGE_LIMIT_MESSAGE =
  "You've sent several messages in the last hour. Thank you! Please try again a little later.";
export const BOOKING_IP_LIMIT_MESSAGE =
  'Too many booking enquiries from your connection. Please try again later, or call us.';
export const BOOKING_EMAIL_LIMIT_MESSAGE =
  'We already have several enquiries from this email address today. We will be in touch; please reply to our email to add anything.';
export const RESEND_LIMIT_MESSAGE = 'Too many resends in the last minute. Please wait a moment and try again.';

/** The largest page of a staff list. */
export const VENUE_LIST_MAX = 100;

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

export const COMMON_GOOD_MESSAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommonGoodMessageStatus = (typeof COMMON_GOOD_MESSAGE_STATUSES)[number];

const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;
/** Control characters except line breaks and tabs (for multi-line text). */
const NO_CONTROL_EXCEPT_LINES = /^[^\0-\x08\x0B\x0C\x0E-\x1F\x7F]*$/;

/** 'YYYY-MM-DD' naming a day that exists (2027-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Adds whole days to an ISO date (UTC calendar arithmetic). */
export function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar date at the venue (Europe/London) at `now`, as 'YYYY-MM-DD'. */
export function venueToday(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const trimmedText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max), z.regex(NO_CONTROL_CHARS, 'must not contain control characters'));

const objectIdField = z.string().check(z.regex(/^[a-f0-9]{24}$/, 'must be a 24-character id'));
const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/));
const limitQuery = z.optional(
  z.string().check(
    z.regex(/^\d{1,3}$/, 'must be a whole number'),
    z.refine((v) => Number(v) >= 1 && Number(v) <= VENUE_LIST_MAX, `must be from 1 to ${VENUE_LIST_MAX}`),
  ),
);

// ── Common Good totals ──────────────────────────────────────────────────────────────────────

/** GET /api/venue/common-good/totals (or POST with an empty body: get-common-good-totals). */
export const commonGoodTotalsRequestSchema = z.strictObject({});
export const commonGoodTotalsResponseSchema = z.strictObject({
  combined_total_cents: z.int().check(z.minimum(0)),
});
export type CommonGoodTotalsResponse = z.infer<typeof commonGoodTotalsResponseSchema>;

// ── Donations (staff) ───────────────────────────────────────────────────────────────────────

/** POST /api/venue/donations (staff/admin). request_id makes a retry safe (same id = same donation). */
export const recordDonationRequestSchema = z.strictObject({
  amount_cents: z.int().check(z.minimum(1), z.maximum(DONATION_MAX_PENCE)),
  note: trimmedText(1, DONATION_NOTE_MAX),
  request_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, _ or -'))),
});
export type RecordDonationRequest = z.input<typeof recordDonationRequestSchema>;

export const donationSchema = z.strictObject({
  id: z.string(),
  amount_cents: z.int(),
  note: z.string(),
  recorded_by: z.string(),
  recorded_at: isoDateTime,
});
export type Donation = z.infer<typeof donationSchema>;

export const recordDonationResponseSchema = z.strictObject({
  donation: donationSchema,
  /** false when a request_id was seen before: the earlier donation is returned, nothing added. */
  created: z.boolean(),
  combined_total_cents: z.int().check(z.minimum(0)),
});
export type RecordDonationResponse = z.infer<typeof recordDonationResponseSchema>;

/** GET /api/venue/donations?limit=50 (staff/admin), newest first. */
export const donationListQuerySchema = z.strictObject({ limit: limitQuery });
export const donationListResponseSchema = z.strictObject({ items: z.array(donationSchema) });
export type DonationListResponse = z.infer<typeof donationListResponseSchema>;

// ── Common Good messages ────────────────────────────────────────────────────────────────────

/** POST /api/venue/common-good/messages: stored pending moderation. */
export const commonGoodMessageRequestSchema = z.strictObject({
  name: z.optional(trimmedText(0, VENUE_NAME_MAX)),
  email: z.optional(emailSchema),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please write a message'),
      z.maxLength(COMMON_GOOD_MESSAGE_MAX, `must be at most ${COMMON_GOOD_MESSAGE_MAX} characters`),
      z.regex(NO_CONTROL_EXCEPT_LINES, 'must not contain control characters'),
    ),
});
export type CommonGoodMessageRequest = z.input<typeof commonGoodMessageRequestSchema>;

export const commonGoodMessageCreatedSchema = z.strictObject({
  id: z.string(),
  status: z.literal('pending'),
});
export type CommonGoodMessageCreated = z.infer<typeof commonGoodMessageCreatedSchema>;

export const commonGoodMessageSchema = z.strictObject({
  id: z.string(),
  name: z.optional(z.string()),
  email: z.optional(z.string()),
  message: z.string(),
  status: z.enum(COMMON_GOOD_MESSAGE_STATUSES),
  created_at: isoDateTime,
  moderated_at: z.optional(isoDateTime),
  moderated_by: z.optional(z.string()),
});
export type CommonGoodMessage = z.infer<typeof commonGoodMessageSchema>;

/** GET /api/venue/common-good/messages?status=pending&limit=50 (staff/admin), newest first. */
export const commonGoodMessageListQuerySchema = z.strictObject({
  status: z.optional(z.enum(COMMON_GOOD_MESSAGE_STATUSES)),
  limit: limitQuery,
});
export const commonGoodMessageListResponseSchema = z.strictObject({ items: z.array(commonGoodMessageSchema) });
export type CommonGoodMessageListResponse = z.infer<typeof commonGoodMessageListResponseSchema>;

/** PATCH /api/venue/common-good/messages/:id (staff/admin). */
export const commonGoodMessageParamsSchema = z.strictObject({ id: objectIdField });
export const moderateCommonGoodMessageRequestSchema = z.strictObject({
  status: z.enum(['approved', 'rejected']),
});
export type ModerateCommonGoodMessageRequest = z.infer<typeof moderateCommonGoodMessageRequestSchema>;

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
