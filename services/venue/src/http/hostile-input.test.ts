/**
 * Hostile input, table-driven: every write endpoint (and read endpoint with a query) of the
 * venue service, over HTTP against the embedded store, staff routes with a valid staff token.
 * Each case must be a 4xx with the error envelope, and nothing may change: no document, no email.
 */
import request from 'supertest';
import type { Express } from 'express';
import type { Connection } from 'mongoose';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@croft/contracts';
import {
  connectMongo,
  createServiceApp,
  identityIssuer,
  localJwksVerifier,
  manualClock,
  silentLogger,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import { createVenueService, type VenueService } from '../venue-service';

const ORIGIN = 'https://croft.example';
const HIGH = { windowMs: 60_000, limit: 100_000 };
const MESSAGE_ID = 'a'.repeat(24);

let mongo: MongoHandle;
let venue: VenueService;
let app: Express;
let staff = '';
const mails: unknown[] = [];
const mailer: Mailer = {
  send: async (message) => {
    mails.push(message);
    return { messageId: `<${mails.length}@test>` } as never;
  },
  close: () => undefined,
};

beforeAll(async () => {
  const keys = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  staff = await new SignJWT({ email: 'staff@croft.example', roles: ['staff'], aal: 'aal1', amr: ['otp'], session_id: 's1', mfa: false })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
    .setSubject('user-staff')
    .setIssuer(identityIssuer(ORIGIN))
    .setAudience('croft')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.privateKey);
  mongo = await connectMongo({ dbName: `venue_hostile_${process.pid}` });
  venue = createVenueService({
    db: mongo.connection,
    mailer,
    clock: manualClock('2026-11-21T10:00:00Z'),
    logger: silentLogger(),
    config: { venueEmail: 'bookings@croft.example' },
    verifyAccessToken: localJwksVerifier({ jwks: { keys: [jwk] }, issuer: identityIssuer(ORIGIN) }),
    rateLimits: { messagesPerIp: HIGH, bookingsPerIp: HIGH, bookingsPerEmail: HIGH },
    rateLimitInMongo: false,
    retentionSweepMs: 0,
  });
  await Promise.all(Object.values(venue.models).map((model) => model.init()));
  await venue.seed();
  // Loopback is trusted so each case can come from its own address (see freshClient).
  app = createServiceApp({ name: 'venue', router: venue.router, logger: silentLogger(), publicOrigin: ORIGIN, trustProxy: 'loopback' });
  // One pending message (the one staff could moderate), so "nothing changed" covers updates too.
  const created = await request(app).post('/api/venue/common-good/messages').set('Origin', ORIGIN).send({ message: 'Thank you!' });
  expect(created.status).toBe(201);
  mails.length = 0;
});

afterAll(async () => {
  venue?.close();
  await mongo?.stop();
});

const bookingBody = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  date: '2026-11-28',
  time: '19:30',
  party_size: 4,
  occasion: 'birthday',
  message: 'A quiet table, please.',
};
const auth = () => ({ Authorization: `Bearer ${staff}` });

const endpoints = (): Record<string, Endpoint> => ({
  'GET /common-good/totals': { method: 'get', path: '/api/venue/common-good/totals' },
  'POST /common-good/totals': {
    method: 'post',
    path: '/api/venue/common-good/totals',
    body: {},
    optionalBody: true,
    originChecked: true,
  },
  'POST /donations': {
    method: 'post',
    path: '/api/venue/donations',
    body: { amount_cents: 2500, note: 'Quiz night', request_id: 'request-0001' },
    fields: { amount_cents: 'number', note: 'string', request_id: 'string' },
    headers: auth(),
    originChecked: true,
  },
  'GET /donations': { method: 'get', path: '/api/venue/donations', query: { limit: '10' }, headers: auth() },
  'POST /common-good/messages': {
    method: 'post',
    path: '/api/venue/common-good/messages',
    body: { name: 'Sam', email: 'sam@example.com', message: 'Lovely idea' },
    fields: { name: 'string', email: 'string', message: 'string' },
    originChecked: true,
  },
  'GET /common-good/messages': {
    method: 'get',
    path: '/api/venue/common-good/messages',
    query: { status: 'pending', limit: '10' },
    headers: auth(),
  },
  'PATCH /common-good/messages/:id': {
    method: 'patch',
    path: `/api/venue/common-good/messages/${MESSAGE_ID}`,
    body: { status: 'approved' },
    fields: { status: 'string' },
    badPaths: ['/api/venue/common-good/messages/%24ne', '/api/venue/common-good/messages/__proto__', `/api/venue/common-good/messages/${'a'.repeat(5000)}`],
    headers: auth(),
    originChecked: true,
  },
  'POST /bookings': {
    method: 'post',
    path: '/api/venue/bookings',
    body: bookingBody,
    fields: { name: 'string', email: 'string', phone: 'string', date: 'string', time: 'string', party_size: 'number', occasion: 'string', message: 'string' },
    mailHeaders: ['name', 'email'],
    originChecked: true,
  },
});
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
  add('query unknown key', { path: join(base, 'unexpected=1') });
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
// Built lazily: the staff token exists only after beforeAll.
const table = () => Object.entries(endpoints()).flatMap(([name, endpoint]) => hostileCases(name, endpoint, defaults));
const labels = Object.entries(endpoints()).flatMap(([name, endpoint]) => hostileCases(name, endpoint, defaults).map((c) => c.label));

describe('venue: hostile input → 4xx, the error envelope, and nothing changes', () => {
  beforeAll(() => takeBaseline(mongo.connection));

  it('has a case for every endpoint', () => {
    expect(labels.length).toBeGreaterThan(150);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(labels)('%s', async (label) => {
    const c = table().find((x) => x.label === label)!;
    const mailsBefore = mails.length;
    const response = await send(app, c, freshClient());
    expectRefused(response, c);
    await expectUnchanged(mongo.connection, c.label);
    expect(mails.length).toBe(mailsBefore);
  });

  it('control: the table’s valid bodies are accepted and do change things', async () => {
    for (const [path, body, headers] of [
      ['/api/venue/bookings', bookingBody, {}],
      ['/api/venue/common-good/messages', { name: 'Sam', email: 'sam@example.com', message: 'Lovely idea' }, {}],
      ['/api/venue/donations', { amount_cents: 2500, note: 'Quiz night', request_id: 'request-0001' }, auth()],
    ] as const) {
      const before = await snapshot(mongo.connection);
      const response = await request(app).post(path).set('Origin', ORIGIN).set(freshClient()).set(headers).send(body);
      expect(response.status, `${path}: ${response.text}`).toBe(201);
      expect(await snapshot(mongo.connection)).not.toBe(before);
    }
    const moderated = await request(app)
      .patch(`/api/venue/common-good/messages/${(await venue.models.message.findOne({ message: 'Thank you!' }).lean())!._id}`)
      .set('Origin', ORIGIN)
      .set(auth())
      .send({ status: 'approved' });
    expect(moderated.status, moderated.text).toBe(200);
  });
});
