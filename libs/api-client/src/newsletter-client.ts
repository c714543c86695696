import { subscribeEndpoint,
  unsubscribeEndpoint, type SubscribeRequest, type SubscribeResponse } from '@croft/contracts';
import type { ClientOptions } from './api-error';
import { callEndpoint } from './call-endpoint';

export interface NewsletterClient {
  subscribe(input: SubscribeRequest): Promise<SubscribeResponse>;
  unsubscribe(token: string): Promise<void>;
}

/** The newsletter service (membership = an active subscriber), typed over its endpoint contracts. */
export function createNewsletterClient(options: ClientOptions = {}): NewsletterClient {
  return {
    subscribe: (body) => callEndpoint(options, subscribeEndpoint, { body }),
    async unsubscribe(token) {
      await callEndpoint(options, unsubscribeEndpoint, { body: { token } });
    },
  };
}
