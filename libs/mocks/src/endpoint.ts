import { http, HttpResponse, type DefaultBodyType, type HttpHandler, type StrictRequest } from 'msw';
import * as z from 'zod/mini';
import {
  endpointParamNames,
  endpointRoute,
  type EndpointDefinition,
  type EndpointInput,
  type EndpointReply,
  type ErrorEnvelope,
} from '@croft/contracts';

/** An error answer in the services' envelope. */
export interface MockFailure {
  status: number;
  code: string;
  message: string;
}

export const SERVER_ERROR: MockFailure = { status: 500, code: 'internal_error', message: 'Something went wrong' };

/** The services' error envelope as an MSW response. */
export function mockError(failure: MockFailure): HttpResponse<ErrorEnvelope> {
  return HttpResponse.json<ErrorEnvelope>({ error: { code: failure.code, message: failure.message } }, { status: failure.status });
}

export interface MockContext<E extends EndpointDefinition> extends EndpointInput<E> {
  request: StrictRequest<DefaultBodyType>;
  /** A multipart/form-data request's files by field name (its text fields are the body); empty otherwise. */
  files: Record<string, File>;
}

/** A resolver's answer that leaves the request to the next matching handler (MSW's fall-through). */
export const NEXT_HANDLER: unique symbol = Symbol('mockEndpoint: next handler');

/**
 * A resolver answers with the success body (sent with the endpoint's status) or any Response, or
 * NEXT_HANDLER to let a later handler for the same endpoint answer.
 */
export type MockResolver<E extends EndpointDefinition> = (
  context: MockContext<E>,
) => EndpointReply<E> | Response | typeof NEXT_HANDLER | Promise<EndpointReply<E> | Response | typeof NEXT_HANDLER>;

function invalid(part: string, error: z.core.$ZodError): HttpResponse<ErrorEnvelope> {
  const first = error.issues[0];
  const where = [part, ...(first?.path ?? []).map(String)].join('.');
  return mockError({ status: 400, code: 'invalid_request', message: `Invalid request: ${where}: ${first?.message ?? 'invalid'}.` });
}

function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length > 1 ? values : values[0];
  }
  return query;
}

/** A JSON body, or a multipart one as its text fields (the body) and its files (an upload). */
async function readBody(request: Request): Promise<{ body: unknown; files: Record<string, File> }> {
  const files: Record<string, File> = {};
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    return { body: await request.clone().json().catch(() => undefined), files };
  }
  const form = await request
    .clone()
    .formData()
    .catch(() => undefined);
  if (!form) return { body: undefined, files };
  const fields: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = value;
  });
  return { body: fields, files };
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * MSW's answer for one declared endpoint: matched at its contract path (any origin), the input
 * checked by the same schemas the service uses (a 400 invalid_request envelope otherwise), then
 * the resolver's body sent with the endpoint's success status.
 */
export function mockEndpoint<E extends EndpointDefinition>(endpoint: E, resolver: MockResolver<E>): HttpHandler {
  return METHODS[endpoint.method](`*${endpointRoute(endpoint)}`, async ({ request, params }) => {
    const { body, files } = endpoint.body ? await readBody(request) : { body: undefined, files: {} };
    const raw: Record<'params' | 'query' | 'body', unknown> = {
      // Only the contract's own parameters: MSW also names the leading '*' (as '0').
      params: Object.fromEntries(endpointParamNames(endpoint).map((name) => [name, params[name]])),
      query: queryObject(new URL(request.url)),
      body,
    };
    const parsed: Record<string, unknown> = {};
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = endpoint[part];
      if (!schema) continue;
      const result = z.safeParse(schema, raw[part]);
      if (!result.success) return invalid(part, result.error);
      parsed[part] = result.data;
    }
    const answer = await resolver({ ...(parsed as unknown as EndpointInput<E>), request, files });
    if (answer === NEXT_HANDLER) return undefined;
    if (answer instanceof Response) return answer;
    return HttpResponse.json(answer as DefaultBodyType, { status: endpoint.status ?? 200 });
  });
}
