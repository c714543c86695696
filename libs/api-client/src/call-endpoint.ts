import * as z from 'zod/mini';
import { endpointUrl, type EndpointDefinition, type EndpointRequest, type EndpointResponse, type RequestOptional } from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';

export interface CallInit {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Arguments after the endpoint: the request may be left out when nothing in it is required. */
export type CallArgs<E extends EndpointDefinition> = RequestOptional<E> extends true
  ? [request?: EndpointRequest<E>, init?: CallInit]
  : [request: EndpointRequest<E>, init?: CallInit];

/**
 * Calls one declared endpoint: builds its URL from the contract (path parameters, query), sends the
 * body as JSON, and hands back the body parsed by the endpoint's response schema. A failure is an
 * ApiError: the service's envelope, 'network_error', or 'invalid_response' when the answer does not
 * match the contract.
 */
export async function callEndpoint<E extends EndpointDefinition>(
  options: ClientOptions,
  endpoint: E,
  ...[request, init]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const { body } = (request ?? {}) as { body?: unknown };
  const answer = await requestJson(options, endpointUrl(endpoint, request ?? {}), {
    method: endpoint.method,
    signal: init?.signal,
    headers: init?.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const parsed = z.safeParse(endpoint.response, answer);
  if (!parsed.success) {
    throw new ApiError(200, 'invalid_response', `The answer to ${endpoint.method} ${endpoint.path} did not match its contract`);
  }
  return parsed.data as EndpointResponse<E>;
}
