import { delay } from 'msw';
import {
  BOOKING_MAX_DAYS_AHEAD,
  addDaysIso,
  venueEndpoints as venue,
  venueToday,
  type BookingRequestParsed,
  type CommonGoodMessageRequest,
} from '@croft/contracts';
import { SERVER_ERROR, mockEndpoint, mockError, type MockFailure } from '../endpoint';
import { MOCK_COMMON_GOOD_TOTAL_CENTS, buildBookingResponse, buildCommonGoodMessage } from './venue-factory';

export type VenueFailure = MockFailure;

export interface VenueMockOptions {
  /** The running total in pence (default MOCK_COMMON_GOOD_TOTAL_CENTS). */
  totalCents?: number;
  /** The totals call fails (500 unless a failure is given). */
  failTotals?: boolean | VenueFailure;
  /** The message call fails with this envelope (e.g. the 429 rate limit). */
  failMessages?: VenueFailure;
  /** The booking call fails with this envelope. */
  failBookings?: VenueFailure;
  /** What the booking answer says about the emails (default both 'sent'). */
  bookingMail?: { venue_email?: 'sent' | 'failed'; guest_email?: 'sent' | 'failed' };
  /** Delay every answer (ms, or 'infinite' to stay loading). */
  delayMs?: number | 'infinite';
  /** Called with each accepted message / booking (tests assert what was sent). */
  onMessage?: (body: CommonGoodMessageRequest) => void;
  onBooking?: (body: BookingRequestParsed) => void;
}

/** The venue service as MSW answers it: Common Good total, messages and booking enquiries. */
export function venueHandlers(options: VenueMockOptions = {}) {
  const wait = async () => {
    if (options.delayMs !== undefined) await delay(options.delayMs);
  };
  const totals = async () => {
    await wait();
    if (options.failTotals) return mockError(options.failTotals === true ? SERVER_ERROR : options.failTotals);
    return { combined_total_cents: options.totalCents ?? MOCK_COMMON_GOOD_TOTAL_CENTS };
  };
  return [
    mockEndpoint(venue.getCommonGoodTotals, totals),
    mockEndpoint(venue.postCommonGoodTotals, totals),

    mockEndpoint(venue.sendCommonGoodMessage, async ({ body }) => {
      await wait();
      if (options.failMessages) return mockError(options.failMessages);
      options.onMessage?.(body);
      const { id } = buildCommonGoodMessage();
      return { id, status: 'pending' as const };
    }),

    mockEndpoint(venue.sendBookingEnquiry, async ({ body }) => {
      await wait();
      if (options.failBookings) return mockError(options.failBookings);
      const today = venueToday(new Date());
      if (body.date < today) {
        return mockError({ status: 400, code: 'invalid_date', message: 'Please choose today or a later date.' });
      }
      if (body.date > addDaysIso(today, BOOKING_MAX_DAYS_AHEAD)) {
        return mockError({ status: 400, code: 'invalid_date', message: 'We take enquiries up to a year ahead. Please choose an earlier date.' });
      }
      options.onBooking?.(body);
      return buildBookingResponse(options.bookingMail);
    }),
  ];
}
