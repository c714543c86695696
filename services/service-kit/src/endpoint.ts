import type { Request, RequestHandler, Response, Router } from 'express';
import * as z from 'zod';
import { endpointRoute, type EndpointDefinition, type EndpointInput, type EndpointReply } from '@croft/contracts';
import { validate } from './validate';

/** What a handler gets: the validated input, and the request and response (cookies, headers, status). */
export interface EndpointContext<E extends EndpointDefinition> extends EndpointInput<E> {
  req: Request;
  res: Response;
}

/**
 * Answers with the success body (sent as JSON with the endpoint's status unless the handler set
 * another with `res.status`), or undefined when the handler has answered itself (a 304, a
 * redirect, a cached body).
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  context: EndpointContext<E>,
) => Promise<EndpointReply<E> | undefined> | EndpointReply<E> | undefined;

export interface MountOptions {
  /** Middleware before validation: sign-in checks, rate limits on the raw request. */
  before?: RequestHandler[];
  /** Middleware after validation, before the handler (e.g. a limit keyed by a validated field). */
  after?: RequestHandler[];
}

/**
 * Whether success bodies are checked against the endpoint's response schema before they are sent:
 * on under vitest (a mismatch is a 500 that fails the test), off otherwise (no cost in production).
 * CHECK_RESPONSES=1/0 overrides.
 */
export function responsesChecked(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CHECK_RESPONSES === '1') return true;
  if (env.CHECK_RESPONSES === '0') return false;
  return Boolean(env.VITEST) || env.NODE_ENV === 'test';
}

/** The body doesn't match the endpoint's declared response: a bug in the service, never the caller. */
export class ResponseContractError extends Error {
  constructor(endpoint: EndpointDefinition, issues: string) {
    super(`${endpoint.method} ${endpointRoute(endpoint)} answered outside its contract: ${issues}`);
    this.name = 'ResponseContractError';
  }
}

/** Throws ResponseContractError when `body` is not what the endpoint declares it answers. */
export function assertResponse(endpoint: EndpointDefinition, body: unknown): void {
  const parsed = z.safeParse(endpoint.response, body);
  if (!parsed.success) throw new ResponseContractError(endpoint, z.prettifyError(parsed.error));
}

const ROUTER_METHODS = { GET: 'get', POST: 'post', PUT: 'put', PATCH: 'patch', DELETE: 'delete' } as const;

/**
 * Mounts one declared endpoint on the service's router (the router sits at /api/<service>): the
 * contract's params, query and body are validated strictly (unknown keys and operator-style keys
 * are a 400 invalid_request), then the handler runs and its answer is sent with the endpoint's
 * status. The path and method come only from the contract.
 */
export function mountEndpoint<E extends EndpointDefinition>(
  router: Router,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: MountOptions = {},
): void {
  const input = validate({ params: endpoint.params, query: endpoint.query, body: endpoint.body });
  const check = responsesChecked();
  const run: RequestHandler = async (req, res) => {
    const valid = input.get(res) as unknown as EndpointInput<E>;
    res.status(endpoint.status ?? 200);
    const answer = await handler({ ...valid, req, res });
    if (answer === undefined || res.headersSent) return;
    if (check) assertResponse(endpoint, answer);
    res.json(answer);
  };
  router[ROUTER_METHODS[endpoint.method]](endpoint.path, ...(options.before ?? []), input, ...(options.after ?? []), run);
}

/** Mounts the same handler for several endpoints that answer alike (e.g. GET and POST forms). */
export function mountEndpoints<E extends EndpointDefinition>(
  router: Router,
  endpoints: readonly E[],
  handler: EndpointHandler<E>,
  options: MountOptions = {},
): void {
  for (const endpoint of endpoints) mountEndpoint(router, endpoint, handler, options);
}
