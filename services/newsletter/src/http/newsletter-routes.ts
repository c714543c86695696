import { createHash } from 'node:crypto';
import express, { Router, type Request, type RequestHandler } from 'express';
import { newsletterEndpoints as newsletter } from '@croft/contracts';
import { HttpError, mountEndpoint, rateLimit } from '@croft/service-kit';
import type { Store } from 'express-rate-limit';
import { normalizeEmail, type Subscriptions } from '../domain/subscriptions';
import { isWellFormedToken, secretsEqual } from '../domain/tokens';

export interface WindowLimit {
  windowMs: number;
  limit: number;
}

export interface NewsletterRateLimits {
  /** Subscribe attempts per client IP (default 10 per 10 minutes). */
  subscribePerIp: WindowLimit;
  /** Subscribes per email address (default 5 per hour). */
  subscribePerEmail: WindowLimit;
  /**
   * Unsubscribe POSTs per client IP (default 300 per minute). Generous on purpose: one-click
   * POSTs come from mail providers' servers, many recipients behind one address.
   */
  unsubscribePerIp: WindowLimit;
}

export const DEFAULT_RATE_LIMITS: NewsletterRateLimits = {
  subscribePerIp: { windowMs: 10 * 60_000, limit: 10 },
  subscribePerEmail: { windowMs: 60 * 60_000, limit: 5 },
  unsubscribePerIp: { windowMs: 60_000, limit: 300 },
};

export const SUBSCRIBE_IP_LIMIT_MESSAGE = 'Too many sign-up attempts from your connection. Please try again in a few minutes.';
export const SUBSCRIBE_EMAIL_LIMIT_MESSAGE = 'This email address was signed up several times recently. Please try again later.';

export interface NewsletterRoutesOptions {
  subscriptions: Subscriptions;
  publicOrigin: string;
  internalToken?: string;
  limits: NewsletterRateLimits;
  /** A fresh rate-limit store per limiter (shared between processes), or undefined for memory. */
  store?: (name: string) => Store;
}

const NO_STORE = 'no-store';

const unknownToken = () =>
  new HttpError(404, 'unknown_token', 'This unsubscribe link is not valid. Use the link in your most recent email from us.');

export function newsletterRoutes(options: NewsletterRoutesOptions): Router {
  const { subscriptions, limits } = options;
  const publicOrigin = options.publicOrigin.replace(/\/$/, '');
  const router = Router();

  const limiter = (name: string, limit: WindowLimit, message: string, keyGenerator?: (req: Request) => string) =>
    rateLimit({ ...limit, keyPrefix: `newsletter:${name}`, message, keyGenerator, store: options.store?.(name) });

  // 201 { status: 'subscribed', welcome_email } | 200 { status: 'updated' | 'resubscribed', ... }
  mountEndpoint(
    router,
    newsletter.subscribe,
    async ({ body, req, res }) => {
      const result = await subscriptions.subscribe(body, { ip: req.ip, userAgent: req.get('user-agent') });
      res.set('Cache-Control', NO_STORE).status(result.status === 'subscribed' ? 201 : 200);
      return result;
    },
    {
      before: [limiter('subscribe-ip', limits.subscribePerIp, SUBSCRIBE_IP_LIMIT_MESSAGE)],
      // Keyed by a hash of the validated address, so the limit store holds no personal data.
      after: [
        limiter('subscribe-email', limits.subscribePerEmail, SUBSCRIBE_EMAIL_LIMIT_MESSAGE, (req) =>
          createHash('sha256').update(normalizeEmail(String((req.body as { email: unknown }).email))).digest('base64url'),
        ),
      ],
    },
  );

  // RFC 8058 one-click (form body `List-Unsubscribe=One-Click`, token in the link) or the site's
  // /unsubscribe page (JSON { token }). Idempotent.
  mountEndpoint(
    router,
    newsletter.unsubscribe,
    async ({ query, body, res }) => {
      const fromBody = body && 'token' in body ? body.token : undefined;
      if (fromBody !== undefined && query.token !== undefined && fromBody !== query.token) {
        throw new HttpError(400, 'invalid_request', 'Invalid request: give the token once (in the link or in the body).');
      }
      const token = fromBody ?? query.token;
      if (token === undefined) {
        throw new HttpError(400, 'invalid_request', 'Invalid request: token is required.');
      }
      if ((await subscriptions.unsubscribe(token)) === 'unknown') throw unknownToken();
      res.set('Cache-Control', NO_STORE);
      return { status: 'unsubscribed' as const };
    },
    {
      before: [
        limiter('unsubscribe-ip', limits.unsubscribePerIp, 'Too many unsubscribe requests. Please try again in a minute.'),
        express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }) as RequestHandler,
      ],
    },
  );

  // The link opened in a browser → 303 to the site's /unsubscribe page, which asks for one click.
  // A GET never unsubscribes: link scanners and previews fetch links on their own.
  mountEndpoint(router, newsletter.unsubscribeLink, ({ query, res }) => {
    const token = query.token !== undefined && isWellFormedToken(query.token) ? query.token : undefined;
    const target = `${publicOrigin}/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    res.set('Cache-Control', NO_STORE).redirect(303, target);
    return undefined;
  });

  // { email } → { active } for other services (header x-internal-token).
  const internalToken = options.internalToken;
  mountEndpoint(
    router,
    newsletter.memberCheck,
    async ({ body, res }) => {
      res.set('Cache-Control', NO_STORE);
      return { active: await subscriptions.isActiveSubscriber(body.email) };
    },
    {
      before: [
        (req, _res, next) => {
          if (!internalToken) {
            throw new HttpError(404, 'not_found', `No route for ${req.method} ${req.originalUrl.split('?')[0]}`);
          }
          const given = req.get('x-internal-token');
          if (given === undefined || !secretsEqual(given, internalToken)) {
            throw new HttpError(401, 'unauthorized', 'A valid x-internal-token header is required.');
          }
          next();
        },
      ],
    },
  );

  return router;
}
