import type { EndpointRoute } from '../endpoint-url';

export { endpointUrl } from '../endpoint-url';

/**
 * The identity endpoints the browser session calls (refresh and sign-out) as routes without
 * schemas, so `@croft/session`, loaded on first paint, needs no zod. `identityEndpoints` spreads
 * these, so each path is still declared once.
 */
export const SESSION_ROUTES = {
  refreshSession: { service: 'identity', method: 'POST', path: '/token' },
  logout: { service: 'identity', method: 'POST', path: '/logout' },
} as const satisfies Record<string, EndpointRoute>;
