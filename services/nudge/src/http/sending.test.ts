import { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NUDGE_DEVICE_COOKIE, NUDGE_RECENT_LIMIT, NUDGE_RETRY_DELAYS_MS } from '@croft/contracts';
import { AUDIT_EVENTS_COLLECTION, jobModel } from '@croft/service-kit';
import { decryptPush, verifyVapid, type TestBrowser } from '../testing/push-endpoint';
import { ORIGIN, startNudgeHarness, type NudgeHarness } from '../testing/harness';

const NOW = '2026-11-24T10:00:00Z';
let h: NudgeHarness;
beforeAll(async () => {
  h = await startNudgeHarness('sending', { now: NOW });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.clock.set(NOW);
  h.push.received.length = 0;
  h.members.clear();
  const m = h.service.models;
  await Promise.all([m.subscription.deleteMany({}), m.nudge.deleteMany({}), m.delivery.deleteMany({}), jobModel(h.mongo.connection).deleteMany({}), h.mongo.connection.collection(AUDIT_EVENTS_COLLECTION).deleteMany({})]);
});

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
}

let browsers = 0;
/** A browser with nudges on (its keys known to the test), optionally signed in as `member`. */
async function browserOn(options: { member?: string; topics?: string[] } = {}): Promise<TestBrowser & { cookie: string }> {
  browsers += 1;
  const browser = h.push.browser(`b${browsers}`);
  const headers = options.member ? await h.auth(options.member) : { Origin: ORIGIN };
  const res = await request(h.app)
    .post('/api/nudge/subscriptions')
    .set(headers)
    .send({ subscription: browser.subscription, browser: `Browser ${browsers}`, ...(options.topics ? { topics: options.topics } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${NUDGE_DEVICE_COOKIE}=`));
  if (!cookie) throw new Error('no device cookie');
  return Object.assign(browser, { cookie: cookie.split(';')[0] });
}

const NUDGE = { title: 'Cinema tickets are out', body: 'Book now: 50 seats.', url: '/hall' };

async function compose(body: Record<string, unknown>, who = 'sam') {
  return request(h.app).post('/api/nudge/staff/nudges').set(await h.staffAuth(who)).send(body);
}

async function detail(id: string) {
  const res = await request(h.app).get(`/api/nudge/staff/nudges/${id}`).set(await h.staffAuth('sam'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { nudge: { state: string; counts: Record<string, number> }; deliveries: { status: string; reason: string | null; status_code: number | null; attempts: number }[] };
}

describe('sending a nudge', () => {
  it('reaches every browser encrypted for its keys with a VAPID token for the push service; the log counts it', async () => {
    const a = await browserOn();
    const b = await browserOn({ member: 'ada' });
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ state: 'scheduled', audience: { kind: 'everyone' }, send_at: '2026-11-24T10:00:00.000Z', occurrence: 1, test: false });
    await h.service.jobs.runDueNow();
    const { publicKey } = await h.service.keys();
    for (const browser of [a, b]) {
      const [push] = h.push.received.filter((r) => r.path === browser.path);
      expect(push, browser.path).toBeDefined();
      const claims = await verifyVapid(push, h.push.origin, publicKey);
      expect(claims.sub).toBe('mailto:hello@croftcommon.co.uk');
      expect(push.headers.ttl).toBe('86400');
      expect(decryptPush(push, browser)).toEqual({ ...NUDGE, nudge_id: made.body.id });
      // Another browser's keys cannot read it.
      expect(() => decryptPush(push, browser === a ? b : a)).toThrow();
    }
    const log = await detail(made.body.id);
    expect(log.nudge).toMatchObject({ state: 'sent', counts: { targeted: 2, sent: 2, failed: 0, removed: 0, pending: 0, clicks: 0 } });
    expect(log.deliveries.map((d) => d.status)).toEqual(['sent', 'sent']);
    const subs = await h.service.models.subscription.find({}).lean();
    expect(subs.every((s) => s.last_success_at?.toISOString() === '2026-11-24T10:00:00.000Z')).toBe(true);
  });

  it('a browser that answers 404 or 410 is removed; a 400 fails without retry', async () => {
    const gone = await browserOn();
    const notFound = await browserOn();
    const refused = await browserOn();
    const fine = await browserOn();
    h.push.answer(gone.path, 410);
    h.push.answer(notFound.path, 404);
    h.push.answer(refused.path, 400);
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    const log = await detail(made.body.id);
    expect(log.nudge).toMatchObject({ state: 'sent', counts: { targeted: 4, sent: 1, failed: 1, removed: 2, pending: 0 } });
    expect(log.deliveries.filter((d) => d.status === 'removed').map((d) => d.reason).sort()).toEqual(['subscription gone (404)', 'subscription gone (410)']);
    expect(log.deliveries.find((d) => d.status === 'failed')).toMatchObject({ status_code: 400, attempts: 1 });
    const left = (await h.service.models.subscription.find({}).lean()).map((s) => s.endpoint).sort();
    expect(left).toEqual([refused.subscription.endpoint, fine.subscription.endpoint].sort());
    // The next nudge does not try the removed browsers.
    h.push.received.length = 0;
    await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    expect(h.push.received.map((r) => r.path).sort()).toEqual([refused.path, fine.path].sort());
  });

  it('GET /subscriptions/mine lists the nudges delivered to this browser, newest first; not failed ones, not other browsers\'', async () => {
    const mine = await browserOn();
    const other = await browserOn();
    const first = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    h.clock.set('2026-11-24T10:05:00Z');
    h.push.answer(other.path, 400);
    const second = await compose({ title: 'Lunch run closes in ten minutes', body: 'Order now.', url: 'https://example.com/lunch', audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    const res = await request(h.app).get('/api/nudge/subscriptions/mine').set('Cookie', mine.cookie).expect(200);
    expect(res.body.recent).toEqual([
      { nudge_id: second.body.id, title: 'Lunch run closes in ten minutes', body: 'Order now.', url: 'https://example.com/lunch', delivered_at: '2026-11-24T10:05:00.000Z' },
      { nudge_id: first.body.id, ...NUDGE, delivered_at: '2026-11-24T10:00:00.000Z' },
    ]);
    // The other browser's second push failed (400): only the first is listed for it.
    const theirs = await request(h.app).get('/api/nudge/subscriptions/mine').set('Cookie', other.cookie).expect(200);
    expect(theirs.body.recent.map((r: { nudge_id: string }) => r.nudge_id)).toEqual([first.body.id]);
    // At most NUDGE_RECENT_LIMIT, the newest.
    for (let i = 0; i < NUDGE_RECENT_LIMIT; i += 1) {
      h.clock.set(new Date(Date.parse('2026-11-24T11:00:00Z') + i * 60_000).toISOString());
      await compose({ ...NUDGE, title: `Nudge ${i}`, audience: { kind: 'everyone' } });
      await h.service.jobs.runDueNow();
    }
    const many = await request(h.app).get('/api/nudge/subscriptions/mine').set('Cookie', mine.cookie).expect(200);
    expect(many.body.recent).toHaveLength(NUDGE_RECENT_LIMIT);
    expect(many.body.recent[0].title).toBe(`Nudge ${NUDGE_RECENT_LIMIT - 1}`);
    expect(many.body.recent.at(-1).title).toBe('Nudge 0');
  });

  it('a 500 is tried again after the back-off and then succeeds; a dropped connection too', async () => {
    const flaky = await browserOn();
    const dropped = await browserOn();
    h.push.answer(flaky.path, 500);
    h.push.answer(dropped.path, 0);
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    let log = await detail(made.body.id);
    expect(log.nudge).toMatchObject({ state: 'sending', counts: { targeted: 2, sent: 0, pending: 2 } });
    expect(log.deliveries.every((d) => d.status === 'retrying' && d.attempts === 1)).toBe(true);
    expect(log.deliveries.map((d) => d.status_code).sort()).toEqual([500, null]);
    // Not before the back-off.
    h.clock.advance(NUDGE_RETRY_DELAYS_MS[0] - 1000);
    await h.service.jobs.runDueNow();
    expect(h.push.received).toHaveLength(2);
    h.clock.advance(1000);
    await h.service.jobs.runDueNow();
    log = await detail(made.body.id);
    expect(log.nudge).toMatchObject({ state: 'sent', counts: { sent: 2, pending: 0, failed: 0 } });
    expect(log.deliveries.every((d) => d.attempts === 2)).toBe(true);
    const { publicKey } = await h.service.keys();
    const second = h.push.received.filter((r) => r.path === flaky.path)[1];
    await verifyVapid(second, h.push.origin, publicKey);
    expect(decryptPush(second, flaky)).toMatchObject({ nudge_id: made.body.id });
  });

  it('gives up after the last retry, with the reason', async () => {
    const down = await browserOn();
    h.push.answer(down.path, 503, 503, 429, 502);
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    for (const wait of NUDGE_RETRY_DELAYS_MS) {
      h.clock.advance(wait);
      await h.service.jobs.runDueNow();
    }
    const log = await detail(made.body.id);
    expect(h.push.received.filter((r) => r.path === down.path)).toHaveLength(1 + NUDGE_RETRY_DELAYS_MS.length);
    expect(log.nudge).toMatchObject({ state: 'sent', counts: { failed: 1, sent: 0, pending: 0 } });
    expect(log.deliveries[0]).toMatchObject({ status: 'failed', status_code: 502, attempts: 4 });
    expect(log.deliveries[0].reason).toMatch(/502.*gave up after 4 attempts/);
    expect(await h.service.models.subscription.countDocuments()).toBe(1);
  });

  it('audiences: members (live newsletter members), one email, an interest', async () => {
    const ada = await browserOn({ member: 'ada' });
    const bob = await browserOn({ member: 'bob' });
    const film = await browserOn({ topics: ['Film & Cinema'] });
    const anon = await browserOn();
    h.members.add('ada@example.com');
    const sentTo = async (audience: object) => {
      h.push.received.length = 0;
      const made = await compose({ ...NUDGE, audience });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await h.service.jobs.runDueNow();
      return h.push.received.map((r) => r.path).sort();
    };
    expect(await sentTo({ kind: 'members' })).toEqual([ada.path]);
    expect(await sentTo({ kind: 'email', email: 'Bob@Example.com' })).toEqual([bob.path]);
    expect(await sentTo({ kind: 'interest', interest: 'Film & Cinema' })).toEqual([film.path]);
    expect(await sentTo({ kind: 'everyone' })).toEqual([ada.path, bob.path, film.path, anon.path].sort());
  });

  it('clicks are counted per nudge (public); an unknown nudge is 404', async () => {
    await browserOn();
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    for (let i = 0; i < 2; i += 1) {
      const res = await request(h.app).post(`/api/nudge/nudges/${made.body.id}/click`).set('Origin', ORIGIN);
      expect(res.body).toEqual({ counted: true });
    }
    expect((await detail(made.body.id)).nudge.counts.clicks).toBe(2);
    expectError(await request(h.app).post(`/api/nudge/nudges/${'0'.repeat(24)}/click`).set('Origin', ORIGIN), 404, 'nudge_not_found');
    expectError(await request(h.app).post('/api/nudge/nudges/not-an-id/click').set('Origin', ORIGIN), 400, 'invalid_request');
  });

  it('clicks are limited to 30 a minute per address; refused clicks are not counted', async () => {
    await h.mongo.connection.collection('rate_limits').deleteMany({});
    await browserOn();
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await request(h.app).post(`/api/nudge/nudges/${made.body.id}/click`).set('Origin', ORIGIN)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await detail(made.body.id)).nudge.counts.clicks).toBe(30);
    await h.mongo.connection.collection('rate_limits').deleteMany({});
  });

  it('a 429 with Retry-After waits that long before the next try', async () => {
    const busy = await browserOn();
    h.push.answer(busy.path, 429);
    h.push.retryAfter(busy.path, '600');
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' } });
    await h.service.jobs.runDueNow();
    h.clock.advance(NUDGE_RETRY_DELAYS_MS[0]);
    await h.service.jobs.runDueNow();
    expect(h.push.received.filter((r) => r.path === busy.path)).toHaveLength(1);
    expect((await detail(made.body.id)).deliveries[0]).toMatchObject({ status: 'retrying', status_code: 429 });
    h.clock.advance(600_000 - NUDGE_RETRY_DELAYS_MS[0]);
    await h.service.jobs.runDueNow();
    expect(h.push.received.filter((r) => r.path === busy.path)).toHaveLength(2);
    expect((await detail(made.body.id)).nudge).toMatchObject({ state: 'sent', counts: { sent: 1 } });
  });

  it('a test send goes to the staff member’s own browsers only', async () => {
    const mine = await browserOn({ member: 'sam' });
    await browserOn({ member: 'ada' });
    const staff = await h.staffAuth('sam');
    // Staff tokens here say sam@croftcommon.co.uk with sub user-sam: the browser linked as user-sam is theirs.
    const res = await request(h.app).post('/api/nudge/staff/test-send').set(staff).send(NUDGE);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.nudge).toMatchObject({ test: true, audience: { kind: 'test', user_id: 'user-sam' } });
    await h.service.jobs.runDueNow();
    expect(h.push.received.map((r) => r.path)).toEqual([mine.path]);
    expectError(await request(h.app).post('/api/nudge/staff/test-send').set(await h.staffAuth('nobody')).send(NUDGE), 409, 'no_subscriptions');
  });
});

describe('staff only, strict input', () => {
  it('members and strangers are refused; nothing is made', async () => {
    expectError(await request(h.app).post('/api/nudge/staff/nudges').set(await h.auth('ada')).send({ ...NUDGE, audience: { kind: 'everyone' } }), 403, 'forbidden');
    expectError(await request(h.app).post('/api/nudge/staff/nudges').set('Origin', ORIGIN).send({ ...NUDGE, audience: { kind: 'everyone' } }), 401, 'not_authenticated');
    expectError(await request(h.app).get('/api/nudge/staff/nudges').set(await h.auth('ada')), 403, 'forbidden');
    expectError(await request(h.app).post('/api/nudge/staff/test-send').set(await h.auth('ada')).send(NUDGE), 403, 'forbidden');
    expect(await h.service.models.nudge.countDocuments()).toBe(0);
  });

  it('bad nudges are a 400 and change nothing', async () => {
    const ok = { ...NUDGE, audience: { kind: 'everyone' } };
    const bad: Record<string, unknown>[] = [
      { ...ok, url: 'javascript:alert(1)' },
      { ...ok, url: 'JavaScript:alert(1)' },
      { ...ok, url: '//evil.example/x' },
      { ...ok, url: 'data:text/html,hi' },
      { ...ok, url: 'hall' },
      { ...ok, url: { $ne: 1 } },
      { ...ok, title: '' },
      { ...ok, title: 'x'.repeat(81) },
      { ...ok, title: { $ne: 1 } },
      { ...ok, extra: true },
      { ...ok, audience: { kind: 'everyone', $where: '1' } },
      { ...ok, audience: { kind: 'all' } },
      { ...ok, audience: { kind: 'email', email: { $ne: 1 } } },
      { ...ok, audience: { kind: 'interest', interest: 'Knitting' } },
      { ...ok, send_at: 'tomorrow' },
      { ...ok, repeat: { every: 'hourly', until: '2026-12-01T00:00:00Z' } },
    ];
    for (const body of bad) expectError(await compose(body), 400, 'invalid_request');
    expect(await h.service.models.nudge.countDocuments()).toBe(0);
    expect((await h.service.audit.list({ limit: 5 })).items.filter((e) => e.action.startsWith('nudge.composed'))).toHaveLength(0);
    // An absolute https address is fine.
    expect((await compose({ ...ok, url: 'https://croftcommon.co.uk/hall' })).status).toBe(201);
  });
});

describe('scheduled nudges', () => {
  it('go out exactly once at their time with two instances on one database', async () => {
    const browsersOn = await Promise.all([browserOn(), browserOn(), browserOn()]);
    const second = await h.secondInstance();
    try {
      const made = await compose({ ...NUDGE, audience: { kind: 'everyone' }, send_at: '2026-11-24T18:00:00Z' });
      expect(made.body).toMatchObject({ state: 'scheduled', send_at: '2026-11-24T18:00:00.000Z' });
      await Promise.all([h.service.jobs.runDueNow(), second.service.jobs.runDueNow()]);
      expect(h.push.received).toHaveLength(0);
      h.clock.set('2026-11-24T18:00:00Z');
      await Promise.all([h.service.jobs.runDueNow(), second.service.jobs.runDueNow(), h.service.jobs.runDueNow(), second.service.jobs.runDueNow()]);
      await Promise.all([h.service.jobs.runDueNow(), second.service.jobs.runDueNow()]);
      expect(h.push.received.map((r) => r.path).sort()).toEqual(browsersOn.map((b) => b.path).sort());
      const log = await detail(made.body.id);
      expect(log.nudge).toMatchObject({ state: 'sent', counts: { targeted: 3, sent: 3 } });
    } finally {
      await second.stop();
    }
  });

  it('a send taken over after a crash carries on: browsers already sent to are not sent to again', async () => {
    const done = await browserOn();
    const left = await browserOn();
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' }, send_at: '2026-11-24T18:00:00Z' });
    // The crashed run had moved the nudge to 'sending', written both deliveries and pushed to one.
    const id = new Types.ObjectId(made.body.id as string);
    await h.service.models.nudge.updateOne({ _id: id }, { $set: { state: 'sending' } });
    const subs = await h.service.models.subscription.find({}).lean();
    const stamp = new Date(NOW);
    await h.service.models.delivery.insertMany(
      subs.map((sub) => ({
        nudge_id: id,
        subscription_id: sub._id,
        browser: sub.browser,
        email: null,
        status: sub.endpoint === done.subscription.endpoint ? 'sent' : 'pending',
        attempts: sub.endpoint === done.subscription.endpoint ? 1 : 0,
        next_attempt_at: null,
        status_code: null,
        reason: null,
        updated_at: stamp,
      })),
    );
    await h.service.nudges.send(made.body.id);
    expect(h.push.received.map((r) => r.path)).toEqual([left.path]);
    expect((await detail(made.body.id)).nudge).toMatchObject({ state: 'sent', counts: { targeted: 2, sent: 2 } });
  });

  it('repeat daily until a date: one nudge per day, each sent once, then it stops', async () => {
    await browserOn();
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' }, send_at: '2026-11-24T12:00:00Z', repeat: { every: 'daily', until: '2026-11-26T12:00:00Z' } });
    expect(made.body.repeat).toEqual({ every: 'daily', until: '2026-11-26T12:00:00.000Z' });
    for (const day of ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']) {
      h.clock.set(`${day}T12:00:00Z`);
      await h.service.jobs.runDueNow();
    }
    const list = (await request(h.app).get('/api/nudge/staff/nudges').set(await h.staffAuth('sam'))).body.items as { occurrence: number; send_at: string; state: string; series_id: string }[];
    expect(list.map((n) => [n.occurrence, n.send_at, n.state]).sort()).toEqual([
      [1, '2026-11-24T12:00:00.000Z', 'sent'],
      [2, '2026-11-25T12:00:00.000Z', 'sent'],
      [3, '2026-11-26T12:00:00.000Z', 'sent'],
    ]);
    expect(new Set(list.map((n) => n.series_id))).toEqual(new Set([made.body.id]));
    expect(h.push.received).toHaveLength(3);
  });

  it('cancel stops a scheduled nudge (and its series); a sent one cannot be cancelled; audit-logged', async () => {
    await browserOn();
    const made = await compose({ ...NUDGE, audience: { kind: 'everyone' }, send_at: '2026-11-24T18:00:00Z', repeat: { every: 'weekly', until: '2026-12-31T00:00:00Z' } });
    const staff = await h.staffAuth('sam');
    const cancelled = await request(h.app).post(`/api/nudge/staff/nudges/${made.body.id}/cancel`).set(staff);
    expect(cancelled.body).toMatchObject({ state: 'cancelled' });
    h.clock.set('2026-12-31T00:00:00Z');
    await h.service.jobs.runDueNow();
    expect(h.push.received).toHaveLength(0);
    expect(await h.service.models.nudge.countDocuments()).toBe(1);
    expectError(await request(h.app).post(`/api/nudge/staff/nudges/${made.body.id}/cancel`).set(staff), 409, 'not_cancellable');
    expectError(await request(h.app).post(`/api/nudge/staff/nudges/${'0'.repeat(24)}/cancel`).set(staff), 404, 'nudge_not_found');
    const log = await h.service.audit.list({ limit: 5 });
    expect(log.items.map((e) => e.action)).toEqual(['nudge.cancelled', 'nudge.composed']);
    expect(log.items[1].detail).toContain("'Cinema tickets are out' to everyone, at 2026-11-24T18:00:00.000Z, weekly until 2026-12-31T00:00:00.000Z → /hall");
    expect(log.items[1].actor).toMatchObject({ email: 'sam@croftcommon.co.uk' });
    // Admins read it for /admin/audit; staff may not.
    const adminToken = await h.adminAuth('ann');
    const page = await request(h.app).get('/api/nudge/audit?limit=1').set(adminToken);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.items.map((e: { action: string }) => e.action)).toEqual(['nudge.cancelled']);
    expectError(await request(h.app).get('/api/nudge/audit').set(staff), 403, 'forbidden');
  });
});
