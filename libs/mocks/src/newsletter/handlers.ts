import { delay, http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import {
  UNSUBSCRIBE_TOKEN_PATTERN,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
  type ErrorEnvelope,
  type SubscribeRequestParsed,
  type SubscribeResponse,
} from '@croft/contracts';

const fail = (status: number, code: string, message: string) =>
  HttpResponse.json<ErrorEnvelope>({ error: { code, message } }, { status });

/** What the mock answers a subscribe with when told to fail (status, code and the service's message). */
export interface NewsletterMockFailure {
  status: number;
  code: string;
  message: string;
}

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
 * accepts any well-formed token, 404 `unknown_token` otherwise.
 */
export function newsletterHandlers(options: NewsletterMockOptions = {}) {
  const subscribers = new Map<string, 'active' | 'unsubscribed'>();
  return [
    http.post('*/api/newsletter/subscribe', async ({ request }) => {
      if (options.subscribeDelay !== undefined) await delay(options.subscribeDelay);
      const json: unknown = await request.json().catch(() => undefined);
      const parsed = z.safeParse(subscribeRequestSchema, json);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
        return fail(400, 'invalid_request', `Invalid request: ${problems.slice(0, 5).join('; ')}.`);
      }
      if (options.subscribeFails) {
        const { status, code, message } = options.subscribeFails;
        return fail(status, code, message);
      }
      options.onSubscribe?.(parsed.data);
      const key = parsed.data.email.toLowerCase();
      const before = subscribers.get(key);
      subscribers.set(key, 'active');
      const answer: SubscribeResponse = {
        status: before === undefined ? 'subscribed' : before === 'active' ? 'updated' : 'resubscribed',
        welcome_email: options.welcomeEmail ?? 'sent',
      };
      return HttpResponse.json(answer, { status: before === undefined ? 201 : 200 });
    }),
    http.post('*/api/newsletter/unsubscribe', async ({ request }) => {
      const parsed = z.safeParse(unsubscribeRequestSchema, await request.json().catch(() => undefined));
      if (!parsed.success) return fail(400, 'invalid_request', 'Invalid request: token is required.');
      if (!UNSUBSCRIBE_TOKEN_PATTERN.test(parsed.data.token)) {
        return fail(404, 'unknown_token', 'This unsubscribe link is not valid. Use the link in your most recent email from us.');
      }
      return HttpResponse.json({ status: 'unsubscribed' as const });
    }),
  ];
}
