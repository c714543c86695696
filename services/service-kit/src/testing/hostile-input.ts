/**
 * The shared harness of the services' hostile-input suites (`services/<name>/src/http/
 * hostile-input.test.ts`): a table of endpoints becomes a list of hostile requests (query
 * operators, prototype keys, wrong field types, CRLF in mail headers, deep nesting, oversize
 * bodies, wrong content types, foreign Origins), each sent over HTTP with supertest, and each
 * must be refused with a 4xx and the error envelope while the store (and anything else the suite
 * watches, such as a mail count) stays exactly as it was.
 *
 * Test code only: imported by test files through `@croft/service-kit/testing/hostile-input`, never
 * by the kit's index, so no service pulls vitest or supertest into production. It declares no
 * tests itself (no describe/it/beforeAll here): each suite keeps its own endpoint table, fixtures
 * and service-specific cases, and calls `hostileSuite(...)` for the rest.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { expect } from 'vitest';
import { errorEnvelopeSchema } from '@croft/contracts';
import type { MailMessage, Mailer } from '../mailer';

/** A JSON object body. */
export type Json = Record<string, unknown>;
/** The type a body field must have; each gets the values that are wrong for it. */
export type FieldType = 'string' | 'number' | 'boolean';
export type Method = 'get' | 'post' | 'patch' | 'delete';

/** One row of a suite's endpoint table: a request the endpoint accepts, and what to vary. */
export interface HostileEndpoint {
  method: Method;
  /** A path the endpoint accepts (ids well-formed). */
  path: string;
  /** A body the endpoint accepts; omitted when it takes none. */
  body?: Json;
  /** The body may be absent: a non-JSON body is then "no body", which is not an error. */
  optionalBody?: boolean;
  /** Body fields and their types: each gets the hostile values. */
  fields?: Record<string, FieldType>;
  /** Fields that end up in mail headers (To, Reply-To, subject): CRLF injection. */
  mailHeaders?: string[];
  /** A query the endpoint accepts (its keys get the bracket and type cases). */
  query?: Record<string, string>;
  /** Malformed versions of the path's ids. */
  badPaths?: string[];
  /** Headers of this endpoint (a bearer token, an internal token) on top of the suite's. */
  headers?: Record<string, string>;
  /**
   * State-changing through the service app: the Origin check applies (foreign Origin, Origin
   * null, cross-site Sec-Fetch-Site without Origin). Leave unset where the service app exempts
   * the route (e.g. newsletter's one-click unsubscribe).
   */
  originChecked?: boolean;
  /** Known gap (reported, not this suite's to fix): unknown query keys are ignored, not refused. */
  ignoresUnknownQueryKeys?: string;
}

/** One hostile request and the refusal it must get. */
export interface HostileCase {
  /** `<endpoint name>: <what is wrong>`, unique in a suite; also the test's name. */
  label: string;
  method: Method;
  path: string;
  headers: Record<string, string>;
  /** Raw request body. */
  body?: string;
  /** Content-Type of the body; `application/json` when unset. */
  contentType?: string;
  status: number;
  /** The error code the envelope must carry; any snake_case code when unset. */
  code?: string;
}

/** A string field's "too long" value. */
export const LONG = 'x'.repeat(10_000);
/** Padding that takes any body over the services' 100 kB JSON limit. */
export const OVER_LIMIT = 'x'.repeat(120 * 1024);
/** `levels` nested objects, as JSON text. */
export const deepJson = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** A JSON body with one more member written raw (so "__proto__" stays an own key). */
export const withRaw = (body: Json, member: string): string => {
  const text = JSON.stringify(body);
  return text === '{}' ? `{${member}}` : `${text.slice(0, -1)},${member}}`;
};
const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
const join = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);

/** Values wrong for a field of any type: operators, prototype keys, containers, null. */
export const WRONG_FOR_ANY: readonly (readonly [string, unknown])[] = [
  ['{"$ne":1}', { $ne: 1 }],
  ['{"$gt":""}', { $gt: '' }],
  ['{"$regex":".*"}', { $regex: '.*' }],
  ['{"__proto__":{…}}', JSON.parse('{"__proto__":{"admin":true}}')],
  ['an array', ['x']],
  ['an object', { a: 'b' }],
  ['null', null],
];
/** Values wrong for a field of one type (but right for another, or out of range). */
export const WRONG_FOR: Readonly<Record<FieldType, readonly (readonly [string, unknown])[]>> = {
  string: [
    ['a number', 12345],
    ['true', true],
    ['10,000 characters', LONG],
  ],
  number: [
    ['a numeric string', '2'],
    ['a fraction', 1.5],
    ['1e300', 1e300],
  ],
  boolean: [
    ['the string "true"', 'true'],
    ['the number 1', 1],
  ],
};

/**
 * The hostile requests for one endpoint. `defaults` are the suite's headers (at least a good
 * Origin), under the endpoint's own.
 */
export function hostileCases(name: string, e: HostileEndpoint, defaults: Record<string, string>): HostileCase[] {
  const cases: HostileCase[] = [];
  const headers = { ...defaults, ...e.headers };
  const base = e.query ? join(e.path, qs(e.query)) : e.path;
  const add = (label: string, c: Partial<HostileCase>) =>
    cases.push({ label: `${name}: ${label}`, method: e.method, path: base, headers, status: 400, ...c });

  // Query strings: operators in brackets, prototype keys, unknown keys, arrays, oversize.
  add('query $where', { path: join(base, '$where=1') });
  add('query a[$ne]=1', { path: join(base, 'a[$ne]=1') });
  add('query __proto__[admin]=1', { path: join(base, '__proto__[admin]=1') });
  add('query __proto__=1', { path: join(base, '__proto__=1') });
  add('query constructor[prototype][admin]=1', { path: join(base, 'constructor[prototype][admin]=1') });
  if (!e.ignoresUnknownQueryKeys) add('query unknown key', { path: join(base, 'unexpected=1') });
  const query = e.query ?? {};
  for (const [key, good] of Object.entries(query)) {
    const rest = qs(Object.fromEntries(Object.entries(query).filter(([k]) => k !== key)));
    const q = (extra: string) => join(e.path, [rest, extra].filter(Boolean).join('&'));
    add(`query ${key}[$ne]=1`, { path: q(`${key}[$ne]=1`) });
    add(`query ${key}[$gt]=`, { path: q(`${key}[$gt]=`) });
    add(`query ${key}[]=x`, { path: q(`${key}[]=x`) });
    add(`query ${key} twice`, { path: q(`${key}=${encodeURIComponent(good)}&${key}=${encodeURIComponent(good)}`) });
    add(`query ${key} 5,000 characters`, { path: q(`${key}=${'x'.repeat(5000)}`) });
  }
  for (const bad of e.badPaths ?? []) add(`path ${bad}`, { path: bad });

  if (e.body) {
    const json = (body: Json) => JSON.stringify(body);
    for (const [field, type] of Object.entries(e.fields ?? {})) {
      for (const [label, value] of [...WRONG_FOR_ANY, ...WRONG_FOR[type]]) {
        add(`${field} = ${label}`, { body: json({ ...e.body, [field]: value }) });
      }
    }
    for (const field of e.mailHeaders ?? []) {
      const value = String(e.body[field] ?? 'someone@example.com');
      add(`${field} with CRLF + Bcc`, { body: json({ ...e.body, [field]: `${value}\r\nBcc: victim@example.com` }) });
      add(`${field} with LF + header`, { body: json({ ...e.body, [field]: `${value}\nX-Injected: 1` }) });
    }
    add('__proto__ key', { body: withRaw(e.body, '"__proto__":{"admin":true}') });
    add('constructor.prototype key', { body: withRaw(e.body, '"constructor":{"prototype":{"admin":true}}') });
    add('prototype key', { body: withRaw(e.body, '"prototype":{"admin":true}') });
    add('unknown field', { body: json({ ...e.body, role: 'admin' }) });
    add('$where key', { body: json({ ...e.body, $where: 'sleep(1000)' }) });
    add('dotted key', { body: json({ ...e.body, 'profile.role': 'admin' }) });
    add('nested 40 deep', { body: withRaw(e.body, `"nest":${deepJson(40)}`) });
    add('nested 5,000 deep', { body: withRaw(e.body, `"nest":${deepJson(5000)}`) });
    add('body over 100 kB', { body: json({ ...e.body, padding: OVER_LIMIT }), status: 413, code: 'payload_too_large' });
    add('a JSON array', { body: JSON.stringify([e.body]) });
    add('a JSON string', { body: '"hello"', code: 'invalid_json' });
    add('JSON null', { body: 'null', code: 'invalid_json' });
    add('malformed JSON', { body: '{"a":', code: 'invalid_json' });
    add('JSON in latin1', { body: json(e.body), contentType: 'application/json; charset=iso-8859-1', status: 415, code: 'unsupported_media_type' });
    if (!e.optionalBody) {
      add('text/plain', { body: json(e.body), contentType: 'text/plain' });
      add('form-urlencoded with [$ne]', { body: 'email[$ne]=1&name[$gt]=', contentType: 'application/x-www-form-urlencoded' });
      add('multipart', { body: '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' });
    }
  }

  if (e.originChecked) {
    const { Origin: _omit, ...noOrigin } = headers;
    const refused = { body: e.body ? JSON.stringify(e.body) : undefined, status: 403, code: 'forbidden_origin' };
    add('foreign Origin', { ...refused, headers: { ...headers, Origin: 'https://evil.example' } });
    add('Origin null', { ...refused, headers: { ...headers, Origin: 'null' } });
    add('no Origin, Sec-Fetch-Site cross-site', { ...refused, headers: { ...noOrigin, 'Sec-Fetch-Site': 'cross-site' } });
  }
  return cases;
}

/** Sends one case as it is (raw body, its Content-Type), with `extra` headers on top. */
export function sendCase(app: Express, c: HostileCase, extra: Record<string, string> = {}): Promise<request.Response> {
  let req = request(app)[c.method](c.path);
  for (const [key, value] of Object.entries({ ...c.headers, ...extra })) req = req.set(key, value);
  if (c.body === undefined) return req;
  return req.set('Content-Type', c.contentType ?? 'application/json').send(c.body);
}

/**
 * The refusal every case must get: its status, a JSON error envelope with a snake_case code (the
 * case's own code when it names one), a short body, and no cookie.
 */
export function expectRefused(response: request.Response, c: HostileCase): void {
  expect(response.status, `${c.label}: ${response.text.slice(0, 300)}`).toBe(c.status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const { error } = errorEnvelopeSchema.parse(response.body);
  if (c.code) expect(error.code).toBe(c.code);
  expect(error.code).toMatch(/^[a-z_]+$/);
  expect(response.text.length).toBeLessThan(2048);
  expect(response.headers['set-cookie']).toBeUndefined();
}

/** The rate-limit counters: a refused request may count against a budget. */
export const DEFAULT_EXCLUDED_COLLECTIONS: readonly string[] = ['rate_limits'];

/** Every document of every collection but `exclude`, in a stable order, as one string. */
export async function snapshotStore(connection: Connection, exclude: readonly string[] = DEFAULT_EXCLUDED_COLLECTIONS): Promise<string> {
  const db = connection.db!;
  const names = (await db.listCollections().toArray()).map((c) => c.name).filter((n) => !exclude.includes(n)).sort();
  const docs = await Promise.all(names.map((name) => db.collection(name).find({}).sort({ _id: 1 }).toArray()));
  return JSON.stringify(names.map((name, i) => [name, docs[i]]));
}

/**
 * A source of client addresses, a fresh one per call (`X-Forwarded-For` from 198.18.0.0/15; the
 * app under test must trust loopback), so no per-IP budget runs out across hundreds of cases.
 */
export function clientAddresses(): () => Record<string, string> {
  let counter = 0;
  return () => {
    counter += 1;
    return { 'X-Forwarded-For': `198.18.${Math.floor(counter / 250)}.${(counter % 250) + 1}` };
  };
}

/** A mailer that only records what it is given (for "no email was sent" checks). */
export function recordingMailer(): { mailer: Mailer; mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    send: async (message) => {
      mails.push(message);
      return { messageId: `<${mails.length}@test>` };
    },
    close: () => undefined,
  };
  return { mailer, mails };
}

export interface HostileSuiteOptions {
  /** The service app (read when a case runs, so it may be built in `beforeAll`). */
  app: () => Express;
  /** The store the service writes to (read when a case runs). */
  connection: () => Connection;
  /**
   * The endpoint table. A function when rows need values that exist only after `beforeAll`
   * (tokens, seeded ids): it is called once when the suite is defined, for the labels (which must
   * not depend on those values), and once more when the first case runs, for the requests.
   */
  endpoints: Record<string, HostileEndpoint> | (() => Record<string, HostileEndpoint>);
  /** Headers of every case, under each endpoint's own; normally `{ Origin: <the public origin> }`. */
  headers: Record<string, string>;
  /** Collections left out of the "nothing changed" snapshot; `['rate_limits']` when unset. */
  excludeCollections?: readonly string[];
  /**
   * More things that must not change across one case, by name, e.g. `{ mails: () => mails.length }`
   * for a recording mailer. Read before and after each case and compared with `toEqual`.
   */
  unchanged?: Record<string, () => unknown>;
}

export interface HostileSuite {
  /** Every case's label, in table order (the names for `it.each`). */
  readonly labels: readonly string[];
  /** Asserts the table has more than `atLeast` cases and no label twice. */
  expectTable(atLeast: number): void;
  /**
   * Takes the store's state as the baseline (call it in `beforeAll`); each `check` compares with
   * the state after the previous check, then moves the baseline on so one failure stays one.
   */
  takeBaseline(): Promise<void>;
  /** Sends the case from a fresh client address; expects the refusal, the same store, the same `unchanged`. */
  check(label: string): Promise<void>;
  /** The store snapshot `check` compares (for a suite's own control cases). */
  snapshot(): Promise<string>;
  /** A fresh client address (`X-Forwarded-For`) for a suite's own requests. */
  freshClient(): Record<string, string>;
}

/** The hostile-input suite over one endpoint table (see the module comment). */
export function hostileSuite(options: HostileSuiteOptions): HostileSuite {
  const endpoints = () => (typeof options.endpoints === 'function' ? options.endpoints() : options.endpoints);
  const build = () => Object.entries(endpoints()).flatMap(([name, endpoint]) => hostileCases(name, endpoint, options.headers));
  const labels = build().map((c) => c.label);
  let table: Map<string, HostileCase> | undefined;
  let baseline: string | undefined;
  const freshClient = clientAddresses();
  const snapshot = () => snapshotStore(options.connection(), options.excludeCollections);
  const probes = Object.entries(options.unchanged ?? {});

  return {
    labels,
    expectTable(atLeast) {
      expect(labels.length).toBeGreaterThan(atLeast);
      expect(new Set(labels).size).toBe(labels.length);
    },
    async takeBaseline() {
      baseline = await snapshot();
    },
    async check(label) {
      table ??= new Map(build().map((c) => [c.label, c]));
      const c = table.get(label);
      if (!c) throw new Error(`hostile-input: no case "${label}" once the table is built (labels must not depend on beforeAll values)`);
      const before = probes.map(([, read]) => read());
      const response = await sendCase(options.app(), c, freshClient());
      expectRefused(response, c);
      const now = await snapshot();
      const was = baseline;
      baseline = now;
      expect(now === was, `${label} changed the store`).toBe(true);
      probes.forEach(([name, read], i) => expect(read(), `${label} changed ${name}`).toEqual(before[i]));
    },
    snapshot,
    freshClient,
  };
}
