import { createHash } from 'node:crypto';
import { Router, type Request, type RequestHandler } from 'express';
import {
  BOOKING_EMAIL_LIMIT_MESSAGE,
  BOOKING_IP_LIMIT_MESSAGE,
  MESSAGE_LIMIT_MESSAGE,
  RESEND_LIMIT_MESSAGE,
  canonicalEmail,
  venueEndpoints as venue,
} from '@croft/contracts';
import { HttpError, authClaims, mountEndpoint, mountEndpoints, rateLimit, requireAuthWith, type TokenVerifier } from '@croft/service-kit';
import type { Store } from 'express-rate-limit';
import type { BookingEnquiries } from '../domain/bookings';
import type { CommonGoodFund } from '../domain/common-good-fund';
import type { CommonGoodMessages } from '../domain/messages';
import { venueErrorMapper } from './error-mapping';

export { TOTAL_PENDING_MESSAGE } from './error-mapping';

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

export { BOOKING_EMAIL_LIMIT_MESSAGE, BOOKING_IP_LIMIT_MESSAGE, MESSAGE_LIMIT_MESSAGE, RESEND_LIMIT_MESSAGE };

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
  mountEndpoints(router, [venue.getCommonGoodTotals, venue.postCommonGoodTotals], async ({ res }) => {
    res.set('Cache-Control', NO_STORE);
    return { combined_total_cents: await fund.readTotal() };
  });

  // ── Donations (staff) ───────────────────────────────────────────────────────────────────
  mountEndpoint(
    router,
    venue.recordDonation,
    async ({ body, res }) => {
      const claims = authClaims(res);
      const outcome = await fund.record(body, { sub: claims.sub, email: claims.email });
      res.set('Cache-Control', NO_STORE).status(outcome.created ? 201 : 200);
      return outcome;
    },
    { before: [staffOnly] },
  );

  mountEndpoint(
    router,
    venue.listDonations,
    async ({ query, res }) => {
      res.set('Cache-Control', NO_STORE);
      return { items: await fund.list(query.limit ? Number(query.limit) : DEFAULT_LIST) };
    },
    { before: [staffOnly] },
  );

  // ── Common Good messages ────────────────────────────────────────────────────────────────
  mountEndpoint(
    router,
    venue.sendCommonGoodMessage,
    async ({ body, res }) => {
      res.set('Cache-Control', NO_STORE);
      return messages.submit(body);
    },
    { before: [limiter('messages-ip', limits.messagesPerIp, MESSAGE_LIMIT_MESSAGE)] },
  );

  mountEndpoint(
    router,
    venue.listCommonGoodMessages,
    async ({ query, res }) => {
      res.set('Cache-Control', NO_STORE);
      return { items: await messages.list({ status: query.status, limit: query.limit ? Number(query.limit) : DEFAULT_LIST }) };
    },
    { before: [staffOnly] },
  );

  mountEndpoint(
    router,
    venue.moderateCommonGoodMessage,
    async ({ params, body, res }) => {
      res.set('Cache-Control', NO_STORE);
      return messages.moderate(params.id, body.status, authClaims(res).email);
    },
    { before: [staffOnly] },
  );

  // ── Booking enquiries from /book ────────────────────────────────────────────────────────
  mountEndpoint(
    router,
    venue.sendBookingEnquiry,
    async ({ body, res }) => {
      res.set('Cache-Control', NO_STORE);
      return bookings.submit(body);
    },
    {
      before: [limiter('bookings-ip', limits.bookingsPerIp, BOOKING_IP_LIMIT_MESSAGE)],
      // Keyed by a hash of the canonical address (as stored: trimmed, lower-case), so one mailbox is
      // one key and the limit store holds no personal data.
      after: [
        limiter('bookings-email', limits.bookingsPerEmail, BOOKING_EMAIL_LIMIT_MESSAGE, (req) =>
          createHash('sha256')
            .update(canonicalEmail((req.body as { email: unknown }).email) ?? '')
            .digest('base64url'),
        ),
      ],
    },
  );

  // ── Booking enquiries (staff): the list with each enquiry's mail, and resend ─────────────
  mountEndpoint(
    router,
    venue.listBookings,
    async ({ query, res }) => {
      res.set('Cache-Control', NO_STORE);
      return bookings.list({ limit: query.limit ? Number(query.limit) : DEFAULT_LIST, before: query.before });
    },
    { before: [staffOnly] },
  );

  mountEndpoint(
    router,
    venue.resendBookingMail,
    async ({ params, res }) => {
      res.set('Cache-Control', NO_STORE);
      return bookings.resend(params.id, { sub: authClaims(res).sub });
    },
    {
      // Token first, then the limit keyed by the staff member: anonymous callers never spend it.
      before: [
        staffOnly,
        limiter('bookings-resend', limits.resendsPerStaff, RESEND_LIMIT_MESSAGE, (req) => `user:${authClaims(req.res!).sub}`),
      ],
    },
  );

  router.use(venueErrorMapper());
  return router;
}
