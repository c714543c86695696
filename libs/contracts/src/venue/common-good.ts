import * as z from 'zod/mini';
import { emailSchema } from '../email';
import { NO_CONTROL_EXCEPT_LINES, VENUE_NAME_MAX, isoDateTime, limitQuery, objectIdField, trimmedText } from './fields';

/** The longest message a visitor can send from /common-good/message. */
export const COMMON_GOOD_MESSAGE_MAX = 250;
/** Staff note on a donation (1–200 characters). */
export const DONATION_NOTE_MAX = 200;
/** One donation is at most £100,000.00 (a typo guard, not a policy). */
export const DONATION_MAX_PENCE = 10_000_000;
export const MESSAGE_LIMIT_MESSAGE =
  "You've sent several messages in the last hour. Thank you! Please try again a little later.";

export const COMMON_GOOD_MESSAGE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommonGoodMessageStatus = (typeof COMMON_GOOD_MESSAGE_STATUSES)[number];

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
