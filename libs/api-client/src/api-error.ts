import { errorEnvelopeSchema } from '@croft/contracts';

/** A failed call: the service's error envelope, or a network/parse failure (code 'network_error'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The words to show for a failed call: the service's own message, or a calm line for the network. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code === 'network_error' ? 'We could not reach the server. Check your connection and try again.' : error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ClientOptions {
  /** Prefix for every call; '' on the composed site (same origin). */
  baseUrl?: string;
  fetch?: FetchLike;
}

/**
 * GET/POST and hand back the parsed JSON answer, or throw ApiError with the envelope's code and
 * message. A string body is JSON; any other body (FormData) goes with the type fetch gives it.
 */
export async function requestJson(
  options: ClientOptions,
  path: string,
  init: RequestInit = {},
): Promise<unknown> {
  const doFetch = options.fetch ?? ((input, i) => fetch(input, i));
  let res: Response;
  try {
    res = await doFetch(`${options.baseUrl ?? ''}${path}`, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json', ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
  } catch (error) {
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
  }
  const body: unknown = await res.json().catch(() => undefined);
  return answerOrThrow(res.status, body);
}

/** A parsed answer as the caller's: the body when the status is 2xx, else the envelope's ApiError. */
export function answerOrThrow(status: number, body: unknown): unknown {
  if (status < 200 || status > 299) {
    const envelope = errorEnvelopeSchema.safeParse(body);
    if (envelope.success) throw new ApiError(status, envelope.data.error.code, envelope.data.error.message);
    throw new ApiError(status, 'http_error', `Request failed with status ${status}`);
  }
  return body;
}
