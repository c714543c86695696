import * as z from 'zod/mini';

// ---------------------------------------------------------------------------------------------
// Endpoint contracts. Each HTTP endpoint is declared once, here in contracts: its service, method,
// path (relative to /api/<service>), the schemas of its params, query and body, its response and
// the named errors it answers with. The api-client calls it through `callEndpoint`, MSW mocks it
// through `mockEndpoint`, and the service mounts it through `mountEndpoint`, which validates the
// input (strict: unknown keys and operator objects are a 400) and, in tests, the output. No path
// string is written anywhere else (endpoint-paths.test.ts checks).
// ---------------------------------------------------------------------------------------------

import type { HttpMethod } from './endpoint-url';

export { endpointParamNames, endpointRoute, endpointUrl, type EndpointRoute, type HttpMethod } from './endpoint-url';

export type Schema = z.core.$ZodType;

export interface EndpointDefinition {
  /** The service that answers, mounted at /api/<service>. */
  readonly service: string;
  readonly method: HttpMethod;
  /** Path under /api/<service>, with Express-style `:name` parameters: '/bookings/:id/resend'. */
  readonly path: `/${string}`;
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** The success body. */
  readonly response: Schema;
  /** The success status (default 200). */
  readonly status?: number;
  /** The error codes this endpoint answers with besides invalid_request, and their statuses. */
  readonly errors?: Readonly<Record<string, number>>;
}

/** Declares an endpoint (frozen; the literal types are kept for the typed client, mock and route). */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return Object.freeze(definition);
}

/** An object type with no required keys (`{}` in a conditional type: "all of it is optional"). */
type NoKeys = Record<never, never>;
type Output<S> = S extends Schema ? z.output<S> : undefined;

/** A part is optional to give when its schema accepts undefined or an empty object, or there is none. */
type Part<K extends string, S> = S extends Schema
  ? undefined extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : NoKeys extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
  : { [P in K]?: undefined };

/** What a caller gives: `{ params, query, body }` as the endpoint's schemas accept them. */
export type EndpointRequest<E extends EndpointDefinition> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

/** What the endpoint's handler receives once the input is validated. */
export interface EndpointInput<E extends EndpointDefinition> {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
}

/** The success body, as the response schema describes it. */
export type EndpointResponse<E extends EndpointDefinition> = z.output<E['response']>;
/** The success body as a server writes it (before the schema's transforms). */
export type EndpointReply<E extends EndpointDefinition> = z.input<E['response']>;

/** True when the caller may omit the whole request object. */
export type RequestOptional<E extends EndpointDefinition> = NoKeys extends EndpointRequest<E> ? true : false;

/** Every endpoint in a record of endpoints (e.g. `endpointsOf(venueEndpoints)`), for tests and tooling. */
export function endpointsOf(group: Record<string, EndpointDefinition>): EndpointDefinition[] {
  return Object.values(group);
}

/** A request that takes no query parameters: any parameter is refused as an unknown field. */
export const noQuery = /*#__PURE__*/ z.strictObject({});

/** A staff endpoint's sign-in errors (service-kit requireAuthWith). */
export const STAFF_ERRORS = { not_authenticated: 401, invalid_token: 401, forbidden: 403, auth_unavailable: 503 } as const;

/**
 * A staff write's errors: the sign-in check (service-kit requireAuthWith), the service without a
 * token verifier (not_configured), and the per-user write limit.
 */
export const STAFF_WRITE_ERRORS = {
  not_authenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  not_configured: 503,
  rate_limited: 429,
} as const;
