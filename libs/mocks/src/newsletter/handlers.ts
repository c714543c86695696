import { delay, HttpResponse } from 'msw';
import {
  UNSUBSCRIBE_TOKEN_PATTERN,
  newsletterEndpoints as newsletter,
  type SubscribeRequestParsed,
  type SubscribeResponse,
} from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';

/** What the mock answers a subscribe with when told to fail (status, code and the service's message). */
export type NewsletterMockFailure = MockFailure;

export interface NewsletterMockOptions {
  /** Answer every subscribe with this error envelope (e.g. 429 rate_limited with its message). */
  subscribeFails?: NewsletterMockFailure;
  /** Hold each subscribe answer this long (ms), or forever ('infinite') to show the sending state. */
  subscribeDelay?: number | 'infinite';
  /** Whether the welcome email "went out" (default 'sent'). */
  welcomeEmail?: SubscribeResponse['welcome_email'];
  /** Told about every subscribe body that passed the contract (what the service would store). */
  onSubscribe?: (body: SubscribeRequestParsed) => void;
}

/**
 * The newsletter service as MSW answers it. Subscribe bodies are checked with the same contract
 * schema the service uses (strict: unknown keys are a 400), and a second subscribe of the same
 * address (any case) answers 'updated', one after an unsubscribe 'resubscribed'. Unsubscribe
 * accepts any well-formed token (in the body or the link), 404 `unknown_token` otherwise.
 */
export function newsletterHandlers(options: NewsletterMockOptions = {}) {
  const subscribers = new Map<string, 'active' | 'unsubscribed'>();
  return [
    mockEndpoint(newsletter.subscribe, async ({ body }) => {
      if (options.subscribeDelay !== undefined) await delay(options.subscribeDelay);
      if (options.subscribeFails) return mockError(options.subscribeFails);
      options.onSubscribe?.(body);
      const key = body.email.toLowerCase();
      const before = subscribers.get(key);
      subscribers.set(key, 'active');
      const answer: SubscribeResponse = {
        status: before === undefined ? 'subscribed' : before === 'active' ? 'updated' : 'resubscribed',
        welcome_email: options.welcomeEmail ?? 'sent',
      };
      // 201 for a new address (the endpoint's status), 200 for updated and resubscribed.
      return before === undefined ? answer : HttpResponse.json(answer, { status: 200 });
    }),
    mockEndpoint(newsletter.unsubscribe, ({ query, body }) => {
      const token = (body && 'token' in body ? body.token : undefined) ?? query.token;
      if (token === undefined) return mockError({ status: 400, code: 'invalid_request', message: 'Invalid request: token is required.' });
      if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) {
        return mockError({ status: 404, code: 'unknown_token', message: 'This unsubscribe link is not valid. Use the link in your most recent email from us.' });
      }
      return { status: 'unsubscribed' as const };
    }),
  ];
}
