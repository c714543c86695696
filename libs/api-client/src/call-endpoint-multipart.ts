import * as z from 'zod/mini';
import { endpointUrl, type EndpointDefinition, type EndpointRequest, type EndpointResponse, type Schema } from '@croft/contracts';
import { ApiError, requestJson, type ClientOptions } from './api-error';
import type { CallInit } from './call-endpoint';

/** The text fields of a multipart request: what the endpoint's body schema takes. */
type Fields<E extends EndpointDefinition> = E['body'] extends Schema ? z.input<E['body']> : Record<string, never>;

/** A multipart call: the path parameters and query as for callEndpoint, the body as form fields beside one file. */
export type MultipartRequest<E extends EndpointDefinition> = Omit<EndpointRequest<E>, 'body'> & {
  /** Sent as text form fields (numbers and booleans as text); undefined ones are left out. */
  fields: Fields<E>;
  file: Blob;
  /** The form field that carries the file (default 'file'). */
  fileField?: string;
  /** The file name sent (default: the File's own name). */
  fileName?: string;
};

/**
 * Calls one declared endpoint with a multipart/form-data body (an upload): the URL from the
 * contract as callEndpoint builds it, the endpoint's body as text fields beside the file, the same
 * credentials, headers and error envelope handling, and the answer parsed by the endpoint's
 * response schema. The browser sets the Content-Type with its boundary.
 */
export async function callEndpointMultipart<E extends EndpointDefinition>(
  options: ClientOptions,
  endpoint: E,
  request: MultipartRequest<E>,
  init?: CallInit,
): Promise<EndpointResponse<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const fileName = request.fileName ?? (request.file as Partial<File>).name;
  if (fileName) form.append(request.fileField ?? 'file', request.file, fileName);
  else form.append(request.fileField ?? 'file', request.file);
  const answer = await requestJson(options, endpointUrl(endpoint, request), {
    method: endpoint.method,
    signal: init?.signal,
    headers: init?.headers,
    body: form,
  });
  const parsed = z.safeParse(endpoint.response, answer);
  if (!parsed.success) {
    throw new ApiError(200, 'invalid_response', `The answer to ${endpoint.method} ${endpoint.path} did not match its contract`);
  }
  return parsed.data as EndpointResponse<E>;
}
