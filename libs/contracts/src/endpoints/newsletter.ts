import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import {
  memberCheckRequestSchema,
  memberCheckResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  unsubscribeBodySchema,
  unsubscribeLinkQuerySchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '../newsletter';

/** Subscribes (spec 001 §7 subscribe-newsletter): 201 a new address, 200 updated or resubscribed. */
export const subscribeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'newsletter',
  method: 'POST',
  path: '/subscribe',
  body: subscribeRequestSchema,
  response: subscribeResponseSchema,
  status: 201,
  errors: { rate_limited: 429 },
});

/**
 * Unsubscribes, idempotently: RFC 8058 one-click (token in the link, form body
 * `List-Unsubscribe=One-Click`, posted by mail providers, so exempt from the Origin check) or the
 * site's /unsubscribe page (JSON `{ token }`).
 */
export const unsubscribeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'newsletter',
  method: 'POST',
  path: '/unsubscribe',
  query: unsubscribeQuerySchema,
  body: unsubscribeBodySchema,
  response: unsubscribeResponseSchema,
  errors: { unknown_token: 404, rate_limited: 429, payload_too_large: 413 },
});

/**
 * The link in the email, opened in a browser: a 303 to the site's /unsubscribe page (token kept
 * when well formed), no body. A GET never unsubscribes: scanners and previews fetch links.
 */
export const unsubscribeLinkEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'newsletter',
  method: 'GET',
  path: '/unsubscribe',
  query: unsubscribeLinkQuerySchema,
  response: z.undefined(),
  status: 303,
});

/** Live membership for other services (header x-internal-token; 404 when the service has none). */
export const memberCheckEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'newsletter',
  method: 'POST',
  path: '/internal/member-check',
  body: memberCheckRequestSchema,
  response: memberCheckResponseSchema,
  errors: { unauthorized: 401, not_found: 404 },
});

/** The newsletter service (/api/newsletter): membership is an active subscription. */
export const newsletterEndpoints = {
  subscribe: subscribeEndpoint,
  unsubscribe: unsubscribeEndpoint,
  unsubscribeLink: unsubscribeLinkEndpoint,
  memberCheck: memberCheckEndpoint,
} as const;
