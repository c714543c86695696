import * as z from 'zod/mini';
import { defineEndpoint, noQuery, STAFF_ERRORS } from '../endpoint';
import {
  analyticsBatchResponseSchema,
  analyticsBatchSchema,
  analyticsOverviewSchema,
  analyticsPageEndSchema,
  analyticsRangeQuerySchema,
  analyticsTablePageSchema,
  analyticsTableParamsSchema,
  analyticsTableQuerySchema,
  memberAnalyticsSchema,
} from '../analytics';
import { ANALYTICS_ROUTES } from './analytics-routes';

// The analytics service (/api/analytics, issue 15). Collection is public and never fails a
// visitor (a refused batch is a 400 the tracker only logs); the dashboards need role staff or admin.

/** A batch of one session's events. Answers 202; a bot's or an opted-out visitor's batch is dropped (still 202). */
export const analyticsEventsEndpoint = /*#__PURE__*/ defineEndpoint({
  ...ANALYTICS_ROUTES.events,
  query: noQuery,
  body: analyticsBatchSchema,
  response: analyticsBatchResponseSchema,
  status: 202,
  errors: { invalid_request: 400, payload_too_large: 413, rate_limited: 429 },
});

/** Spec 001 §7: the page-end beacon {sessionId, pagePath, timeSpent, scrollDepth}. Answers 204. */
export const analyticsPageEndEndpoint = /*#__PURE__*/ defineEndpoint({
  ...ANALYTICS_ROUTES.pageEnd,
  query: noQuery,
  body: analyticsPageEndSchema,
  response: z.undefined(),
  status: 204,
  errors: { invalid_request: 400, payload_too_large: 413, rate_limited: 429 },
});

const DASHBOARD_ERRORS = { ...STAFF_ERRORS, not_configured: 503, invalid_request: 400, range_invalid: 400 } as const;

/** Staff: visitors, sessions, views, bounce and time for a range and the one before it, with the breakdowns. */
export const analyticsOverviewEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'analytics',
  method: 'GET',
  path: '/staff/overview',
  query: analyticsRangeQuerySchema,
  response: analyticsOverviewSchema,
  errors: DASHBOARD_ERRORS,
});

/** Staff: what signed-in members do. */
export const memberAnalyticsEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'analytics',
  method: 'GET',
  path: '/staff/members',
  query: analyticsRangeQuerySchema,
  response: memberAnalyticsSchema,
  errors: DASHBOARD_ERRORS,
});

/** Staff: one of the spec's raw tables, a page at a time (newest first), or all of it as CSV (format=csv). */
export const analyticsTableEndpoint = /*#__PURE__*/ defineEndpoint({
  service: 'analytics',
  method: 'GET',
  path: '/staff/tables/:table',
  params: analyticsTableParamsSchema,
  query: analyticsTableQuerySchema,
  response: analyticsTablePageSchema,
  errors: DASHBOARD_ERRORS,
});

/** Every analytics endpoint, for the mocks and the service's route table. */
export const analyticsEndpoints = {
  events: analyticsEventsEndpoint,
  pageEnd: analyticsPageEndEndpoint,
  overview: analyticsOverviewEndpoint,
  members: memberAnalyticsEndpoint,
  table: analyticsTableEndpoint,
} as const;
