import {
  sendBookingEnquiryEndpoint,
  sendCommonGoodMessageEndpoint,
  type BookingRequest,
  type BookingResponse,
  type CommonGoodMessageCreated,
  type CommonGoodMessageRequest,
} from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';
import { createCommonGoodTotalClient, type CommonGoodTotalClient } from './common-good-total-client';

export interface VenueClient extends CommonGoodTotalClient {
  /** A message for the Common Good fund (stored pending moderation). */
  sendCommonGoodMessage(input: CommonGoodMessageRequest): Promise<CommonGoodMessageCreated>;
  /** A booking enquiry from /book; the answer says whether the emails went out. */
  sendBookingEnquiry(input: BookingRequest): Promise<BookingResponse>;
}

/** The venue service (/api/venue), typed over its endpoint contracts. */
export function createVenueClient(options: ClientOptions = {}): VenueClient {
  return {
    ...createCommonGoodTotalClient(options),
    sendCommonGoodMessage: (body) => callEndpoint(options, sendCommonGoodMessageEndpoint, { body }),
    sendBookingEnquiry: (body) => callEndpoint(options, sendBookingEnquiryEndpoint, { body }),
  };
}
