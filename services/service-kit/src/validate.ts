import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as z from 'zod';
import { HttpError, MAX_ERROR_MESSAGE, quoteInput } from './errors';

type Part = 'body' | 'query' | 'params';

export interface ValidationSchemas {
  body?: z.core.$ZodType;
  query?: z.core.$ZodType;
  params?: z.core.$ZodType;
}

type Out<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface Validated<S extends ValidationSchemas> {
  body: Out<S['body']>;
  query: Out<S['query']>;
  params: Out<S['params']>;
}

/** The middleware plus a typed accessor for what it parsed: `const { query } = v.get(res)`. */
export type ValidatingHandler<S extends ValidationSchemas> = RequestHandler & {
  get(res: Response): Validated<S>;
};

/** Nesting deeper than this is refused outright (no legitimate request needs it). */
export const MAX_INPUT_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Finds the first key that could act as a MongoDB operator or path, at any depth:
 * keys starting with `$`, keys containing `.`, prototype keys, and for query strings also
 * bracketed keys (`page[$ne]`), whatever query parser is configured. Returns a readable
 * location such as `body.filter.$where`, or null when the input is clean.
 */
export function findOperatorKey(
  value: unknown,
  options: { root?: string; brackets?: boolean } = {},
): { path: string; key: string; reason: 'operator' | 'too_deep' } | null {
  const root = options.root ?? 'input';
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length) {
    const { value: current, path, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, key: '', reason: 'too_deep' };
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]`, depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(current)) {
      const bad =
        key.startsWith('$') ||
        key.includes('.') ||
        FORBIDDEN_KEYS.has(key) ||
        (options.brackets === true && (key.includes('[') || key.includes(']')));
      if (bad) return { path: `${path}.${key}`, key, reason: 'operator' };
      stack.push({ value: (current as Record<string, unknown>)[key], path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

/** The raw value at `path` (zod issues do not carry the input). */
function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** At most this many problems, and this many unknown keys per problem, are spelled out. */
export const MAX_REPORTED_ISSUES = 5;
export const MAX_REPORTED_KEYS = 10;
/** Key names repeated in an error are cut to this many characters. */
export const MAX_REPORTED_KEY_LENGTH = 40;

const count = new Intl.NumberFormat('en-GB');
const more = (n: number, what = '') => `…and ${count.format(n)} more${what}`;
const quoteKey = (key: PropertyKey) => quoteInput(String(key), MAX_REPORTED_KEY_LENGTH);

/** `body.guest.name`, each segment quoted safely and the whole path bounded. */
function location(part: string, path: readonly PropertyKey[]): string {
  const where = [part, ...path.map(quoteKey)].join('.');
  return where.length > 200 ? `${where.slice(0, 199)}…` : where;
}

function describeIssue(part: Part, issue: z.core.$ZodIssue, raw: unknown): string {
  const where = location(part, issue.path);
  const missing = valueAt(raw, issue.path) === undefined;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.slice(0, MAX_REPORTED_KEYS).map((k) => `"${quoteKey(k)}"`);
    const rest = issue.keys.length - keys.length;
    return `${where}: unknown field${issue.keys.length > 1 ? 's' : ''} ${keys.join(', ')}${rest > 0 ? ` ${more(rest)}` : ''}`;
  }
  if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return part === 'body' && issue.path.length === 0
      ? 'body: a JSON body (Content-Type: application/json) is required'
      : `${where}: is required`;
  }
  if (issue.code === 'invalid_value' && issue.values.length > 0) {
    return `${where}: must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
  }
  return `${where}: ${quoteInput(issue.message, 200)}`;
}

/** "Invalid request: a; b; c." with at most MAX_REPORTED_ISSUES problems and a bounded length. */
function invalidRequestMessage(problems: string[]): string {
  const shown = problems.slice(0, MAX_REPORTED_ISSUES);
  const rest = problems.length - shown.length;
  const message = `Invalid request: ${shown.join('; ')}${rest > 0 ? `; ${more(rest, ` problem${rest > 1 ? 's' : ''}`)}` : ''}.`;
  return message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE - 1)}…` : message;
}

/** Throws HttpError 400 invalid_request if `value` holds an operator-style key. */
export function assertNoOperatorKeys(value: unknown, part: Part | string, brackets = part === 'query'): void {
  const found = findOperatorKey(value, { root: part, brackets });
  if (!found) return;
  if (found.reason === 'too_deep') {
    throw new HttpError(400, 'invalid_request', `Invalid request: ${quoteInput(found.path, 200)} is nested too deeply.`);
  }
  throw new HttpError(
    400,
    'invalid_request',
    `Invalid request: field "${quoteKey(found.key)}" (at ${quoteInput(found.path, 200)}) is not allowed; keys starting with "$" or containing "."${
      brackets ? ' or brackets' : ''
    } are rejected.`,
  );
}

const PARTS: Part[] = ['params', 'query', 'body'];

/**
 * Validates request parts with zod schemas (give `.strict()` object schemas so unknown keys are
 * a 400). Before zod runs, every part is checked for operator-style keys. On success the parsed
 * values are available through `handler.get(res)` and on `res.locals.valid`.
 */
export function validate<S extends ValidationSchemas>(schemas: S): ValidatingHandler<S> {
  const results = new WeakMap<Response, Validated<S>>();

  const handler = (req: Request, res: Response, next: NextFunction) => {
    const raw: Record<Part, unknown> = { params: req.params, query: req.query, body: req.body };
    for (const part of PARTS) assertNoOperatorKeys(raw[part], part);

    const parsed: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
    const problems: string[] = [];
    for (const part of PARTS) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = z.safeParse(schema, raw[part] ?? (part === 'body' ? undefined : {}));
      if (result.success) parsed[part] = result.data;
      else problems.push(...result.error.issues.map((issue) => describeIssue(part, issue, raw[part])));
    }
    if (problems.length) {
      throw new HttpError(400, 'invalid_request', invalidRequestMessage(problems));
    }
    const valid = parsed as unknown as Validated<S>;
    results.set(res, valid);
    res.locals.valid = valid;
    next();
  };

  return Object.assign(handler, {
    get(res: Response): Validated<S> {
      const valid = results.get(res);
      if (!valid) throw new Error('validate(): get(res) called before the middleware ran');
      return valid;
    },
  });
}
