import type { CommonGoodMessageRequest } from '@croft/contracts';
import { createVenueClient, type VenueClient } from '@croft/api-client';
import { useMutation } from '@croft/query';

const venue = createVenueClient();

/** A message for the Common Good fund (stored pending moderation). Sent once: writes never retry. */
export function useSendCommonGoodMessage(client: VenueClient = venue) {
  return useMutation({
    mutationKey: ['venue', 'common-good-message'],
    mutationFn: (request: CommonGoodMessageRequest) => client.sendCommonGoodMessage(request),
  });
}
