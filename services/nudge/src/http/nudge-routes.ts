import cookieParser from 'cookie-parser';
import { Router, type RequestHandler, type Response } from 'express';
import type { Store } from 'express-rate-limit';
import { NUDGE_DEVICE_COOKIE, NUDGE_EMAIL_LINK_MESSAGE, NUDGE_ERROR_MESSAGES, nudgeEndpoints as nudge, type AccessTokenClaims, type EndpointDefinition } from '@croft/contracts';
import { HttpError, authClaims, bearerToken, mountEndpoint, rateLimit, readAuditPage, requireAuthWith, type AuditActor, type AuditLog, type TokenVerifier } from '@croft/service-kit';
import type { NudgeRefusal, NudgeService } from '../domain/nudges';
import { subscriptionView, type Member, type Subscriptions } from '../domain/subscriptions';

const STAFF_ROLES = ['staff', 'admin'] as const;
/** The device cookie lasts as long as browsers let a cookie last (400 days). */
const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;

function refused(endpoint: EndpointDefinition, reason: NudgeRefusal | 'subscription_not_found' | 'email_failed'): HttpError {
  const status = (endpoint.errors as Record<string, number> | undefined)?.[reason];
  if (!status) throw new Error(`${endpoint.method} ${endpoint.path} does not declare '${reason}'`);
  return new HttpError(status, reason, NUDGE_ERROR_MESSAGES[reason]);
}

const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};

const memberOf = (claims: AccessTokenClaims): Member => ({ id: claims.sub, email: claims.email ? claims.email.toLowerCase() : null });

/** The nudge endpoints: the key, this browser's subscription, auto-link and email link, clicks, and staff's nudges. */
export function nudgeRoutes(options: {
  subscriptions: Subscriptions;
  nudges: NudgeService;
  publicKey: () => Promise<string>;
  publicOrigin: string;
  audit: AuditLog;
  verifyAccessToken?: TokenVerifier;
  /** A store for each rate limiter (express-rate-limit wants one per limiter); memory by default. */
  limitStore?: (prefix: string) => Store;
}): Router {
  const router = Router();
  const { subscriptions, nudges } = options;
  const verify = options.verifyAccessToken;
  const secure = new URL(options.publicOrigin).protocol === 'https:';
  router.use(cookieParser());

  const unconfigured: RequestHandler = () => {
    throw new HttpError(503, 'not_configured', 'Sign-in is not configured for the nudge service.');
  };
  const members = verify ? requireAuthWith(verify) : unconfigured;
  const staffOnly = verify ? requireAuthWith(verify, { roles: STAFF_ROLES }) : unconfigured;
  const adminsOnly = verify ? requireAuthWith(verify, { roles: ['admin'] }) : unconfigured;
  /** A token is optional: without one the subscription is not linked; a bad one is a 401 (refresh and try again). */
  const maybeMember: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req);
    if (token && verify) {
      try {
        res.locals.auth = await verify(token);
      } catch {
        throw new HttpError(401, 'invalid_token', 'Invalid or expired access token. Please sign in again.');
      }
    }
    next();
  };
  const actorOf = (res: Response): AuditActor => {
    const claims = authClaims(res);
    return claims.email ? { id: claims.sub, email: claims.email } : { id: claims.sub };
  };
  const limit = (prefix: string, windowMs: number, max: number, byUser = false) =>
    rateLimit({
      windowMs,
      limit: max,
      keyPrefix: prefix,
      store: options.limitStore?.(prefix),
      ...(byUser ? { keyGenerator: (req) => `user:${authClaims(req.res!).sub}` } : {}),
    });
  const deviceOf = (req: { cookies?: Record<string, string> }) => req.cookies?.[NUDGE_DEVICE_COOKIE];
  const setDevice = (res: Response, token: string) =>
    res.cookie(NUDGE_DEVICE_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/api/nudge', maxAge: DEVICE_COOKIE_MS });

  mountEndpoint(router, nudge.getVapidKey, async ({ res }) => {
    res.set('Cache-Control', 'public, max-age=300');
    return { public_key: await options.publicKey() };
  });

  mountEndpoint(
    router,
    nudge.subscribe,
    async ({ body, res }) => {
      const claims = res.locals.auth as AccessTokenClaims | undefined;
      const { subscription, deviceToken } = await subscriptions.subscribe(body, claims ? memberOf(claims) : null);
      setDevice(res, deviceToken);
      return { subscription: subscriptionView(subscription) };
    },
    { before: [noStore, limit('nudge-subscribe', 15 * 60_000, 60), maybeMember] },
  );

  mountEndpoint(
    router,
    nudge.mySubscription,
    async ({ req }) => {
      const subscription = await subscriptions.byDevice(deviceOf(req));
      if (!subscription) return { subscription: null, recent: [] };
      return { subscription: subscriptionView(subscription), recent: await subscriptions.recentDeliveries(subscription) };
    },
    { before: [noStore] },
  );

  mountEndpoint(
    router,
    nudge.unsubscribe,
    async ({ body, res }) => {
      const removed = await subscriptions.unsubscribe(body.endpoint);
      res.clearCookie(NUDGE_DEVICE_COOKIE, { path: '/api/nudge' });
      return { removed };
    },
    { before: [noStore, limit('nudge-unsubscribe', 15 * 60_000, 60)] },
  );

  mountEndpoint(
    router,
    nudge.autoLink,
    async ({ req, res }) => ({ linked: await subscriptions.autoLink(deviceOf(req), memberOf(authClaims(res))) }),
    { before: [noStore, members, limit('nudge-auto-link', 60_000, 10, true)] },
  );

  mountEndpoint(
    router,
    nudge.emailLink,
    async ({ req, body }) => {
      const result = await subscriptions.emailLink(deviceOf(req), body.email);
      if (result !== 'sent') throw refused(nudge.emailLink, result);
      return { sent: true as const, message: NUDGE_EMAIL_LINK_MESSAGE };
    },
    {
      before: [noStore, limit('nudge-email-link-ip', 15 * 60_000, 10)],
      after: [
        rateLimit({
          windowMs: 60 * 60_000,
          limit: 3,
          keyPrefix: 'nudge-email-link-address',
          store: options.limitStore?.('nudge-email-link-address'),
          keyGenerator: (req) => `email:${String((req.body as { email?: unknown }).email).trim().toLowerCase()}`,
        }),
      ],
    },
  );

  // Following the emailed link links the subscription, then shows the site's /notifications page.
  mountEndpoint(router, nudge.confirmEmailLink, async ({ query, res }) => {
    const linked = await subscriptions.confirmEmailLink(query.token);
    res.set('Cache-Control', 'private, no-store').redirect(303, `${options.publicOrigin}/notifications?${linked ? 'linked=1' : 'link=invalid'}`);
    return undefined;
  });

  mountEndpoint(
    router,
    nudge.click,
    async ({ params }) => {
      if (!(await nudges.click(params.id))) throw refused(nudge.click, 'nudge_not_found');
      return { counted: true as const };
    },
    { before: [noStore, limit('nudge-click', 60_000, 30)] },
  );

  // ── staff (the nudge team's admin screen, /admin/nudges) ──
  const staffWrites = limit('nudge-staff-writes', 60_000, 60, true);
  mountEndpoint(router, nudge.compose, async ({ body, res }) => nudges.compose(actorOf(res), body), { before: [noStore, staffOnly, staffWrites] });
  mountEndpoint(router, nudge.list, async () => ({ items: await nudges.list() }), { before: [noStore, staffOnly] });
  mountEndpoint(
    router,
    nudge.detail,
    async ({ params }) => {
      const detail = await nudges.detail(params.id);
      if (!detail) throw refused(nudge.detail, 'nudge_not_found');
      return detail;
    },
    { before: [noStore, staffOnly] },
  );
  mountEndpoint(
    router,
    nudge.cancel,
    async ({ params, res }) => {
      const result = await nudges.cancel(actorOf(res), params.id);
      if (typeof result === 'string') throw refused(nudge.cancel, result);
      return result;
    },
    { before: [noStore, staffOnly, staffWrites] },
  );
  mountEndpoint(
    router,
    nudge.testSend,
    async ({ body, res }) => {
      const result = await nudges.testSend(actorOf(res), body);
      if (typeof result === 'string') throw refused(nudge.testSend, result);
      return { nudge: result };
    },
    { before: [noStore, staffOnly, staffWrites] },
  );

  mountEndpoint(router, nudge.listAudit, async ({ query }) => readAuditPage(options.audit, query), { before: [noStore, adminsOnly] });

  return router;
}
