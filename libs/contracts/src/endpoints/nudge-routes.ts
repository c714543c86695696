import type { EndpointRoute } from '../endpoint-url';

export { endpointUrl } from '../endpoint-url';

/**
 * The nudge endpoint the service worker calls (a notification click) as a route without schemas,
 * so /sw.js carries no zod. `nudgeEndpoints.click` spreads it, so the path is declared once.
 */
export const NUDGE_ROUTES = {
  click: { service: 'nudge', method: 'POST', path: '/nudges/:id/click' },
} as const satisfies Record<string, EndpointRoute>;
