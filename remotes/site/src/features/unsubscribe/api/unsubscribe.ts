import { createNewsletterClient, type NewsletterClient } from '@croft/api-client';
import { useMutation } from '@croft/query';

const newsletter = createNewsletterClient();

/** Leaves the newsletter (and Common Room membership) with the emailed link's token. */
export function useUnsubscribe(client: NewsletterClient = newsletter) {
  return useMutation({
    mutationKey: ['newsletter', 'unsubscribe'],
    mutationFn: (token: string) => client.unsubscribe(token),
  });
}
