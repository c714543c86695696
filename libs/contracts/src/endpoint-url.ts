// Endpoint URLs without zod: the browser's session (loaded before first paint) builds its few
// URLs from the same declarations as everything else without pulling in any schema.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an endpoint lives: what an EndpointDefinition has besides its schemas. */
export interface EndpointRoute {
  readonly service: string;
  readonly method: HttpMethod;
  readonly path: `/${string}`;
}

/** The endpoint's full path: '/api/venue/bookings/:id/resend'. */
export function endpointRoute(endpoint: EndpointRoute): string {
  return `/api/${endpoint.service}${endpoint.path}`;
}

/** The parameter names in an endpoint's path, in order. */
export function endpointParamNames(endpoint: EndpointRoute): string[] {
  return [...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1]);
}

/**
 * The URL path for one call: parameters substituted (URI-encoded) and the query appended
 * (undefined values left out, arrays repeated). Throws when a path parameter is missing.
 */
export function endpointUrl(
  endpoint: EndpointRoute,
  request: { params?: unknown; query?: unknown } = {},
): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = endpointRoute(endpoint).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${endpoint.method} ${endpoint.path}: path parameter "${name}" is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

