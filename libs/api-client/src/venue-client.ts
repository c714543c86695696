import {
  getCommonGoodTotalsEndpoint,
  sendBookingEnquiryEndpoint,
  sendCommonGoodMessageEndpoint,
  type BookingRequest,
  type BookingResponse,
  type CommonGoodMessageCreated,
  type CommonGoodMessageRequest,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface VenueClient {
  /** The Common Good fund's running total in pence (spec get-common-good-totals). */
  getCommonGoodTotal(init?: { signal?: AbortSignal }): Promise<number>;
  /** A message for the Common Good fund (stored pending moderation). */
  sendCommonGoodMessage(input: CommonGoodMessageRequest): Promise<CommonGoodMessageCreated>;
  /** A booking enquiry from /book; the answer says whether the emails went out. */
  sendBookingEnquiry(input: BookingRequest): Promise<BookingResponse>;
}

/** The venue service (/api/venue), typed over its endpoint contracts. */
export function createVenueClient(options: ClientOptions = {}): VenueClient {
  return {
    async getCommonGoodTotal(init) {
      return (await callEndpoint(options, getCommonGoodTotalsEndpoint, {}, init)).combined_total_cents;
    },
    sendCommonGoodMessage: (body) => callEndpoint(options, sendCommonGoodMessageEndpoint, { body }),
    sendBookingEnquiry: (body) => callEndpoint(options, sendBookingEnquiryEndpoint, { body }),
  };
}
