import * as z from 'zod/mini';
import {
  bookingResponseSchema,
  commonGoodMessageCreatedSchema,
  commonGoodTotalsResponseSchema,
  type BookingRequest,
  type BookingResponse,
  type CommonGoodMessageCreated,
  type CommonGoodMessageRequest,
} from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

export interface VenueClient {
  /** The Common Good fund's running total in pence (spec get-common-good-totals). */
  getCommonGoodTotal(init?: { signal?: AbortSignal }): Promise<number>;
  /** A message for the Common Good fund (stored pending moderation). */
  sendCommonGoodMessage(input: CommonGoodMessageRequest): Promise<CommonGoodMessageCreated>;
  /** A booking enquiry from /book; the answer says whether the emails went out. */
  sendBookingEnquiry(input: BookingRequest): Promise<BookingResponse>;
}

function parse<S extends z.ZodMiniType>(schema: S, body: unknown, what: string): z.infer<S> {
  const parsed = z.safeParse(schema, body);
  if (!parsed.success) throw new ApiError(200, 'invalid_response', `The ${what} answer did not match its contract`);
  return parsed.data;
}

/** The venue service (/api/venue), typed over the contracts. */
export function createVenueClient(options: ClientOptions = {}): VenueClient {
  const post = (path: string, body: unknown) =>
    requestJson(options, `/api/venue${path}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    async getCommonGoodTotal(init) {
      const body = await requestJson(options, '/api/venue/common-good/totals', { signal: init?.signal });
      return parse(commonGoodTotalsResponseSchema, body, 'Common Good total').combined_total_cents;
    },
    async sendCommonGoodMessage(input) {
      return parse(commonGoodMessageCreatedSchema, await post('/common-good/messages', input), 'message');
    },
    async sendBookingEnquiry(input) {
      return parse(bookingResponseSchema, await post('/bookings', input), 'booking');
    },
  };
}
