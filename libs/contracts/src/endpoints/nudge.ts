import * as z from 'zod/mini';
import { auditListQuerySchema, auditListResponseSchema } from '../audit';
import { defineEndpoint, noQuery, STAFF_ERRORS, STAFF_WRITE_ERRORS } from '../endpoint';
import { NUDGE_ROUTES } from './nudge-routes';
import {
  composeNudgeRequestSchema,
  nudgeAutoLinkResponseSchema,
  nudgeClickResponseSchema,
  nudgeDetailResponseSchema,
  nudgeEmailLinkConfirmQuerySchema,
  nudgeEmailLinkRequestSchema,
  nudgeEmailLinkResponseSchema,
  nudgeListResponseSchema,
  nudgeMySubscriptionResponseSchema,
  nudgeParamsSchema,
  nudgeSchema,
  nudgeSubscribeRequestSchema,
  nudgeSubscriptionResponseSchema,
  nudgeUnsubscribeRequestSchema,
  nudgeUnsubscribeResponseSchema,
  nudgeVapidKeyResponseSchema,
  testNudgeRequestSchema,
  testNudgeResponseSchema,
} from '../nudge';

// The nudge service (/api/nudge, issue 14): web push. The key and the browser's own subscription
// are public (the device cookie or the endpoint names it); auto-link needs a signed-in member;
// staff endpoints need role staff or admin. The model is described in nudge.ts.

const SIGNED_IN_ERRORS = { not_authenticated: 401, invalid_token: 401, auth_unavailable: 503, not_configured: 503 } as const;

/** The VAPID public key (the applicationServerKey for PushManager.subscribe). */
export const getNudgeVapidKeyEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/vapid-public-key',
  query: noQuery,
  response: nudgeVapidKeyResponseSchema,
});

/** Turns nudges on in this browser (or updates its topics); with an access token, linked to the member. Sets the device cookie. */
export const nudgeSubscribeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/subscriptions',
  query: noQuery,
  body: nudgeSubscribeRequestSchema,
  response: nudgeSubscriptionResponseSchema,
  status: 201,
  errors: { invalid_token: 401, auth_unavailable: 503, rate_limited: 429 },
});

/** This browser's subscription (by its device cookie), or null. */
export const nudgeMySubscriptionEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/subscriptions/mine',
  query: noQuery,
  response: nudgeMySubscriptionResponseSchema,
});

/** Turns nudges off: the subscription with this endpoint is removed. */
export const nudgeUnsubscribeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/unsubscribe',
  query: noQuery,
  body: nudgeUnsubscribeRequestSchema,
  response: nudgeUnsubscribeResponseSchema,
  errors: { rate_limited: 429 },
});

/** auto-link-push-subscription (spec 000 §7): links this browser's subscription to the signed-in member. */
export const nudgeAutoLinkEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/auto-link-push-subscription',
  query: noQuery,
  /** No payload (spec): nothing, or an empty object; anything else is refused. */
  body: z.optional(z.strictObject({})),
  response: nudgeAutoLinkResponseSchema,
  errors: { ...SIGNED_IN_ERRORS, rate_limited: 429 },
});

/** Not signed in: emails a link that ties this browser's subscription to the address (spec 001 §8 "You're in! …"). */
export const nudgeEmailLinkEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/subscriptions/email-link',
  query: noQuery,
  body: nudgeEmailLinkRequestSchema,
  response: nudgeEmailLinkResponseSchema,
  status: 202,
  errors: { subscription_not_found: 404, email_failed: 502, rate_limited: 429 },
});

/** The emailed link: links the subscription, then 303 to /notifications (?linked=1, or ?link=invalid). */
export const nudgeEmailLinkConfirmEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/subscriptions/email-link/confirm',
  query: nudgeEmailLinkConfirmQuerySchema,
  response: z.undefined(),
  status: 303,
});

/** Counts a click on a nudge's notification (public; rate-limited). */
export const nudgeClickEndpoint = /*#__PURE__*/ defineEndpoint({
  ...NUDGE_ROUTES.click,
  params: nudgeParamsSchema,
  query: noQuery,
  response: nudgeClickResponseSchema,
  errors: { nudge_not_found: 404, rate_limited: 429 },
});

// ── staff ───────────────────────────────────────────────────────────────────────────────────────

/** Staff: compose a nudge, sent now or at send_at, optionally repeated daily or weekly until a date. */
export const staffComposeNudgeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/staff/nudges',
  query: noQuery,
  body: composeNudgeRequestSchema,
  response: nudgeSchema,
  status: 201,
  errors: STAFF_WRITE_ERRORS,
});

/** Staff: the nudges, newest first, with their counts. */
export const staffListNudgesEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/staff/nudges',
  query: noQuery,
  response: nudgeListResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503 },
});

/** Staff: one nudge with its delivery log. */
export const staffNudgeDetailEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/staff/nudges/:id',
  params: nudgeParamsSchema,
  query: noQuery,
  response: nudgeDetailResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, nudge_not_found: 404 },
});

/** Staff: cancel a scheduled nudge (and with it the rest of its series). */
export const staffCancelNudgeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/staff/nudges/:id/cancel',
  params: nudgeParamsSchema,
  query: noQuery,
  response: nudgeSchema,
  errors: { ...STAFF_WRITE_ERRORS, nudge_not_found: 404, not_cancellable: 409 },
});

/** Staff: a test send, now, to the staff member's own browsers. */
export const staffTestNudgeEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'POST',
  path: '/staff/test-send',
  query: noQuery,
  body: testNudgeRequestSchema,
  response: testNudgeResponseSchema,
  status: 201,
  errors: { ...STAFF_WRITE_ERRORS, no_subscriptions: 409 },
});

/** Admins: the nudge service's audit events (compose, cancel, test send), newest first, for /admin/audit. */
export const listNudgeAuditEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'nudge',
  method: 'GET',
  path: '/audit',
  query: auditListQuerySchema,
  response: auditListResponseSchema,
  errors: { ...STAFF_ERRORS, not_configured: 503, invalid_request: 400 },
});

/** Every nudge endpoint, for the mocks and the service's route table. */
export const nudgeEndpoints = {
  getVapidKey: getNudgeVapidKeyEndpoint,
  subscribe: nudgeSubscribeEndpoint,
  mySubscription: nudgeMySubscriptionEndpoint,
  unsubscribe: nudgeUnsubscribeEndpoint,
  autoLink: nudgeAutoLinkEndpoint,
  emailLink: nudgeEmailLinkEndpoint,
  confirmEmailLink: nudgeEmailLinkConfirmEndpoint,
  click: nudgeClickEndpoint,
  compose: staffComposeNudgeEndpoint,
  list: staffListNudgesEndpoint,
  detail: staffNudgeDetailEndpoint,
  cancel: staffCancelNudgeEndpoint,
  testSend: staffTestNudgeEndpoint,
  listAudit: listNudgeAuditEndpoint,
} as const;
