/**
 * Hostile input, table-driven: every write endpoint and every read endpoint with a query of the
 * identity service, over HTTP against the embedded store and MailDev. Validation runs before
 * sign-in is checked, so no session is needed. Each case must be a 4xx with the error envelope,
 * and nothing may change: no document, no email, no cookie.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmails } from '@croft/maildev';
import { errorEnvelopeSchema } from '@croft/contracts';
import { ORIGIN, startHarness, type Harness } from '../testing/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness('hostile');
});

afterAll(async () => {
  await h?.stop();
});

const HANDLE = `${'A'.repeat(42)}A`;
const PROOF = 'B'.repeat(43);
const UUID = '0d3c5f0e-8a8b-4c1e-9f5e-2b7f8e1d4c3a';
const B64 = 'AAAA';
const webauthn = { rpId: 'localhost', origin: ORIGIN };
const mail = { email: 'hostile@example.com' };

const endpoints: Record<string, Endpoint> = {
  'POST /otp': {
    method: 'post',
    path: '/api/identity/otp',
    body: { ...mail, create_user: true },
    fields: { email: 'string', create_user: 'boolean' },
    mailHeaders: ['email'],
    originChecked: true,
  },
  'POST /verify': {
    method: 'post',
    path: '/api/identity/verify',
    body: { ...mail, token: '123456', type: 'email' },
    fields: { email: 'string', token: 'string', type: 'string' },
    originChecked: true,
  },
  'POST /token': {
    method: 'post',
    path: '/api/identity/token',
    query: { grant_type: 'refresh_token' },
    body: { refresh_token: 'r'.repeat(40) },
    optionalBody: true,
    fields: { refresh_token: 'string' },
    originChecked: true,
  },
  'POST /logout': { method: 'post', path: '/api/identity/logout', query: { scope: 'local' }, originChecked: true },
  'GET /session': { method: 'get', path: '/api/identity/session' },
  'GET /user': { method: 'get', path: '/api/identity/user' },
  'GET /.well-known/jwks.json': { method: 'get', path: '/api/identity/.well-known/jwks.json' },
  'POST /factors': {
    method: 'post',
    path: '/api/identity/factors',
    body: { friendly_name: 'Phone', factor_type: 'totp', issuer: 'Croft Common' },
    fields: { friendly_name: 'string', factor_type: 'string', issuer: 'string', phone: 'string' },
    originChecked: true,
  },
  'POST /factors/:id/challenge': {
    method: 'post',
    path: `/api/identity/factors/${UUID}/challenge`,
    body: { channel: 'sms' },
    optionalBody: true,
    fields: { channel: 'string' },
    badPaths: ['/api/identity/factors/%24ne/challenge', '/api/identity/factors/__proto__/challenge'],
    originChecked: true,
  },
  'POST /factors/:id/verify': {
    method: 'post',
    path: `/api/identity/factors/${UUID}/verify`,
    body: { code: '123456', challenge_id: UUID },
    fields: { code: 'string', challenge_id: 'string' },
    badPaths: [`/api/identity/factors/${'a'.repeat(5000)}/verify`],
    originChecked: true,
  },
  'DELETE /factors/:id': {
    method: 'delete',
    path: `/api/identity/factors/${UUID}`,
    badPaths: ['/api/identity/factors/%24ne', '/api/identity/factors/constructor'],
    originChecked: true,
  },
  'POST /rpc/is_email_domain_allowed': {
    method: 'post',
    path: '/api/identity/rpc/is_email_domain_allowed',
    body: mail,
    fields: { email: 'string' },
    originChecked: true,
  },
  'POST /rpc/check_secret_kitchen_access_status': {
    method: 'post',
    path: '/api/identity/rpc/check_secret_kitchen_access_status',
    body: { user_email: 'chef@example.com' },
    fields: { user_email: 'string' },
    originChecked: true,
  },
  'POST /webauthn/register-options': {
    method: 'post',
    path: '/api/identity/webauthn/register-options',
    body: { userHandle: HANDLE },
    fields: { userHandle: 'string', proof: 'string' },
    originChecked: true,
  },
  'POST /webauthn/register-verify': {
    method: 'post',
    path: '/api/identity/webauthn/register-verify',
    body: {
      userHandle: HANDLE,
      attResp: { id: B64, rawId: B64, response: { clientDataJSON: B64, attestationObject: B64 }, clientExtensionResults: {}, type: 'public-key' },
      ...webauthn,
    },
    fields: { userHandle: 'string', rpId: 'string', origin: 'string' },
    originChecked: true,
  },
  'POST /webauthn/auth-options': {
    method: 'post',
    path: '/api/identity/webauthn/auth-options',
    body: { ...webauthn, discoverable: true },
    fields: { userHandle: 'string', rpId: 'string', origin: 'string', discoverable: 'boolean' },
    originChecked: true,
  },
  'POST /webauthn/auth-verify': {
    method: 'post',
    path: '/api/identity/webauthn/auth-verify',
    body: {
      authResp: { id: B64, rawId: B64, response: { clientDataJSON: B64, authenticatorData: B64, signature: B64 }, clientExtensionResults: {}, type: 'public-key' },
      ...webauthn,
    },
    fields: { userHandle: 'string', rpId: 'string', origin: 'string' },
    originChecked: true,
  },
  'POST /webauthn/create-session': {
    method: 'post',
    path: '/api/identity/webauthn/create-session',
    body: { userHandle: HANDLE, ...mail, proof: PROOF },
    fields: { userHandle: 'string', email: 'string', proof: 'string' },
    originChecked: true,
  },
  'POST /webauthn/clear': {
    method: 'post',
    path: '/api/identity/webauthn/clear',
    body: { userHandle: HANDLE, proof: PROOF },
    fields: { userHandle: 'string', proof: 'string' },
    originChecked: true,
  },
  'POST /membership/start-link': {
    method: 'post',
    path: '/api/identity/membership/start-link',
    body: { userHandle: HANDLE, ...mail },
    fields: { userHandle: 'string', email: 'string' },
    mailHeaders: ['email'],
    originChecked: true,
  },
  'POST /membership/verify-link': {
    method: 'post',
    path: '/api/identity/membership/verify-link',
    body: { userHandle: HANDLE, ...mail, code: '123456' },
    fields: { userHandle: 'string', email: 'string', code: 'string' },
    originChecked: true,
  },
  'POST /membership/check': {
    method: 'post',
    path: '/api/identity/membership/check',
    body: { userHandle: HANDLE },
    fields: { userHandle: 'string' },
    originChecked: true,
  },
  'GET /passkeys': { method: 'get', path: '/api/identity/passkeys' },
  'DELETE /passkeys/:id': {
    method: 'delete',
    path: `/api/identity/passkeys/${B64}`,
    badPaths: ['/api/identity/passkeys/%24ne', `/api/identity/passkeys/${'a'.repeat(5000)}`],
    originChecked: true,
  },
};
// ── The hostile-input table (the same generator in each service's hostile-input.test.ts) ─────

type Json = Record<string, unknown>;
type FieldType = 'string' | 'number' | 'boolean';
type Method = 'get' | 'post' | 'patch' | 'delete';

interface Endpoint {
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
  headers?: Record<string, string>;
  /** State-changing through the service app: the Origin check applies. */
  originChecked?: boolean;
  /** Known gap (reported, not this suite's to fix): unknown query keys are ignored, not refused. */
  ignoresUnknownQueryKeys?: string;
}

interface Case {
  label: string;
  method: Method;
  path: string;
  headers: Record<string, string>;
  /** Raw request body. */
  body?: string;
  contentType?: string;
  status: number;
  code?: string;
}

const LONG = 'x'.repeat(10_000);
const OVER_LIMIT = 'x'.repeat(120 * 1024);
const deepJson = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** A JSON body with one more member written raw (so "__proto__" stays an own key). */
const withRaw = (body: Json, member: string) => {
  const text = JSON.stringify(body);
  return text === '{}' ? `{${member}}` : `${text.slice(0, -1)},${member}}`;
};
const qs = (query: Record<string, string>) => new URLSearchParams(query).toString();
const join = (path: string, query: string) => (query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path);

const WRONG_FOR_ANY: [string, unknown][] = [
  ['{"$ne":1}', { $ne: 1 }],
  ['{"$gt":""}', { $gt: '' }],
  ['{"$regex":".*"}', { $regex: '.*' }],
  ['{"__proto__":{…}}', JSON.parse('{"__proto__":{"admin":true}}')],
  ['an array', ['x']],
  ['an object', { a: 'b' }],
  ['null', null],
];
const WRONG_FOR: Record<FieldType, [string, unknown][]> = {
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

function hostileCases(name: string, e: Endpoint, defaults: Record<string, string>): Case[] {
  const cases: Case[] = [];
  const headers = { ...defaults, ...e.headers };
  const base = e.query ? join(e.path, qs(e.query)) : e.path;
  const add = (label: string, c: Partial<Case> & { status?: number }) =>
    cases.push({ label: `${name}: ${label}`, method: e.method, path: base, headers, status: 400, ...c });

  // Query strings: operators in brackets, prototype keys, unknown keys, arrays, oversize.
  add('query $where', { path: join(base, '$where=1') });
  add('query a[$ne]=1', { path: join(base, 'a[$ne]=1') });
  add('query __proto__[admin]=1', { path: join(base, '__proto__[admin]=1') });
  add('query __proto__=1', { path: join(base, '__proto__=1') });
  add('query constructor[prototype][admin]=1', { path: join(base, 'constructor[prototype][admin]=1') });
  if (!e.ignoresUnknownQueryKeys) add('query unknown key', { path: join(base, 'unexpected=1') });
  for (const key of Object.keys(e.query ?? {})) {
    const rest = qs(Object.fromEntries(Object.entries(e.query!).filter(([k]) => k !== key)));
    const q = (extra: string) => join(e.path, [rest, extra].filter(Boolean).join('&'));
    add(`query ${key}[$ne]=1`, { path: q(`${key}[$ne]=1`) });
    add(`query ${key}[$gt]=`, { path: q(`${key}[$gt]=`) });
    add(`query ${key}[]=x`, { path: q(`${key}[]=x`) });
    add(`query ${key} twice`, { path: q(`${key}=${encodeURIComponent(e.query![key])}&${key}=${encodeURIComponent(e.query![key])}`) });
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
    const body = e.body ? JSON.stringify(e.body) : undefined;
    const refused = { body, status: 403, code: 'forbidden_origin' };
    cases.push({ ...refused, label: `${name}: foreign Origin`, method: e.method, path: base, headers: { ...headers, Origin: 'https://evil.example' } });
    cases.push({ ...refused, label: `${name}: Origin null`, method: e.method, path: base, headers: { ...headers, Origin: 'null' } });
    const { Origin: _omit, ...noOrigin } = headers;
    cases.push({ ...refused, label: `${name}: no Origin, Sec-Fetch-Site cross-site`, method: e.method, path: base, headers: { ...noOrigin, 'Sec-Fetch-Site': 'cross-site' } });
  }
  return cases;
}

function send(app: Express, c: Case, extra: Record<string, string> = {}): Promise<request.Response> {
  let req = request(app)[c.method](c.path);
  for (const [key, value] of Object.entries({ ...c.headers, ...extra })) req = req.set(key, value);
  if (c.body === undefined) return req;
  return req.set('Content-Type', c.contentType ?? 'application/json').send(c.body);
}

/** Every document of every collection but the rate-limit counters (a refused request may count). */
async function snapshot(connection: Connection): Promise<string> {
  const db = connection.db!;
  const names = (await db.listCollections().toArray()).map((c) => c.name).filter((n) => n !== 'rate_limits').sort();
  const docs = await Promise.all(names.map((name) => db.collection(name).find({}).sort({ _id: 1 }).toArray()));
  return JSON.stringify(names.map((name, i) => [name, docs[i]]));
}

let baseline: string | undefined;
/**
 * Takes the store's state as the baseline; each check after compares with the state after the
 * previous check (one snapshot per case), then moves the baseline on so one failure stays one.
 */
async function takeBaseline(connection: Connection): Promise<void> {
  baseline = await snapshot(connection);
}
async function expectUnchanged(connection: Connection, label: string): Promise<void> {
  const now = await snapshot(connection);
  const was = baseline;
  baseline = now;
  expect(now === was, `${label} changed the store`).toBe(true);
}

let clientCounter = 0;
/** A fresh client address per request (the app trusts loopback), so no per-IP budget runs out. */
const freshClient = () => {
  clientCounter += 1;
  return { 'X-Forwarded-For': `198.18.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}` };
};

function expectRefused(response: request.Response, c: Case): void {
  expect(response.status, `${c.label}: ${response.text.slice(0, 300)}`).toBe(c.status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const { error } = errorEnvelopeSchema.parse(response.body);
  if (c.code) expect(error.code).toBe(c.code);
  expect(error.code).toMatch(/^[a-z_]+$/);
  expect(response.text.length).toBeLessThan(2048);
  expect(response.headers['set-cookie']).toBeUndefined();
}

const defaults = { Origin: ORIGIN };
const cases = Object.entries(endpoints).flatMap(([name, endpoint]) => hostileCases(name, endpoint, defaults));

async function mailCount(): Promise<number> {
  return (await listEmails(h.maildev.webUrl)).length;
}

describe('identity: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => takeBaseline(h.mongo.connection));

  it('has a case for every endpoint', () => {
    expect(cases.length).toBeGreaterThan(400);
    expect(new Set(cases.map((c) => c.label)).size).toBe(cases.length);
  });

  it.each(cases.map((c) => [c.label, c] as const))('%s', async (_label, c) => {
    const response = await send(app(), c, freshClient());
    expectRefused(response, c);
    await expectUnchanged(h.mongo.connection, c.label);
  });

  it('no refused request sent an email', async () => {
    // Asked once (MailDev over HTTP is slow per case); the table above sends only refused requests.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailCount()).toBe(0);
  });

  it('control: the table’s valid /otp body is accepted and does change things', async () => {
    const before = await snapshot(h.mongo.connection);
    const response = await request(app()).post('/api/identity/otp').set('Origin', ORIGIN).set(freshClient()).send({ ...mail, create_user: true });
    expect(response.status, response.text).toBe(200);
    expect(await snapshot(h.mongo.connection)).not.toBe(before);
  });
});

function app(): Express {
  return h.app;
}
