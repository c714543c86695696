import type { EndpointRoute } from '../endpoint-url';

export { endpointUrl } from '../endpoint-url';

/**
 * The two collection endpoints as routes without schemas, so the tracker (libs/analytics, on every
 * visitor's page after idle) carries no zod. `analyticsEndpoints` spreads these, so each path is
 * declared once.
 */
export const ANALYTICS_ROUTES = {
  events: { service: 'analytics', method: 'POST', path: '/events' },
  pageEnd: { service: 'analytics', method: 'POST', path: '/page-end' },
} as const satisfies Record<string, EndpointRoute>;

export * from '../analytics-constants';
