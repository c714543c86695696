import * as z from 'zod/mini';
import {
  subscribeResponseSchema,
  unsubscribeResponseSchema,
  type SubscribeRequest,
  type SubscribeResponse,
} from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

export interface NewsletterClient {
  subscribe(input: SubscribeRequest): Promise<SubscribeResponse>;
  unsubscribe(token: string): Promise<void>;
}

/** The newsletter service (membership = an active subscriber), typed over the contracts. */
export function createNewsletterClient(options: ClientOptions = {}): NewsletterClient {
  const post = (path: string, body: unknown) =>
    requestJson(options, `/api/newsletter${path}`, { method: 'POST', body: JSON.stringify(body) });
  return {
    async subscribe(input) {
      const parsed = z.safeParse(subscribeResponseSchema, await post('/subscribe', input));
      if (!parsed.success) throw new ApiError(200, 'invalid_response', 'The subscribe answer did not match its contract');
      return parsed.data;
    },
    async unsubscribe(token) {
      const parsed = z.safeParse(unsubscribeResponseSchema, await post('/unsubscribe', { token }));
      if (!parsed.success) throw new ApiError(200, 'invalid_response', 'The unsubscribe answer did not match its contract');
    },
  };
}
