import type { SubscribeRequest } from '@croft/contracts';
import { createNewsletterClient, type NewsletterClient } from '@croft/api-client';
import { useMutation } from '@croft/query';

const newsletter = createNewsletterClient();

/** Subscribes to the newsletter (and so to Common Room membership). Sent once: writes never retry. */
export function useSubscribe(client: NewsletterClient = newsletter) {
  return useMutation({
    mutationKey: ['newsletter', 'subscribe'],
    mutationFn: (request: SubscribeRequest) => client.subscribe(request),
  });
}
