import { createHash } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import request from 'supertest';
import type { Express } from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONSENT_TEXT_VERSION,
  NEWSLETTER_INTERESTS,
  errorEnvelopeSchema,
  memberCheckResponseSchema,
  subscribeResponseSchema,
  unsubscribeResponseSchema,
} from '@croft/contracts';
import {
  connectMongo,
  createMailer,
  createServiceApp,
  manualClock,
  silentLogger,
  type Mailer,
  type MongoHandle,
} from '@croft/service-kit';
import { clearInbox, freePort, listEmails, startMailDev, waitForEmail, type CaughtEmail, type RunningMailDev } from '@croft/maildev';
import { createNewsletterService, type NewsletterService } from '../newsletter-service';
import { SUBSCRIBE_IP_LIMIT_MESSAGE } from './newsletter-routes';

const ORIGIN = 'https://croft.example';
const MAILTO = 'unsubscribe@croft.example';
const INTERNAL_TOKEN = 'internal-token-0123456789abcdef-0123456789';
const UA = 'Mozilla/5.0 (TestBrowser) NewsletterSpec/1.0';
const HIGH = { windowMs: 60_000, limit: 100_000 };

let mongo: MongoHandle;
let maildev: RunningMailDev;
let mailer: Mailer;
/** Messages the service handed to MailDev (so a test can wait until MailDev has stored them all). */
let sent = 0;
let newsletter: NewsletterService;
let app: Express;
const clock = manualClock('2026-11-21T10:00:00Z');

function makeApp(service: NewsletterService, trustProxy?: boolean): Express {
  return createServiceApp({
    name: 'newsletter',
    router: service.router,
    logger: silentLogger(),
    publicOrigin: ORIGIN,
    trustProxy,
  });
}

beforeAll(async () => {
  mongo = await connectMongo({ dbName: `newsletter_http_${process.pid}` });
  maildev = await startMailDev({ smtpPort: 0, webPort: 0 });
  const smtp = createMailer({ smtpUrl: maildev.smtpUrl, from: 'Croft Common <hello@croft.example>' });
  mailer = {
    send: async (message) => {
      const info = await smtp.send(message);
      sent += 1;
      return info;
    },
    close: () => smtp.close(),
  };
  newsletter = createNewsletterService({
    retentionSweepMs: 0,
    db: mongo.connection,
    mailer,
    clock,
    logger: silentLogger(),
    publicOrigin: ORIGIN,
    unsubscribeMailto: MAILTO,
    internalToken: INTERNAL_TOKEN,
    rateLimits: { subscribePerIp: HIGH, subscribePerEmail: HIGH, unsubscribePerIp: HIGH },
  });
  await newsletter.models.subscriber.init();
  app = makeApp(newsletter);
});

afterAll(async () => {
  if (maildev) await clearMail();
  mailer?.close();
  await maildev?.stop();
  await mongo?.stop();
});

async function clearMail(): Promise<void> {
  await clearInbox(maildev.webUrl, sent);
  sent = 0;
}

beforeEach(async () => {
  await newsletter.models.subscriber.deleteMany({});
  await clearMail();
});

const valid = (overrides: Record<string, unknown> = {}) => ({
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  consent: true,
  phone: '+44 (0)117 496 0000',
  birthday: '10/December',
  interests: ['Film & Cinema', 'Cocktail Masterclasses'],
  ...overrides,
});

function subscribe(body: unknown) {
  return request(app)
    .post('/api/newsletter/subscribe')
    .set('Origin', ORIGIN)
    .set('User-Agent', UA)
    .set('Content-Type', 'application/json')
    .send(JSON.stringify(body));
}

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

async function allDocs() {
  return newsletter.models.subscriber.find({}).sort({ _id: 1 }).lean();
}

function header(email: CaughtEmail, name: string): string {
  const value = email.headers[name] ?? email.headers[name.toLowerCase()];
  expect(value, `header ${name}`).toBeTypeOf('string');
  return String(value).replace(/\r?\n[ \t]+/g, ' ');
}

/** The raw token from the https entry of List-Unsubscribe in the newest email to `to`. */
async function tokenFromEmail(to: string): Promise<string> {
  const email = await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === to));
  const match = /<https:\/\/croft\.example\/api\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})>/.exec(
    header(email, 'List-Unsubscribe'),
  );
  expect(match).not.toBeNull();
  return match![1];
}

function oneClick(token: string) {
  // What a mail provider's server sends (RFC 8058): no Origin, form body, token in the URL.
  return request(app)
    .post(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
    .type('form')
    .send('List-Unsubscribe=One-Click');
}

describe('POST /api/newsletter/subscribe', () => {
  it('stores the subscriber with consent evidence and sends the welcome email with one-click unsubscribe headers', async () => {
    const response = await subscribe(valid({ email: '  Ada@Example.com ' }));
    expect(response.status).toBe(201);
    expect(subscribeResponseSchema.parse(response.body)).toEqual({ status: 'subscribed', welcome_email: 'sent' });
    expect(response.headers['cache-control']).toBe('no-store');

    const docs = await allDocs();
    expect(docs).toHaveLength(1);
    const doc = docs[0];
    expect(doc).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+44 (0)117 496 0000',
      birthday: '10/December',
      interests: ['Film & Cinema', 'Cocktail Masterclasses'],
      status: 'active',
    });
    expect(doc.consent).toEqual({
      given_at: clock.now(),
      text_version: CONSENT_TEXT_VERSION,
      ip: expect.stringMatching(/127\.0\.0\.1$/),
      user_agent: UA,
    });
    expect(doc.consent_history).toEqual([doc.consent]);
    expect(doc.created_at).toEqual(clock.now());
    expect(doc.unsubscribed_at).toBeUndefined();

    const email = await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === 'ada@example.com'));
    expect(email.subject).toBe('Welcome to Croft Common');
    expect(email.from[0].address).toBe('hello@croft.example');
    expect(email.text).toContain('Hi Ada Lovelace,');
    expect(email.html).toContain('Unsubscribe</a>');
    const listUnsubscribe = header(email, 'List-Unsubscribe');
    expect(listUnsubscribe).toMatch(
      /^<https:\/\/croft\.example\/api\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]{43})>, <mailto:unsubscribe@croft\.example\?subject=unsubscribe%20\1>$/,
    );
    expect(header(email, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('stores the unsubscribe token only as a hash; the raw token is only in the email', async () => {
    await subscribe(valid()).expect(201);
    const raw = await tokenFromEmail('ada@example.com');
    const [doc] = await allDocs();
    expect(doc.unsubscribe_token_hash).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(JSON.stringify(doc)).not.toContain(raw);
  });

  it('accepts the minimum: email, name and consent (no phone, birthday or interests)', async () => {
    const response = await subscribe({ email: 'min@example.com', name: 'Min', consent: true });
    expect(response.status).toBe(201);
    const [doc] = await allDocs();
    expect(doc.interests).toEqual([]);
    expect(doc.phone).toBeUndefined();
    expect(doc.birthday).toBeUndefined();
  });

  it('accepts all 13 interests of the spec and 29/February', async () => {
    const response = await subscribe(valid({ interests: [...NEWSLETTER_INTERESTS], birthday: '29/February' }));
    expect(response.status).toBe(201);
    const [doc] = await allDocs();
    expect(doc.interests).toEqual([...NEWSLETTER_INTERESTS]);
    expect(NEWSLETTER_INTERESTS).toHaveLength(13);
  });

  it('re-subscribing in another case updates the one document, records the new consent and rotates the token', async () => {
    await subscribe(valid()).expect(201);
    const firstToken = await tokenFromEmail('ada@example.com');
    await clearMail();
    clock.advance(60_000);

    const again = await subscribe(valid({ email: 'ADA@EXAMPLE.COM', name: 'Ada King', interests: ['Networking Events'], phone: undefined }));
    expect(again.status).toBe(200);
    expect(subscribeResponseSchema.parse(again.body)).toEqual({ status: 'updated', welcome_email: 'sent' });
    const secondToken = await tokenFromEmail('ada@example.com');
    expect(secondToken).not.toBe(firstToken);

    const docs = await allDocs();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ email: 'ada@example.com', name: 'Ada King', interests: ['Networking Events'] });
    // An optional field left out keeps its stored value.
    expect(docs[0].phone).toBe('+44 (0)117 496 0000');
    expect(docs[0].consent.given_at).toEqual(clock.now());
    expect(docs[0].consent_history.map((c) => c.given_at)).toEqual([new Date(clock.now().getTime() - 60_000), clock.now()]);
    expect(docs[0].created_at).toEqual(new Date(clock.now().getTime() - 60_000));

    // Only the newest email's link works.
    expectError(await oneClick(firstToken), 404, 'unknown_token');
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(true);
    await oneClick(secondToken).expect(200);
  });

  it('20 concurrent subscribes of one address in different cases make exactly one document', async () => {
    const variants = Array.from({ length: 20 }, (_, i) =>
      i % 3 === 0 ? 'race@example.com' : i % 3 === 1 ? 'RACE@example.com' : 'Race@Example.COM',
    );
    const responses = await Promise.all(variants.map((email, i) => subscribe(valid({ email, name: `Racer ${i}` }))));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const statuses = responses.map((r) => subscribeResponseSchema.parse(r.body).status);
    expect(statuses.filter((s) => s === 'subscribed')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'updated')).toHaveLength(19);
    const docs = await allDocs();
    expect(docs).toHaveLength(1);
    expect(docs[0].email).toBe('race@example.com');
    expect(docs[0].consent_history).toHaveLength(20);
  });

  it('keeps only the newest 20 consents in the history', async () => {
    for (let i = 0; i < 23; i += 1) {
      clock.advance(1000);
      await subscribe(valid()).expect(i === 0 ? 201 : 200);
    }
    const [doc] = await allDocs();
    expect(doc.consent_history).toHaveLength(20);
    expect(doc.consent_history.at(-1)!.given_at).toEqual(clock.now());
    expect(doc.consent_history[0].given_at).toEqual(new Date(clock.now().getTime() - 19_000));
  });

  describe('rejects bad input with 400 and changes nothing', () => {
    const cases: [string, unknown, string?][] = [
      ['consent false', valid({ consent: false })],
      ['consent missing', valid({ consent: undefined })],
      ['consent as a string', valid({ consent: 'true' })],
      ['email missing', valid({ email: undefined })],
      ['email invalid', valid({ email: 'not-an-email' })],
      ['email too long', valid({ email: `${'a'.repeat(250)}@example.com` })],
      ['email with a comment', valid({ email: 'v@x.com(1)' })],
      ['email in angle brackets', valid({ email: '<v@x.com>' })],
      ['email with a display name', valid({ email: 'x<v@x.com>' })],
      ['name missing', valid({ name: undefined })],
      ['name blank', valid({ name: '   ' })],
      ['name too long', valid({ name: 'x'.repeat(101) })],
      ['name with control characters', valid({ name: 'Ada\u0000Lovelace' })],
      ['birthday without a month', valid({ birthday: '10' })],
      ['birthday without a day', valid({ birthday: 'December' })],
      ['birthday day 0', valid({ birthday: '0/May' })],
      ['birthday day 32', valid({ birthday: '32/May' })],
      ['birthday 31/February', valid({ birthday: '31/February' })],
      ['birthday 31/April', valid({ birthday: '31/April' })],
      ['birthday month lower-case', valid({ birthday: '10/december' })],
      ['birthday as numbers', valid({ birthday: '10/12' })],
      ['interest not in the list', valid({ interests: ['Film & Cinema', 'Knitting'] })],
      ['interest repeated', valid({ interests: ['Film & Cinema', 'Film & Cinema'] })],
      ['interests as a string', valid({ interests: 'Film & Cinema' })],
      ['phone with letters', valid({ phone: '0117 CALL ME' })],
      ['phone too short', valid({ phone: '12345' })],
      ['phone too long', valid({ phone: '1'.repeat(21) })],
      ['phone as a number', valid({ phone: 1174960000 })],
      ['name as a number', valid({ name: 42 })],
      ['operator object in email', valid({ email: { $ne: '' } })],
      ['operator object in name', valid({ name: { $gt: '' } })],
      ['operator key at the top', { ...valid(), $where: 'sleep(1000)' }],
      ['dotted key', { ...valid(), 'consent.ip': '1.2.3.4' }],
      ['prototype key', JSON.parse(`{"email":"ada@example.com","name":"Ada","consent":true,"__proto__":{"status":"active"}}`)],
      ['unknown key', valid({ status: 'active' })],
      ['unknown key: unsubscribe_token_hash', valid({ unsubscribe_token_hash: 'x' })],
      ['array body', [valid()]],
      // Not a JSON object or array: the strict JSON parser refuses these before validation.
      ['null body', null, 'invalid_json'],
      ['string body', 'ada@example.com', 'invalid_json'],
      ['number body', 42, 'invalid_json'],
    ];

    it.each(cases)('%s', async (_label, body, code = 'invalid_request') => {
      await subscribe(valid({ email: 'existing@example.com' })).expect(201);
      const before = await allDocs();
      const response = await subscribe(body);
      expectError(response, 400, code);
      expect(await allDocs()).toEqual(before);
    });

    it('an oversize body (>100 kB) is a 413', async () => {
      const before = await allDocs();
      const response = await subscribe(valid({ name: 'x'.repeat(120_000) }));
      expectError(response, 413, 'payload_too_large');
      expect(await allDocs()).toEqual(before);
    });

    it('a form-encoded or text body is a 400', async () => {
      const form = await request(app)
        .post('/api/newsletter/subscribe')
        .set('Origin', ORIGIN)
        .type('form')
        .send('email=ada@example.com&name=Ada&consent=true');
      expectError(form, 400, 'invalid_request');
      const text = await request(app)
        .post('/api/newsletter/subscribe')
        .set('Origin', ORIGIN)
        .set('Content-Type', 'text/plain')
        .send(JSON.stringify(valid()));
      expectError(text, 400, 'invalid_request');
      expect(await allDocs()).toEqual([]);
    });

    it('names the field in the message', async () => {
      const message = expectError(await subscribe(valid({ interests: ['Knitting'] })), 400, 'invalid_request');
      expect(message).toContain('body.interests.0');
    });
  });

  it('keeps the subscription when the welcome email cannot be sent, and says so', async () => {
    const deadMailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, from: 'hello@croft.example' });
    const offline = createNewsletterService({
      retentionSweepMs: 0,
      db: mongo.connection,
      mailer: deadMailer,
      clock,
      publicOrigin: ORIGIN,
      unsubscribeMailto: MAILTO,
      rateLimitInMongo: false,
    });
    const response = await request(makeApp(offline))
      .post('/api/newsletter/subscribe')
      .set('Origin', ORIGIN)
      .send(valid({ email: 'offline@example.com' }));
    deadMailer.close();
    expect(response.status).toBe(201);
    expect(subscribeResponseSchema.parse(response.body)).toEqual({ status: 'subscribed', welcome_email: 'failed' });
    expect(await newsletter.isActiveSubscriber('offline@example.com')).toBe(true);
    expect(await listEmails(maildev.webUrl)).toEqual([]);
  });

  it('answers within the mailer deadline when the SMTP server accepts and never answers', { timeout: 10_000 }, async () => {
    // A mail server that takes the connection and then says nothing at all.
    const sockets = new Set<Socket>();
    const stalled = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const stalledMailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      from: 'hello@croft.example',
      timeouts: { sendMs: 400 },
    });
    const service = createNewsletterService({
      retentionSweepMs: 0,
      db: mongo.connection,
      mailer: stalledMailer,
      clock,
      publicOrigin: ORIGIN,
      unsubscribeMailto: MAILTO,
      rateLimitInMongo: false,
    });
    const started = Date.now();
    const response = await request(makeApp(service))
      .post('/api/newsletter/subscribe')
      .set('Origin', ORIGIN)
      .send(valid({ email: 'stalled@example.com' }));
    const took = Date.now() - started;
    stalledMailer.close();
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => stalled.close(() => resolve()));
    expect(response.status).toBe(201);
    expect(subscribeResponseSchema.parse(response.body)).toEqual({ status: 'subscribed', welcome_email: 'failed' });
    expect(took).toBeLessThan(3_000);
    expect(await newsletter.isActiveSubscriber('stalled@example.com')).toBe(true);
  });

  it('refuses a cross-site POST (403) and stores nothing', async () => {
    const response = await request(app).post('/api/newsletter/subscribe').set('Origin', 'https://evil.example').send(valid());
    expectError(response, 403, 'forbidden_origin');
    expect(await allDocs()).toEqual([]);
  });
});

describe('unsubscribe', () => {
  it('the one-click POST (RFC 8058 form body) ends membership at once; repeating it is harmless', async () => {
    await subscribe(valid()).expect(201);
    const token = await tokenFromEmail('ada@example.com');
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(true);

    clock.advance(5 * 60_000);
    const response = await oneClick(token);
    expect(response.status).toBe(200);
    expect(unsubscribeResponseSchema.parse(response.body)).toEqual({ status: 'unsubscribed' });

    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(false);
    expect(await newsletter.isActiveSubscriber('ADA@example.com')).toBe(false);
    const [doc] = await allDocs();
    expect(doc.status).toBe('unsubscribed');
    expect(doc.unsubscribed_at).toEqual(clock.now());

    clock.advance(60_000);
    await oneClick(token).expect(200, { status: 'unsubscribed' });
    const [after] = await allDocs();
    expect(after.unsubscribed_at).toEqual(doc.unsubscribed_at);
  });

  it("the site's /unsubscribe page POSTs JSON { token }", async () => {
    await subscribe(valid()).expect(201);
    const token = await tokenFromEmail('ada@example.com');
    const response = await request(app).post('/api/newsletter/unsubscribe').set('Origin', ORIGIN).send({ token });
    expect(response.status).toBe(200);
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(false);
  });

  it('subscribing again after unsubscribing answers resubscribed and restores membership', async () => {
    await subscribe(valid()).expect(201);
    await oneClick(await tokenFromEmail('ada@example.com')).expect(200);
    await clearMail();
    const again = await subscribe(valid());
    expect(again.status).toBe(200);
    expect(subscribeResponseSchema.parse(again.body).status).toBe('resubscribed');
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(true);
    const [doc] = await allDocs();
    expect(doc.unsubscribed_at).toBeUndefined();
    expect(doc.consent_history).toHaveLength(2);
  });

  it('GET of the link redirects (303) to the site page and does NOT unsubscribe', async () => {
    await subscribe(valid()).expect(201);
    const token = await tokenFromEmail('ada@example.com');
    const response = await request(app).get(`/api/newsletter/unsubscribe?token=${token}`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${ORIGIN}/unsubscribe?token=${token}`);
    expect(await newsletter.isActiveSubscriber('ada@example.com')).toBe(true);

    const garbage = await request(app).get('/api/newsletter/unsubscribe?token=<script>');
    expect(garbage.status).toBe(303);
    expect(garbage.headers.location).toBe(`${ORIGIN}/unsubscribe`);

    // A person opening the link always reaches the page: parameters a mail client adds are ignored,
    // a repeated token is dropped.
    const tracked = await request(app).get(`/api/newsletter/unsubscribe?token=${token}&utm_source=mail`);
    expect(tracked.status).toBe(303);
    expect(tracked.headers.location).toBe(`${ORIGIN}/unsubscribe?token=${token}`);
    const twice = await request(app).get(`/api/newsletter/unsubscribe?token=${token}&token=${token}`);
    expect(twice.status).toBe(303);
    expect(twice.headers.location).toBe(`${ORIGIN}/unsubscribe`);
  });

  it('unknown, malformed and missing tokens change nothing', async () => {
    await subscribe(valid()).expect(201);
    const before = await allDocs();
    const unknown = expectError(await oneClick('A'.repeat(43)), 404, 'unknown_token');
    const malformed = expectError(await oneClick('not-a-token'), 404, 'unknown_token');
    expect(malformed).toBe(unknown);
    expectError(
      await request(app).post('/api/newsletter/unsubscribe').type('form').send('List-Unsubscribe=One-Click'),
      400,
      'invalid_request',
    );
    expectError(
      await request(app).post('/api/newsletter/unsubscribe').set('Origin', ORIGIN).send({ token: { $ne: '' } }),
      400,
      'invalid_request',
    );
    expectError(
      await request(app).post('/api/newsletter/unsubscribe?token[$ne]=x').type('form').send('List-Unsubscribe=One-Click'),
      400,
      'invalid_request',
    );
    expectError(
      await request(app).post('/api/newsletter/unsubscribe').set('Origin', ORIGIN).send({ token: 'x', extra: 1 }),
      400,
      'invalid_request',
    );
    expectError(
      await request(app)
        .post(`/api/newsletter/unsubscribe?token=${'A'.repeat(43)}`)
        .type('form')
        .send(`List-Unsubscribe=One-Click&pad=${'x'.repeat(2000)}`),
      413,
      'payload_too_large',
    );
    expect(await allDocs()).toEqual(before);
  });
});

describe('POST /api/newsletter/internal/member-check', () => {
  const check = (body: unknown, token?: string) => {
    const req = request(app).post('/api/newsletter/internal/member-check');
    if (token !== undefined) req.set('x-internal-token', token);
    return req.send(body as object);
  };

  it('answers active for an active subscriber (any case) and false otherwise, with the token', async () => {
    await subscribe(valid()).expect(201);
    const yes = await check({ email: 'ADA@example.com' }, INTERNAL_TOKEN);
    expect(yes.status).toBe(200);
    expect(memberCheckResponseSchema.parse(yes.body)).toEqual({ active: true });
    expect((await check({ email: 'nobody@example.com' }, INTERNAL_TOKEN)).body).toEqual({ active: false });

    await oneClick(await tokenFromEmail('ada@example.com')).expect(200);
    expect((await check({ email: 'ada@example.com' }, INTERNAL_TOKEN)).body).toEqual({ active: false });
  });

  it('refuses a missing or wrong token (401) and hostile bodies (400)', async () => {
    expectError(await check({ email: 'ada@example.com' }), 401, 'unauthorized');
    expectError(await check({ email: 'ada@example.com' }, `${INTERNAL_TOKEN}x`), 401, 'unauthorized');
    expectError(await check({ email: { $ne: '' } }, INTERNAL_TOKEN), 400, 'invalid_request');
    expectError(await check({ email: 'ada@example.com', extra: true }, INTERNAL_TOKEN), 400, 'invalid_request');
  });

  it('is not there (404) when no internal token is configured', async () => {
    const closed = createNewsletterService({
      retentionSweepMs: 0,
      db: mongo.connection,
      mailer,
      clock,
      publicOrigin: ORIGIN,
      unsubscribeMailto: MAILTO,
      rateLimitInMongo: false,
    });
    const response = await request(makeApp(closed))
      .post('/api/newsletter/internal/member-check')
      .set('x-internal-token', '')
      .send({ email: 'ada@example.com' });
    expectError(response, 404, 'not_found');
  });

  it('isActiveSubscriber is false for junk input', async () => {
    await subscribe(valid()).expect(201);
    expect(await newsletter.isActiveSubscriber('')).toBe(false);
    expect(await newsletter.isActiveSubscriber({ $ne: '' } as unknown as string)).toBe(false);
    expect(await newsletter.isActiveSubscriber(' Ada@Example.com ')).toBe(true);
  });
});

describe('rate limits (defaults: 10 per IP per 10 minutes, 5 per email per hour)', () => {
  let limited: NewsletterService;
  let limitedApp: Express;
  // Starts at the real time: the rate-limit store's TTL index sweeps windows by the real clock.
  const rlClock = manualClock(Date.now());

  beforeAll(async () => {
    limited = createNewsletterService({
      retentionSweepMs: 0,
      db: mongo.connection.useDb(`newsletter_rl_${process.pid}`),
      mailer,
      clock: rlClock,
      publicOrigin: ORIGIN,
      unsubscribeMailto: MAILTO,
    });
    await limited.models.subscriber.init();
    limitedApp = makeApp(limited, true);
  });

  const from = (ip: string, body: unknown) =>
    request(limitedApp).post('/api/newsletter/subscribe').set('Origin', ORIGIN).set('X-Forwarded-For', ip).send(body as object);

  it('per email: the 6th subscribe of one address within an hour is a 429 and changes nothing', async () => {
    for (let i = 0; i < 5; i += 1) {
      await from(`10.0.1.${i}`, valid({ email: i % 2 ? 'Limit@example.com' : 'limit@example.com' })).expect(i === 0 ? 201 : 200);
    }
    const before = await limited.models.subscriber.findOne({ email: 'limit@example.com' }).lean();
    const sixth = await from('10.0.1.99', valid({ email: 'LIMIT@example.com', name: 'Changed' }));
    expect(expectError(sixth, 429, 'rate_limited')).toMatch(/signed up several times recently/);
    expect(await limited.models.subscriber.findOne({ email: 'limit@example.com' }).lean()).toEqual(before);
    expect(before!.consent_history).toHaveLength(5);

    rlClock.advance(60 * 60_000 + 1000);
    await from('10.0.1.100', valid({ email: 'limit@example.com' })).expect(200);
  });

  it('per IP: the 11th attempt within 10 minutes is a 429 and stores nothing', async () => {
    for (let i = 0; i < 10; i += 1) {
      await from('10.0.2.1', valid({ email: `person${i}@example.com` })).expect(201);
    }
    const eleventh = await from('10.0.2.1', valid({ email: 'person10@example.com' }));
    expect(expectError(eleventh, 429, 'rate_limited')).toBe(SUBSCRIBE_IP_LIMIT_MESSAGE);
    expect(eleventh.headers['retry-after']).toBeDefined();
    expect(await limited.isActiveSubscriber('person10@example.com')).toBe(false);
    // Another address is not affected.
    await from('10.0.2.2', valid({ email: 'person10@example.com' })).expect(201);

    rlClock.advance(10 * 60_000 + 1000);
    await from('10.0.2.1', valid({ email: 'person11@example.com' })).expect(201);
  });
});
