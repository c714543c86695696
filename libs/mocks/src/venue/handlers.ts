import { delay, http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import {
  BOOKING_MAX_DAYS_AHEAD,
  addDaysIso,
  bookingRequestSchema,
  commonGoodMessageRequestSchema,
  venueToday,
  type BookingRequestParsed,
  type CommonGoodMessageRequest,
  type ErrorEnvelope,
} from '@croft/contracts';
import { MOCK_COMMON_GOOD_TOTAL_CENTS, buildBookingResponse, buildCommonGoodMessage } from './venue-factory';

export interface VenueFailure {
  status: number;
  code: string;
  message: string;
}

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

const envelope = (failure: VenueFailure) =>
  HttpResponse.json<ErrorEnvelope>({ error: { code: failure.code, message: failure.message } }, { status: failure.status });

const SERVER_ERROR: VenueFailure = { status: 500, code: 'internal_error', message: 'Something went wrong' };

function invalid(error: z.core.$ZodError): ReturnType<typeof envelope> {
  const first = error.issues[0];
  const where = ['body', ...(first?.path ?? []).map(String)].join('.');
  return envelope({ status: 400, code: 'invalid_request', message: `Invalid request: ${where}: ${first?.message ?? 'invalid'}.` });
}

/** The venue service as MSW answers it: Common Good total, messages and booking enquiries. */
export function venueHandlers(options: VenueMockOptions = {}) {
  const wait = async () => {
    if (options.delayMs !== undefined) await delay(options.delayMs);
  };
  const totals = async () => {
    await wait();
    if (options.failTotals) return envelope(options.failTotals === true ? SERVER_ERROR : options.failTotals);
    return HttpResponse.json({ combined_total_cents: options.totalCents ?? MOCK_COMMON_GOOD_TOTAL_CENTS });
  };
  return [
    http.get('*/api/venue/common-good/totals', totals),
    http.post('*/api/venue/common-good/totals', totals),

    http.post('*/api/venue/common-good/messages', async ({ request }) => {
      await wait();
      if (options.failMessages) return envelope(options.failMessages);
      const parsed = z.safeParse(commonGoodMessageRequestSchema, await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error);
      options.onMessage?.(parsed.data);
      const { id } = buildCommonGoodMessage();
      return HttpResponse.json({ id, status: 'pending' as const }, { status: 201 });
    }),

    http.post('*/api/venue/bookings', async ({ request }) => {
      await wait();
      if (options.failBookings) return envelope(options.failBookings);
      const parsed = z.safeParse(bookingRequestSchema, await request.json().catch(() => undefined));
      if (!parsed.success) return invalid(parsed.error);
      const today = venueToday(new Date());
      if (parsed.data.date < today) {
        return envelope({ status: 400, code: 'invalid_date', message: 'Please choose today or a later date.' });
      }
      if (parsed.data.date > addDaysIso(today, BOOKING_MAX_DAYS_AHEAD)) {
        return envelope({ status: 400, code: 'invalid_date', message: 'We take enquiries up to a year ahead. Please choose an earlier date.' });
      }
      options.onBooking?.(parsed.data);
      return HttpResponse.json(buildBookingResponse(options.bookingMail), { status: 201 });
    }),
  ];
}
