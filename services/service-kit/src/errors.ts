import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** An error that becomes `{ error: { code, message } }` with `status`. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** The longest message an error body carries; anything longer is cut with "…". */
export const MAX_ERROR_MESSAGE = 1024;

// C0 and C1 controls, DEL, line/paragraph separators and bidirectional overrides.
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text that came from a request, made safe to repeat in a message or a log: control characters
 * written as \uXXXX escapes (never raw newlines or terminal escapes), and at most `max`
 * characters (code points) with "…" when cut.
 */
export function quoteInput(text: string, max = 40): string {
  const chars = Array.from(text);
  const kept = chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
  return kept.replace(UNSAFE_CHARS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A message bounded to MAX_ERROR_MESSAGE characters with no raw control characters. */
export function boundedMessage(message: string, max = MAX_ERROR_MESSAGE): string {
  const safe = quoteInput(message, max);
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}

/** Codes for the client errors raised by Express itself and body-parser. */
const BODY_PARSER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  'entity.parse.failed': { status: 400, code: 'invalid_json', message: 'The request body is not valid JSON.' },
  'entity.too.large': { status: 413, code: 'payload_too_large', message: 'The request body is too large.' },
  'encoding.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    message: 'The request body encoding is not supported.',
  },
  'charset.unsupported': {
    status: 415,
    code: 'unsupported_media_type',
    message: 'The request body charset is not supported.',
  },
  'request.aborted': { status: 400, code: 'request_aborted', message: 'The request was aborted.' },
  'request.size.invalid': { status: 400, code: 'invalid_request', message: 'The request size did not match Content-Length.' },
  'stream.encoding.set': { status: 500, code: 'internal_error', message: 'Something went wrong' },
};

const GENERIC_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

interface ResolvedError {
  status: number;
  code: string;
  message: string;
}

function resolve(err: unknown): ResolvedError | null {
  if (err instanceof HttpError) return { status: err.status, code: err.code, message: err.message };
  if (err && typeof err === 'object') {
    const e = err as { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown };
    if (typeof e.type === 'string' && BODY_PARSER_ERRORS[e.type]) {
      const known = BODY_PARSER_ERRORS[e.type];
      return known.status >= 500 ? null : known;
    }
    const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 0;
    // http-errors style client errors (expose === true) keep their status and message.
    if (status >= 400 && status < 500 && e.expose === true) {
      return {
        status,
        code: GENERIC_CODES[status] ?? 'invalid_request',
        message: typeof e.message === 'string' && e.message ? e.message : 'The request could not be processed.',
      };
    }
  }
  return null;
}

/**
 * The last middleware of every app: answers with the error envelope. Client errors are logged
 * at debug level; anything unexpected is a 500 'Something went wrong' with the stack in the
 * log only.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      logger.error({ err, method: req.method, path: req.path }, 'error after response started');
      next(err);
      return;
    }
    const known = resolve(err);
    if (known) {
      if (known.status >= 500) {
        logger.error({ err, method: req.method, path: req.path }, 'request failed');
      } else {
        logger.debug({ code: known.code, method: req.method, path: req.path }, 'request rejected');
      }
      res.status(known.status).json(errorBody(known.code, boundedMessage(known.message)));
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unexpected error');
    res.status(500).json(errorBody('internal_error', 'Something went wrong'));
  };
}

/** Mount after the API routers (e.g. `app.use('/api', apiNotFound())`): unknown routes get a 404 envelope. */
export function apiNotFound(): RequestHandler {
  return (req, res) => {
    res.status(404).json(errorBody('not_found', `No route for ${req.method} ${quoteInput(req.originalUrl.split('?')[0], 200)}`));
  };
}
