import request from 'supertest';
import type { Express } from 'express';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bookingListResponseSchema,
  bookingResendResponseSchema,
  bookingResponseSchema,
  commonGoodMessageCreatedSchema,
  commonGoodMessageListResponseSchema,
  commonGoodMessageSchema,
  commonGoodTotalsResponseSchema,
  donationListResponseSchema,
  errorEnvelopeSchema,
  recordDonationResponseSchema,
  type IdentityRole,
} from '@croft/contracts';
import {
  connectMongo,
  createMailer,
  createServiceApp,
  identityIssuer,
  localJwksVerifier,
  manualClock,
  silentLogger,
  type Mailer,
  type MongoHandle,
  type TokenVerifier,
} from '@croft/service-kit';
import { clearInbox, listEmails, startMailDev, waitForEmail, type RunningMailDev } from '@croft/maildev';
import { createVenueService, type VenueService, type VenueServiceOptions } from '../venue-service';
import { TOTAL_ID } from '../data/donation-model';
import { DONATION_SEED } from '../data/seed-donations';
import { GUEST_ACK_SUBJECT } from '../domain/booking-emails';
import { BOOKING_EMAIL_LIMIT_MESSAGE, MESSAGE_LIMIT_MESSAGE, RESEND_LIMIT_MESSAGE, TOTAL_PENDING_MESSAGE } from './venue-routes';

const ORIGIN = 'https://croft.example';
const VENUE_EMAIL = 'bookings@croft.example';
const HIGH = { windowMs: 60_000, limit: 100_000 };
const HIGH_LIMITS = { messagesPerIp: HIGH, bookingsPerIp: HIGH, bookingsPerEmail: HIGH };

let mongo: MongoHandle;
let maildev: RunningMailDev;
let mailer: Mailer;
let sent = 0;
let verify: TokenVerifier;
let privateKey: CryptoKey;
let venue: VenueService;
let app: Express;
// Saturday 21 November 2026, 10:00 in Bristol.
const clock = manualClock('2026-11-21T10:00:00Z');

function makeService(overrides: Partial<VenueServiceOptions> = {}): VenueService {
  return createVenueService({
    db: mongo.connection,
    mailer,
    clock,
    logger: silentLogger(),
    config: { venueEmail: VENUE_EMAIL },
    verifyAccessToken: verify,
    rateLimits: HIGH_LIMITS,
    rateLimitInMongo: false,
    retentionSweepMs: 0,
    mailRetryMs: 0,
    ...overrides,
  });
}

function makeApp(service: VenueService): Express {
  return createServiceApp({ name: 'venue', router: service.router, logger: silentLogger(), publicOrigin: ORIGIN });
}

async function token(roles: IdentityRole[], email = 'staff@croft.example', sub = 'user-staff'): Promise<string> {
  return new SignJWT({ email, roles, aal: 'aal1', amr: ['otp'], session_id: 'session-1', mfa: false })
    .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
    .setSubject(sub)
    .setIssuer(identityIssuer(ORIGIN))
    .setAudience('croft')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
}

beforeAll(async () => {
  const keys = await generateKeyPair('ES256', { extractable: true });
  privateKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'ES256', use: 'sig' };
  verify = localJwksVerifier({ jwks: { keys: [jwk] }, issuer: identityIssuer(ORIGIN) });

  mongo = await connectMongo({ dbName: `venue_http_${process.pid}` });
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
  staffToken = await token(['staff']);
  venue = makeService();
  await Promise.all(Object.values(venue.models).map((model) => model.init()));
  app = makeApp(venue);
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
  vi.restoreAllMocks();
  clock.set('2026-11-21T10:00:00Z');
  const { donation, total, message, booking } = venue.models;
  await Promise.all([donation.deleteMany({}), total.deleteMany({}), message.deleteMany({}), booking.deleteMany({})]);
  await clearMail();
});

function expectError(response: request.Response, status: number, code: string): string {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { error } = errorEnvelopeSchema.parse(response.body);
  expect(error.code).toBe(code);
  return error.message;
}

const post = (target: Express, path: string, body: unknown, bearer?: string) => {
  const req = request(target).post(`/api/venue${path}`).set('Origin', ORIGIN).set('Content-Type', 'application/json');
  if (bearer) req.set('Authorization', `Bearer ${bearer}`);
  return req.send(JSON.stringify(body));
};

async function totalNow(): Promise<number> {
  const res = await request(app).get('/api/venue/common-good/totals').expect(200);
  return commonGoodTotalsResponseSchema.parse(res.body).combined_total_cents;
}

let staffToken: string;
function donate(body: unknown, bearer?: string) {
  return post(app, '/donations', body, bearer ?? staffToken);
}

describe('Common Good totals', () => {
  it('answers 0 on a fresh install, by GET and by POST with an empty body', async () => {
    const got = await request(app).get('/api/venue/common-good/totals').expect(200);
    expect(commonGoodTotalsResponseSchema.parse(got.body)).toEqual({ combined_total_cents: 0 });
    expect(got.headers['cache-control']).toBe('no-store');
    const posted = await post(app, '/common-good/totals', {}).expect(200);
    expect(posted.body).toEqual({ combined_total_cents: 0 });
    const bare = await request(app).post('/api/venue/common-good/totals').set('Origin', ORIGIN).expect(200);
    expect(bare.body).toEqual({ combined_total_cents: 0 });
  });

  it('refuses a body or query on the totals call', async () => {
    expectError(await post(app, '/common-good/totals', { since: '2026' }), 400, 'invalid_request');
    expectError(await request(app).get('/api/venue/common-good/totals?x[$ne]=1'), 400, 'invalid_request');
  });

  it('reads the stored total document, never the donations (O(1))', async () => {
    await donate({ amount_cents: 1234, note: 'Quiz night' }).expect(201);
    expect(await totalNow()).toBe(1234);
    // Make the stored total disagree with the donations: the read must follow the document.
    await venue.models.total.updateOne({ _id: TOTAL_ID }, { $set: { combined_total_cents: 777 } });
    const find = vi.spyOn(venue.models.donation, 'find');
    const aggregate = vi.spyOn(venue.models.donation, 'aggregate');
    const count = vi.spyOn(venue.models.donation, 'countDocuments');
    expect(await totalNow()).toBe(777);
    expect(find).not.toHaveBeenCalled();
    expect(aggregate).not.toHaveBeenCalled();
    expect(count).not.toHaveBeenCalled();
  });
});

describe('POST /donations', () => {
  it('records a donation (who, when, amount, note) and adds it to the total', async () => {
    const staff = await token(['staff'], 'sam@croft.example', 'user-sam');
    const res = await donate({ amount_cents: 12_345, note: '  10p from every coffee, November  ' }, staff).expect(201);
    const body = recordDonationResponseSchema.parse(res.body);
    expect(body).toEqual({
      created: true,
      combined_total_cents: 12_345,
      donation: {
        id: expect.stringMatching(/^[a-f0-9]{24}$/),
        amount_cents: 12_345,
        note: '10p from every coffee, November',
        recorded_by: 'sam@croft.example',
        recorded_at: '2026-11-21T10:00:00.000Z',
      },
    });
    const docs = await venue.models.donation.find({}).lean();
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ recorded_by_sub: 'user-sam', applied: true, amount_cents: 12_345 });
    const total = await venue.models.total.findById(TOTAL_ID).lean();
    expect(total).toMatchObject({ combined_total_cents: 12_345, donation_count: 1, applied_ids: [body.donation.id] });
  });

  it('lets admins record too, and lists donations newest first with a limit', async () => {
    const admin = await token(['admin'], 'ada@croft.example');
    for (const [i, note] of ['First', 'Second', 'Third'].entries()) {
      clock.set(`2026-11-2${i + 1}T09:00:00Z`);
      await donate({ amount_cents: 100 * (i + 1), note }, admin).expect(201);
    }
    const res = await request(app).get('/api/venue/donations?limit=2').set('Authorization', `Bearer ${admin}`).expect(200);
    const { items } = donationListResponseSchema.parse(res.body);
    expect(items.map((d) => d.note)).toEqual(['Third', 'Second']);
    expect(await totalNow()).toBe(600);
  });

  it('is for staff and admins only', async () => {
    const body = { amount_cents: 500, note: 'Tips jar' };
    expectError(await post(app, '/donations', body), 401, 'not_authenticated');
    expectError(await post(app, '/donations', body, 'not.a.jwt'), 401, 'invalid_token');
    expectError(await post(app, '/donations', body, await token(['editor'])), 403, 'forbidden');
    expectError(await post(app, '/donations', body, await token([])), 403, 'forbidden');
    // A token signed by someone else's key.
    const other = await generateKeyPair('ES256');
    const forged = await new SignJWT({ email: 'x@y.z', roles: ['admin'], aal: 'aal2', amr: [], session_id: 's', mfa: false })
      .setProtectedHeader({ alg: 'ES256', kid: 'test-key' })
      .setSubject('x')
      .setIssuer(identityIssuer(ORIGIN))
      .setAudience('croft')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(other.privateKey);
    expectError(await post(app, '/donations', body, forged), 401, 'invalid_token');
    expectError(await request(app).get('/api/venue/donations'), 401, 'not_authenticated');
    expectError(
      await request(app).get('/api/venue/donations').set('Authorization', `Bearer ${await token(['editor'])}`),
      403,
      'forbidden',
    );
    expect(await venue.models.donation.countDocuments()).toBe(0);
    expect(await totalNow()).toBe(0);
  });

  it('refuses hostile and malformed bodies with 400 and changes nothing', async () => {
    await donate({ amount_cents: 1000, note: 'Before' }).expect(201);
    const staff = await token(['staff']);
    const bad: unknown[] = [
      { amount_cents: 0, note: 'zero' },
      { amount_cents: -500, note: 'negative' },
      { amount_cents: 12.5, note: 'fraction' },
      { amount_cents: '500', note: 'string' },
      { amount_cents: 10_000_001, note: 'over the cap' },
      { amount_cents: { $gt: 0 }, note: 'operator' },
      { amount_cents: 500, note: { $ne: '' } },
      { amount_cents: 500, note: '   ' },
      { amount_cents: 500, note: 'x'.repeat(201) },
      { amount_cents: 500, note: 'ok', recorded_by: 'someone else' },
      { amount_cents: 500, note: 'ok', $inc: { combined_total_cents: 1 } },
      { amount_cents: 500, note: 'ok', request_id: 'bad id!' },
      { amount_cents: 500 },
      [],
    ];
    for (const body of bad) {
      expectError(await post(app, '/donations', body, staff), 400, 'invalid_request');
    }
    // Not a JSON object at all: the body parser refuses it.
    expectError(await post(app, '/donations', 'amount=500', staff), 400, 'invalid_json');
    expect(await venue.models.donation.countDocuments()).toBe(1);
    expect(await totalNow()).toBe(1000);
  });

  it('adds 100 donations recorded at once exactly', async () => {
    const staff = await token(['staff']);
    const amounts = Array.from({ length: 100 }, (_, i) => 100 + i);
    const responses = await Promise.all(amounts.map((amount_cents, i) => post(app, '/donations', { amount_cents, note: `Till ${i}` }, staff)));
    expect(responses.map((r) => r.status)).toEqual(amounts.map(() => 201));
    const expected = amounts.reduce((a, b) => a + b, 0);
    expect(await totalNow()).toBe(expected);
    expect(await venue.models.donation.countDocuments({ applied: true })).toBe(100);
    const total = await venue.models.total.findById(TOTAL_ID).lean();
    expect(total?.donation_count).toBe(100);
    expect(new Set(total?.applied_ids).size).toBe(100);
  });

  it('treats a retry with the same request_id as the same donation', async () => {
    const body = { amount_cents: 2500, note: 'Raffle', request_id: 'raffle-2026-11-21' };
    const first = recordDonationResponseSchema.parse((await donate(body).expect(201)).body);
    const again = recordDonationResponseSchema.parse((await donate(body).expect(200)).body);
    expect(again.created).toBe(false);
    expect(again.donation.id).toBe(first.donation.id);
    expect(again.combined_total_cents).toBe(2500);
    expect(await venue.models.donation.countDocuments()).toBe(1);
  });

  it('keeps a donation whose total update failed and adds it exactly once later', async () => {
    await donate({ amount_cents: 1000, note: 'Before' }).expect(201);
    const original = venue.models.total.updateOne.bind(venue.models.total);
    vi.spyOn(venue.models.total, 'updateOne').mockImplementationOnce(() => {
      throw new Error('primary stepped down');
    });
    const res = await donate({ amount_cents: 250, note: 'Lost?', request_id: 'retry-me-0001' });
    expect(expectError(res, 503, 'total_pending')).toBe(TOTAL_PENDING_MESSAGE);
    const stored = await venue.models.donation.findOne({ note: 'Lost?' }).lean();
    expect(stored).toMatchObject({ amount_cents: 250, applied: false });
    expect(await totalNow()).toBe(1000);
    vi.mocked(venue.models.total.updateOne).mockImplementation(original);

    // The staff member retries with the same request_id: recorded once, counted once.
    const retry = recordDonationResponseSchema.parse((await donate({ amount_cents: 250, note: 'Lost?', request_id: 'retry-me-0001' }).expect(200)).body);
    expect(retry.combined_total_cents).toBe(1250);
    // Any later donation catches up too, without counting it again.
    await donate({ amount_cents: 5, note: 'After' }).expect(201);
    expect(await totalNow()).toBe(1255);
    expect(await venue.models.donation.countDocuments()).toBe(3);
  });

  it('never counts a donation twice when marking it applied failed after the total changed', async () => {
    const original = venue.models.donation.updateOne.bind(venue.models.donation);
    vi.spyOn(venue.models.donation, 'updateOne').mockImplementationOnce(() => {
      throw new Error('connection reset');
    });
    const res = await donate({ amount_cents: 400, note: 'Half done' });
    expectError(res, 503, 'total_pending');
    vi.mocked(venue.models.donation.updateOne).mockImplementation(original);
    expect(await totalNow()).toBe(400);
    expect(await venue.models.donation.countDocuments({ applied: false })).toBe(1);

    expect(await venue.fund.applyPending()).toBe(1);
    expect(await totalNow()).toBe(400);
    expect(await venue.models.donation.countDocuments({ applied: false })).toBe(0);
    await donate({ amount_cents: 100, note: 'Next' }).expect(201);
    expect(await totalNow()).toBe(500);
  });

  it('rebuilds a lost total document from the donations', async () => {
    await donate({ amount_cents: 300, note: 'One' }).expect(201);
    await donate({ amount_cents: 700, note: 'Two' }).expect(201);
    await venue.models.total.deleteMany({});
    expect(await totalNow()).toBe(1000);
  });
});

describe('seed', () => {
  it('records the opening balance once, however often it runs', async () => {
    const expected = DONATION_SEED.reduce((a, d) => a + d.amount_cents, 0);
    expect(await venue.seed()).toEqual({ donationsInserted: DONATION_SEED.length, combined_total_cents: expected });
    // A restart: a fresh service over the same database.
    expect(await makeService().seed()).toEqual({ donationsInserted: 0, combined_total_cents: expected });
    expect(await totalNow()).toBe(expected);
    expect(expected).toBeGreaterThan(0);
    const opening = await venue.models.donation.findOne({ note: 'Opening balance' }).lean();
    expect(opening).toMatchObject({ recorded_by_sub: 'system', applied: true });
    expect(await venue.models.donation.countDocuments()).toBe(DONATION_SEED.length);
  });
});

describe('Common Good messages', () => {
  it('stores a message pending moderation', async () => {
    const res = await post(app, '/common-good/messages', {
      name: ' Priya ',
      email: ' Priya@Example.com ',
      message: '  The community fridge on Mead Street needs a new seal.  ',
    }).expect(201);
    const created = commonGoodMessageCreatedSchema.parse(res.body);
    const doc = await venue.models.message.findById(created.id).lean();
    expect(doc).toMatchObject({
      name: 'Priya',
      email: 'priya@example.com',
      message: 'The community fridge on Mead Street needs a new seal.',
      status: 'pending',
      created_at: clock.now(),
    });
  });

  it('accepts an anonymous message of exactly 250 characters and refuses 251', async () => {
    await post(app, '/common-good/messages', { message: 'a'.repeat(250) }).expect(201);
    const message = expectError(await post(app, '/common-good/messages', { message: 'a'.repeat(251) }), 400, 'invalid_request');
    expect(message).toContain('250');
    expect(await venue.models.message.countDocuments()).toBe(1);
  });

  it('refuses empty, hostile and malformed messages and stores nothing', async () => {
    const bad: unknown[] = [
      {},
      { message: '   ' },
      { message: { $ne: null } },
      { message: 42 },
      { message: 'hi', status: 'approved' },
      { message: 'hi', email: 'not-an-email' },
      { message: 'hi', email: 'x<v@x.com>' },
      { message: 'hi', name: 'n'.repeat(101) },
      { message: 'hi\u0000there' },
    ];
    for (const body of bad) expectError(await post(app, '/common-good/messages', body), 400, 'invalid_request');
    expect(await venue.models.message.countDocuments()).toBe(0);
  });

  it('limits messages per connection with a clear 429', async () => {
    const limited = makeApp(makeService({ rateLimits: { ...HIGH_LIMITS, messagesPerIp: { windowMs: 3_600_000, limit: 5 } } }));
    for (let i = 0; i < 5; i += 1) await post(limited, '/common-good/messages', { message: `Idea ${i}` }).expect(201);
    const res = await post(limited, '/common-good/messages', { message: 'One more' });
    expect(expectError(res, 429, 'rate_limited')).toBe(MESSAGE_LIMIT_MESSAGE);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await venue.models.message.countDocuments()).toBe(5);
  });

  it('lets staff list pending messages and approve or reject them', async () => {
    const ids: string[] = [];
    for (const [i, message] of ['Kids cooking club', 'Food bank van', 'Spam spam'].entries()) {
      clock.set(`2026-11-21T1${i}:00:00Z`);
      ids.push(commonGoodMessageCreatedSchema.parse((await post(app, '/common-good/messages', { message }).expect(201)).body).id);
    }
    const staff = await token(['staff'], 'mod@croft.example');
    const auth = { Authorization: `Bearer ${staff}` };
    const patch = (id: string, body: unknown, headers: Record<string, string> = auth) =>
      request(app).patch(`/api/venue/common-good/messages/${id}`).set('Origin', ORIGIN).set(headers).send(body as object);

    const approved = commonGoodMessageSchema.parse((await patch(ids[0], { status: 'approved' }).expect(200)).body);
    expect(approved).toMatchObject({ status: 'approved', moderated_by: 'mod@croft.example', message: 'Kids cooking club' });
    await patch(ids[2], { status: 'rejected' }).expect(200);

    const pending = await request(app).get('/api/venue/common-good/messages?status=pending').set(auth).expect(200);
    expect(commonGoodMessageListResponseSchema.parse(pending.body).items.map((m) => m.message)).toEqual(['Food bank van']);
    const all = await request(app).get('/api/venue/common-good/messages?limit=10').set(auth).expect(200);
    expect(commonGoodMessageListResponseSchema.parse(all.body).items.map((m) => m.message)).toEqual([
      'Spam spam',
      'Food bank van',
      'Kids cooking club',
    ]);

    expectError(await patch(ids[1], { status: 'pending' }), 400, 'invalid_request');
    expectError(await patch(ids[1], { status: { $ne: 'x' } }), 400, 'invalid_request');
    expectError(await patch('not-an-id', { status: 'approved' }), 400, 'invalid_request');
    expectError(await patch('0123456789abcdef01234567', { status: 'approved' }), 404, 'not_found');
    expectError(await patch(ids[1], { status: 'approved' }, {}), 401, 'not_authenticated');
    expectError(await patch(ids[1], { status: 'approved' }, { Authorization: `Bearer ${await token(['editor'])}` }), 403, 'forbidden');
    expectError(await request(app).get('/api/venue/common-good/messages'), 401, 'not_authenticated');
    expectError(await request(app).get('/api/venue/common-good/messages?status=spam').set(auth), 400, 'invalid_request');
    expect(await venue.models.message.findById(ids[1]).lean()).toMatchObject({ status: 'pending' });
  });
});

const booking = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tom Hughes',
  email: 'Tom@Example.com',
  phone: '0117 496 0123',
  date: '2026-12-04',
  time: '19:30',
  party_size: 8,
  occasion: 'birthday',
  message: 'Mum turns 60. Could we have the corner by the window?',
  ...overrides,
});

describe('POST /bookings', () => {
  it('stores the enquiry and emails the venue and the guest', async () => {
    const res = await post(app, '/bookings', booking()).expect(201);
    const answer = bookingResponseSchema.parse(res.body);
    expect(answer).toEqual({ id: expect.stringMatching(/^[a-f0-9]{24}$/), status: 'received', venue_email: 'sent', guest_email: 'sent' });

    const doc = await venue.models.booking.findById(answer.id).lean();
    expect(doc).toMatchObject({
      name: 'Tom Hughes',
      email: 'tom@example.com',
      date: '2026-12-04',
      time: '19:30',
      party_size: 8,
      occasion: 'birthday',
      status: 'new',
      venue_email: 'sent',
      guest_email: 'sent',
    });

    const toVenue = await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === VENUE_EMAIL));
    expect(toVenue.subject).toBe('Booking enquiry: Tom Hughes, 8 on 2026-12-04 at 19:30');
    expect(toVenue.text).toContain('Date: Friday 4 December 2026');
    expect(toVenue.text).toContain('Occasion: Birthday');
    expect(toVenue.text).toContain('Mum turns 60.');
    expect(toVenue.text).toContain(`Reference: ${answer.id}`);
    expect(String(toVenue.headers['reply-to'])).toContain('tom@example.com');

    const toGuest = await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === 'tom@example.com'));
    expect(toGuest.subject).toBe(GUEST_ACK_SUBJECT);
    expect(toGuest.text).toContain('Hi Tom Hughes,');
    expect(toGuest.text).toContain('Party size: 8');
    expect(toGuest.html).toContain('Mum turns 60.');
  });

  it('accepts the minimum (no time, phone or message) and escapes HTML in the emails', async () => {
    const res = await post(app, '/bookings', {
      name: '<b>Ann</b>',
      email: 'ann@example.com',
      date: '2026-11-21',
      party_size: 1,
      occasion: 'table',
    }).expect(201);
    expect(bookingResponseSchema.parse(res.body).venue_email).toBe('sent');
    const toGuest = await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === 'ann@example.com'));
    expect(toGuest.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(toGuest.html).not.toContain('<b>Ann</b>');
  });

  it('keeps the enquiry and says so when the mail cannot be sent', async () => {
    const broken: Mailer = { send: () => Promise.reject(new Error('ECONNREFUSED')), close: () => undefined };
    const offline = makeApp(makeService({ mailer: broken }));
    const res = await post(offline, '/bookings', booking()).expect(201);
    const answer = bookingResponseSchema.parse(res.body);
    expect(answer).toMatchObject({ status: 'received', venue_email: 'failed', guest_email: 'failed' });
    expect(await venue.models.booking.findById(answer.id).lean()).toMatchObject({
      email: 'tom@example.com',
      venue_email: 'failed',
      guest_email: 'failed',
    });
  });

  it('refuses dates in the past or more than a year ahead (venue clock)', async () => {
    const past = expectError(await post(app, '/bookings', booking({ date: '2026-11-20' })), 400, 'invalid_date');
    expect(past).toBe('Please choose today or a later date.');
    await post(app, '/bookings', booking({ date: '2027-11-21' })).expect(201);
    expectError(await post(app, '/bookings', booking({ date: '2027-11-22' })), 400, 'invalid_date');
    // In winter London is on UTC: 00:30 on the 22nd makes the 21st yesterday.
    clock.set('2026-11-22T00:30:00Z');
    expectError(await post(app, '/bookings', booking({ date: '2026-11-21' })), 400, 'invalid_date');
    // In summer, London is UTC+1: 23:30 UTC on 30 June is already 1 July at the venue.
    clock.set('2027-06-30T23:30:00Z');
    expectError(await post(app, '/bookings', booking({ date: '2027-06-30' })), 400, 'invalid_date');
    await post(app, '/bookings', booking({ date: '2027-07-01' })).expect(201);
    expect(await venue.models.booking.countDocuments()).toBe(2);
  });

  it('refuses malformed and hostile enquiries with 400 and stores nothing', async () => {
    const bad = [
      booking({ name: '' }),
      booking({ email: 'nope' }),
      booking({ email: 'v@x.com(1)' }),
      booking({ email: '<v@x.com>' }),
      booking({ email: 'x<v@x.com>' }),
      booking({ email: { $gt: '' } }),
      booking({ date: '2027-02-30' }),
      booking({ date: '04/12/2026' }),
      booking({ time: '25:00' }),
      booking({ time: '7pm' }),
      booking({ party_size: 0 }),
      booking({ party_size: 201 }),
      booking({ party_size: 2.5 }),
      booking({ party_size: '4' }),
      booking({ occasion: 'wedding-of-the-century' }),
      booking({ message: 'm'.repeat(1001) }),
      booking({ phone: 'call me' }),
      booking({ status: 'confirmed' }),
      { ...booking(), $where: 'sleep(1000)' },
    ];
    for (const body of bad) expectError(await post(app, '/bookings', body), 400, 'invalid_request');
    expect(await venue.models.booking.countDocuments()).toBe(0);
  });

  it('limits enquiries per email address', async () => {
    const limited = makeApp(makeService({ rateLimits: { ...HIGH_LIMITS, bookingsPerEmail: { windowMs: 3_600_000, limit: 2 } } }));
    await post(limited, '/bookings', booking()).expect(201);
    await post(limited, '/bookings', booking({ email: 'TOM@example.com ' })).expect(201);
    const res = await post(limited, '/bookings', booking());
    expect(expectError(res, 429, 'rate_limited')).toBe(BOOKING_EMAIL_LIMIT_MESSAGE);
    await post(limited, '/bookings', booking({ email: 'someone.else@example.com' })).expect(201);
    expect(await venue.models.booking.countDocuments()).toBe(3);
  });
});

describe('staff: booking enquiries and their mail', () => {
  /** The test mail server, switchable off (connection refused) and on again. */
  function switchableMailer(): Mailer & { down: boolean } {
    const switchable = {
      down: true,
      send: (message: Parameters<Mailer['send']>[0]) =>
        switchable.down
          ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED (tom@example.com)'), { code: 'ECONNECTION' }))
          : mailer.send(message),
      close: () => undefined,
    };
    return switchable;
  }
  const list = (target: Express, query = '', bearer?: string) => {
    const req = request(target).get(`/api/venue/bookings${query}`);
    if (bearer) req.set('Authorization', `Bearer ${bearer}`);
    return req;
  };
  const resend = (target: Express, id: string, bearer?: string, body?: unknown) => {
    const req = request(target).post(`/api/venue/bookings/${id}/resend`).set('Origin', ORIGIN);
    if (bearer) req.set('Authorization', `Bearer ${bearer}`);
    return body === undefined ? req : req.set('Content-Type', 'application/json').send(JSON.stringify(body));
  };

  it('lists enquiries newest first with each copy’s mail state, a page at a time, for staff only', async () => {
    const smtp = switchableMailer();
    const flaky = makeApp(makeService({ mailer: smtp }));
    const ids: string[] = [];
    for (const [i, name] of ['Ann', 'Bea', 'Cal'].entries()) {
      clock.set(`2026-11-21T1${i}:00:00Z`);
      smtp.down = i === 1;
      const res = await post(flaky, '/bookings', booking({ name, email: `${name.toLowerCase()}@example.com` })).expect(201);
      ids.push(bookingResponseSchema.parse(res.body).id);
    }

    expectError(await list(flaky), 401, 'not_authenticated');
    expectError(await list(flaky, '', 'not.a.jwt'), 401, 'invalid_token');
    expectError(await list(flaky, '', await token(['editor'])), 403, 'forbidden');
    expectError(await list(flaky, '', await token([])), 403, 'forbidden');

    const admin = await token(['admin'], 'ada@croft.example');
    const res = await list(flaky, '', admin).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const all = bookingListResponseSchema.parse(res.body);
    expect(all.next_cursor).toBeUndefined();
    expect(all.items.map((b) => b.name)).toEqual(['Cal', 'Bea', 'Ann']);
    const bea = all.items[1];
    expect(bea).toMatchObject({ id: ids[1], email: 'bea@example.com', party_size: 8, created_at: '2026-11-21T11:00:00.000Z' });
    expect(bea.mail.venue).toEqual({
      state: 'failed',
      attempts: 1,
      next_attempt_at: '2026-11-21T11:01:00.000Z',
      last_error: 'ECONNECTION',
    });
    expect(bea.mail.guest.state).toBe('failed');
    expect(all.items[0].mail.venue).toEqual({ state: 'sent', attempts: 1, sent_at: '2026-11-21T12:00:00.000Z' });

    const first = bookingListResponseSchema.parse((await list(flaky, '?limit=2', staffToken).expect(200)).body);
    expect(first.items.map((b) => b.name)).toEqual(['Cal', 'Bea']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = bookingListResponseSchema.parse((await list(flaky, `?limit=2&before=${first.next_cursor}`, staffToken).expect(200)).body);
    expect(second.items.map((b) => b.name)).toEqual(['Ann']);
    expect(second.next_cursor).toBeUndefined();

    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=yesterday', '?before[$gt]=0', '?status=failed', '?limit=1&limit=2']) {
      expectError(await list(flaky, query, staffToken), 400, 'invalid_request');
    }
  });

  it('resends the unsent copies now (staff), never a copy already sent', async () => {
    const smtp = switchableMailer();
    const logger = silentLogger();
    const info = vi.spyOn(logger, 'info');
    const flaky = makeApp(makeService({ mailer: smtp, logger }));
    const created = bookingResponseSchema.parse((await post(flaky, '/bookings', booking()).expect(201)).body);
    expect(created).toMatchObject({ venue_email: 'failed', guest_email: 'failed' });
    expect(await listEmails(maildev.webUrl)).toEqual([]);

    expectError(await resend(flaky, created.id), 401, 'not_authenticated');
    expectError(await resend(flaky, created.id, await token(['editor'])), 403, 'forbidden');
    expectError(await resend(flaky, 'not-an-id', staffToken), 400, 'invalid_request');
    expectError(await resend(flaky, created.id, staffToken, { copy: 'guest' }), 400, 'invalid_request');
    expectError(await resend(flaky, '0123456789abcdef01234567', staffToken), 404, 'not_found');

    // Still down: tried again, still failed, attempts counted.
    const stillDown = bookingResendResponseSchema.parse((await resend(flaky, created.id, staffToken).expect(200)).body);
    expect(stillDown.attempted).toEqual(['venue', 'guest']);
    expect(stillDown.booking.mail.venue).toMatchObject({ state: 'failed', attempts: 2, last_error: 'ECONNECTION' });

    smtp.down = false;
    const staff = await token(['staff'], 'sam@croft.example', 'user-sam');
    const res = await resend(flaky, created.id, staff, {}).expect(200);
    const answer = bookingResendResponseSchema.parse(res.body);
    expect(answer.attempted).toEqual(['venue', 'guest']);
    expect(answer.booking.mail.venue).toEqual({ state: 'sent', attempts: 3, sent_at: '2026-11-21T10:00:00.000Z' });
    expect(answer.booking.mail.guest.state).toBe('sent');
    await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === VENUE_EMAIL));
    await waitForEmail(maildev.webUrl, (e) => e.to.some((t) => t.address === 'tom@example.com'));
    // No audit store in this service: the log says who asked, by user id.
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ booking: created.id, staff_sub: 'user-sam', attempted: ['venue', 'guest'] }),
      'booking mail resend requested by staff',
    );

    expectError(await resend(flaky, created.id, staff), 409, 'already_sent');
    await makeService({ mailer: smtp }).retryBookingMail();
    expect(sent).toBe(2);
    expect(await venue.models.booking.findById(created.id).lean()).toMatchObject({ venue_email: 'sent', guest_email: 'sent' });
  });

  it('checks the token before the resend limit: anonymous requests never spend a staff member’s resends', async () => {
    const limited = makeApp(makeService({ rateLimits: { ...HIGH_LIMITS, resendsPerStaff: { windowMs: 60_000, limit: 3 } } }));
    const id = bookingResponseSchema.parse((await post(limited, '/bookings', booking()).expect(201)).body).id;
    for (let i = 0; i < 35; i += 1) expectError(await resend(limited, id), 401, 'not_authenticated');
    for (let i = 0; i < 5; i += 1) expectError(await resend(limited, id, 'a.b.c'), 401, 'invalid_token');
    // Staff writes without any limit of their own are not affected either.
    for (let i = 0; i < 35; i += 1) expectError(await post(limited, '/donations', { amount_cents: 100, note: 'x' }), 401, 'not_authenticated');
    await post(limited, '/donations', { amount_cents: 100, note: 'After the flood' }, staffToken).expect(201);

    // The staff member's own limit still holds, per user.
    expectError(await resend(limited, id, staffToken), 409, 'already_sent');
    expectError(await resend(limited, id, staffToken), 409, 'already_sent');
    expectError(await resend(limited, id, staffToken), 409, 'already_sent');
    expect(expectError(await resend(limited, id, staffToken), 429, 'rate_limited')).toBe(RESEND_LIMIT_MESSAGE);
    const colleague = await token(['staff'], 'kim@croft.example', 'user-kim');
    expectError(await resend(limited, id, colleague), 409, 'already_sent');
  });
});
