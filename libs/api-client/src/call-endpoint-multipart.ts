import * as z from 'zod/mini';
import { endpointUrl, type EndpointDefinition, type EndpointRequest, type EndpointResponse, type Schema } from '@croft/contracts';
import { ApiError, answerOrThrow, requestJson, type ClientOptions } from './api-error';
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

/** How much of an upload's body has been sent (bytes). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface MultipartInit extends CallInit {
  /**
   * Called as the body goes out (fetch cannot report this, so the call is then made with
   * XMLHttpRequest, with the same credentials, headers and error handling).
   */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** POST a form with XMLHttpRequest, reporting upload progress; answers the parsed JSON as requestJson does. */
function sendWithProgress(
  options: ClientOptions,
  path: string,
  method: string,
  form: FormData,
  init: MultipartInit & { onUploadProgress: (progress: UploadProgress) => void },
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => init.signal?.removeEventListener('abort', abort);
    xhr.open(method, `${options.baseUrl ?? ''}${path}`);
    xhr.withCredentials = false; // same-origin requests send cookies regardless
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(init.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) init.onUploadProgress({ loaded: event.loaded, total: event.total });
    });
    xhr.addEventListener('load', () => {
      done();
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      try {
        resolve(answerOrThrow(xhr.status, body));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError(0, 'network_error', 'Network error'));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    if (init.signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    init.signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}

/**
 * Calls one declared endpoint with a multipart/form-data body (an upload): the URL from the
 * contract as callEndpoint builds it, the endpoint's body as text fields beside the file, the same
 * credentials, headers and error envelope handling, and the answer parsed by the endpoint's
 * response schema. The browser sets the Content-Type with its boundary. With onUploadProgress the
 * body's progress is reported as it is sent.
 */
export async function callEndpointMultipart<E extends EndpointDefinition>(
  options: ClientOptions,
  endpoint: E,
  request: MultipartRequest<E>,
  init?: MultipartInit,
): Promise<EndpointResponse<E>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(request.fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const fileName = request.fileName ?? (request.file as Partial<File>).name;
  if (fileName) form.append(request.fileField ?? 'file', request.file, fileName);
  else form.append(request.fileField ?? 'file', request.file);
  const url = endpointUrl(endpoint, request);
  const onUploadProgress = init?.onUploadProgress;
  const answer =
    onUploadProgress && typeof XMLHttpRequest !== 'undefined'
      ? await sendWithProgress(options, url, endpoint.method, form, { ...init, onUploadProgress })
      : await requestJson(options, url, { method: endpoint.method, signal: init?.signal, headers: init?.headers, body: form });
  const parsed = z.safeParse(endpoint.response, answer);
  if (!parsed.success) {
    throw new ApiError(200, 'invalid_response', `The answer to ${endpoint.method} ${endpoint.path} did not match its contract`);
  }
  return parsed.data as EndpointResponse<E>;
}
