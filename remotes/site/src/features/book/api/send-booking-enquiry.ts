import type { BookingRequest } from '@croft/contracts';
import { createVenueClient, type VenueClient } from '@croft/api-client';
import { useMutation } from '@croft/query';

const venue = createVenueClient();

/** A booking enquiry from /book; the answer says whether the emails went out. Sent once: writes never retry. */
export function useSendBookingEnquiry(client: VenueClient = venue) {
  return useMutation({
    mutationKey: ['venue', 'booking-enquiry'],
    mutationFn: (request: BookingRequest) => client.sendBookingEnquiry(request),
  });
}
