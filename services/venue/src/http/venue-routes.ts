import { createHash } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import * as z from 'zod/mini';
import {
  canonicalEmail,
  bookingListQuerySchema,
  bookingParamsSchema,
  bookingRequestSchema,
  bookingResendRequestSchema,
  commonGoodMessageListQuerySchema,
  commonGoodMessageParamsSchema,
  commonGoodMessageRequestSchema,
  commonGoodTotalsRequestSchema,
  donationListQuerySchema,
  moderateCommonGoodMessageRequestSchema,
  recordDonationRequestSchema,
  type BookingListResponse,
  type BookingResendResponse,
  type BookingResponse,
  type CommonGoodMessageCreated,
  type CommonGoodMessageListResponse,
  type CommonGoodTotalsResponse,
  type DonationListResponse,
  type RecordDonationResponse,
} from '@croft/contracts';
import { HttpError, authClaims, rateLimit, requireAuthWith, validate, type TokenVerifier } from '@croft/service-kit';
import type { Store } from 'express-rate-limit';
import type { BookingEnquiries } from '../domain/bookings';
import { TotalPendingError, type CommonGoodFund } from '../domain/common-good-fund';
import type { CommonGoodMessages } from '../domain/messages';

export interface WindowLimit {
  windowMs: number;
  limit: number;
}

export interface VenueRateLimits {
  /** Common Good messages per client IP (default 5 per hour). */
  messagesPerIp: WindowLimit;
  /** Booking enquiries per client IP (default 10 per hour). */
  bookingsPerIp: WindowLimit;
  /** Booking enquiries per email address (default 5 per day). */
  bookingsPerEmail: WindowLimit;
  /** Staff resends per signed-in user, counted after the token check (default 30 per minute). */
  resendsPerStaff: WindowLimit;
}

export const DEFAULT_RATE_LIMITS: VenueRateLimits = {
  messagesPerIp: { windowMs: 60 * 60_000, limit: 5 },
  bookingsPerIp: { windowMs: 60 * 60_000, limit: 10 },
  bookingsPerEmail: { windowMs: 24 * 60 * 60_000, limit: 5 },
  resendsPerStaff: { windowMs: 60_000, limit: 30 },
};

export const MESSAGE_LIMIT_MESSAGE =
  "You've sent several messages in the last hour. Thank you! Please try again a little later.";
export const BOOKING_IP_LIMIT_MESSAGE =
  'Too many booking enquiries from your connection. Please try again later, or call us.';
export const BOOKING_EMAIL_LIMIT_MESSAGE =
  'We already have several enquiries from this email address today. We will be in touch; please reply to our email to add anything.';
export const RESEND_LIMIT_MESSAGE = 'Too many resends in the last minute. Please wait a moment and try again.';
export const TOTAL_PENDING_MESSAGE =
  'The donation was recorded, but the Common Good total could not be updated yet. It will be added automatically: do not record it again.';

/** The largest list page when no limit is given. */
const DEFAULT_LIST = 50;
const NO_STORE = 'no-store';

export interface VenueRoutesOptions {
  fund: CommonGoodFund;
  messages: CommonGoodMessages;
  bookings: BookingEnquiries;
  verifyAccessToken?: TokenVerifier;
  limits: VenueRateLimits;
  /** A fresh rate-limit store per limiter (shared between processes), or undefined for memory. */
  store?: (name: string) => Store;
}

export function venueRoutes(options: VenueRoutesOptions): Router {
  const { fund, messages, bookings, limits } = options;
  const router = Router();

  const limiter = (name: string, limit: WindowLimit, message: string, keyGenerator?: (req: Request) => string) =>
    rateLimit({ ...limit, keyPrefix: `venue:${name}`, message, keyGenerator, store: options.store?.(name) });

  const verify = options.verifyAccessToken;
  const staffOnly: RequestHandler = verify
    ? requireAuthWith(verify, { roles: ['staff', 'admin'] })
    : () => {
        throw new HttpError(503, 'auth_unavailable', 'Staff sign-in is not available on this server.');
      };

  // ── Common Good total (get-common-good-totals): GET, or POST with an empty body ──────────
  const sendTotal: RequestHandler = async (_req, res) => {
    const answer: CommonGoodTotalsResponse = { combined_total_cents: await fund.readTotal() };
    res.set('Cache-Control', NO_STORE).json(answer);
  };
  router.get('/common-good/totals', validate({ query: z.strictObject({}) }), sendTotal);
  router.post('/common-good/totals', validate({ query: z.strictObject({}), body: z.optional(commonGoodTotalsRequestSchema) }), sendTotal);

  // ── Donations (staff) ───────────────────────────────────────────────────────────────────
  const donationBody = validate({ body: recordDonationRequestSchema });
  router.post('/donations', staffOnly, donationBody, async (_req, res) => {
    const { body } = donationBody.get(res);
    const claims = authClaims(res);
    try {
      const outcome = await fund.record(body, { sub: claims.sub, email: claims.email });
      const answer: RecordDonationResponse = outcome;
      res.set('Cache-Control', NO_STORE).status(outcome.created ? 201 : 200).json(answer);
    } catch (error) {
      if (error instanceof TotalPendingError) throw new HttpError(503, 'total_pending', TOTAL_PENDING_MESSAGE);
      throw error;
    }
  });

  const donationQuery = validate({ query: donationListQuerySchema });
  router.get('/donations', staffOnly, donationQuery, async (_req, res) => {
    const { query } = donationQuery.get(res);
    const answer: DonationListResponse = { items: await fund.list(query.limit ? Number(query.limit) : DEFAULT_LIST) };
    res.set('Cache-Control', NO_STORE).json(answer);
  });

  // ── Common Good messages ────────────────────────────────────────────────────────────────
  const messageBody = validate({ body: commonGoodMessageRequestSchema });
  router.post(
    '/common-good/messages',
    limiter('messages-ip', limits.messagesPerIp, MESSAGE_LIMIT_MESSAGE),
    messageBody,
    async (_req, res) => {
      const { body } = messageBody.get(res);
      const answer: CommonGoodMessageCreated = await messages.submit(body);
      res.set('Cache-Control', NO_STORE).status(201).json(answer);
    },
  );

  const messageQuery = validate({ query: commonGoodMessageListQuerySchema });
  router.get('/common-good/messages', staffOnly, messageQuery, async (_req, res) => {
    const { query } = messageQuery.get(res);
    const answer: CommonGoodMessageListResponse = {
      items: await messages.list({ status: query.status, limit: query.limit ? Number(query.limit) : DEFAULT_LIST }),
    };
    res.set('Cache-Control', NO_STORE).json(answer);
  });

  const moderation = validate({ params: commonGoodMessageParamsSchema, body: moderateCommonGoodMessageRequestSchema });
  router.patch('/common-good/messages/:id', staffOnly, moderation, async (_req, res) => {
    const { params, body } = moderation.get(res);
    const message = await messages.moderate(params.id, body.status, authClaims(res).email);
    res.set('Cache-Control', NO_STORE).json(message);
  });

  // ── Booking enquiries from /book ────────────────────────────────────────────────────────
  const bookingBody = validate({ body: bookingRequestSchema });
  router.post(
    '/bookings',
    limiter('bookings-ip', limits.bookingsPerIp, BOOKING_IP_LIMIT_MESSAGE),
    bookingBody,
    // Keyed by a hash of the canonical address (as stored: trimmed, lower-case), so one mailbox is
    // one key and the limit store holds no personal data.
    limiter('bookings-email', limits.bookingsPerEmail, BOOKING_EMAIL_LIMIT_MESSAGE, (req) =>
      createHash('sha256')
        .update(canonicalEmail((req.body as { email: unknown }).email) ?? '')
        .digest('base64url'),
    ),
    async (_req, res) => {
      const { body } = bookingBody.get(res);
      const answer: BookingResponse = await bookings.submit(body);
      res.set('Cache-Control', NO_STORE).status(201).json(answer);
    },
  );

  // ── Booking enquiries (staff): the list with each enquiry's mail, and resend ─────────────
  const bookingQuery = validate({ query: bookingListQuerySchema });
  router.get('/bookings', staffOnly, bookingQuery, async (_req, res) => {
    const { query } = bookingQuery.get(res);
    const answer: BookingListResponse = await bookings.list({
      limit: query.limit ? Number(query.limit) : DEFAULT_LIST,
      before: query.before,
    });
    res.set('Cache-Control', NO_STORE).json(answer);
  });

  const resendInput = validate({
    params: bookingParamsSchema,
    query: z.strictObject({}),
    body: z.optional(bookingResendRequestSchema),
  });
  router.post(
    '/bookings/:id/resend',
    // Token first, then the limit keyed by the staff member: anonymous callers never spend it.
    staffOnly,
    limiter('bookings-resend', limits.resendsPerStaff, RESEND_LIMIT_MESSAGE, (req) => `user:${authClaims(req.res!).sub}`),
    resendInput,
    async (_req, res) => {
      const { params } = resendInput.get(res);
      const answer: BookingResendResponse = await bookings.resend(params.id, { sub: authClaims(res).sub });
      res.set('Cache-Control', NO_STORE).json(answer);
    },
  );

  return router;
}
