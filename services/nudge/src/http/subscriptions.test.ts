import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NUDGE_DEVICE_COOKIE, NUDGE_EMAIL_LINK_MESSAGE } from '@croft/contracts';
import { KEY_SECRET, ORIGIN, startNudgeHarness, type NudgeHarness } from '../testing/harness';

let h: NudgeHarness;
beforeAll(async () => {
  h = await startNudgeHarness('subscriptions');
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(async () => {
  h.mails.length = 0;
  await Promise.all([h.service.models.subscription.deleteMany({}), h.service.models.emailLink.deleteMany({})]);
});

function expectError(res: request.Response, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
}

/** The device cookie set by a subscribe, as a Cookie header. */
function deviceCookie(res: request.Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${NUDGE_DEVICE_COOKIE}=`));
  if (!set) throw new Error('no device cookie');
  return set.split(';')[0];
}

const subscribe = (browser = 'ada', extra: Record<string, unknown> = {}, headers: Record<string, string> = { Origin: ORIGIN }) =>
  request(h.app).post('/api/nudge/subscriptions').set(headers).send({ subscription: h.push.browser(browser).subscription, browser: 'Chrome on Android', ...extra });

describe('the VAPID key', () => {
  it('is made at first start, kept with the private key sealed, and the same for a second instance', async () => {
    const res = await request(h.app).get('/api/nudge/vapid-public-key');
    expect(res.status).toBe(200);
    const key = res.body.public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const stored = await h.service.models.key.findById('vapid').lean();
    const { privateKey } = await h.service.keys();
    expect(stored?.private_key.startsWith('enc:v1:')).toBe(true);
    expect(stored?.private_key).not.toContain(privateKey);
    const second = await h.secondInstance();
    try {
      expect((await request(second.app).get('/api/nudge/vapid-public-key')).body.public_key).toBe(key);
      expect((await second.service.keys()).privateKey).toBe(privateKey);
    } finally {
      await second.stop();
    }
    expect(KEY_SECRET).not.toBe(privateKey);
  });
});

describe('subscribing', () => {
  it('stores the browser with no member when signed out, and sets an httpOnly SameSite=Lax device cookie', async () => {
    const res = await subscribe('anon', { topics: ['Film & Cinema'] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.subscription).toMatchObject({ browser: 'Chrome on Android', topics: ['Film & Cinema'], linked: false, linked_via: null, last_success_at: null });
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith(NUDGE_DEVICE_COOKIE))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/nudge/);
    const stored = await h.service.models.subscription.findOne({}).lean();
    expect(stored).toMatchObject({ user_id: null, email: null, browser: 'Chrome on Android' });
    expect(stored?.created_at).toBeInstanceOf(Date);
    // The cookie names this subscription; its value is kept only as a hash.
    expect(stored?.device_hash).not.toBe(deviceCookie(res).split('=')[1]);
    const mine = await request(h.app).get('/api/nudge/subscriptions/mine').set('Cookie', deviceCookie(res));
    expect(mine.body.subscription.id).toBe(res.body.subscription.id);
    expect(mine.body.recent).toEqual([]);
    expect((await request(h.app).get('/api/nudge/subscriptions/mine')).body).toEqual({ subscription: null, recent: [] });
  });

  it('with a valid access token the subscription is the member’s; a bad token is refused and stores nothing', async () => {
    const res = await subscribe('ada', {}, await h.auth('ada'));
    expect(res.body.subscription).toMatchObject({ linked: true, linked_via: 'account' });
    expect(await h.service.models.subscription.findOne({}).lean()).toMatchObject({ user_id: 'user-ada', email: 'ada@example.com' });
    expectError(await subscribe('bob', {}, { Origin: ORIGIN, Authorization: 'Bearer a.b.c' }), 401, 'invalid_token');
    expect(await h.service.models.subscription.countDocuments()).toBe(1);
  });

  it('the same endpoint again updates it (topics, browser) rather than adding one', async () => {
    const browser = h.push.browser('same');
    await request(h.app).post('/api/nudge/subscriptions').set('Origin', ORIGIN).send({ subscription: browser.subscription, browser: 'Firefox' });
    const again = await request(h.app)
      .post('/api/nudge/subscriptions')
      .set('Origin', ORIGIN)
      .send({ subscription: browser.subscription, browser: 'Firefox on Linux', topics: ['Cooking Classes'] });
    expect(again.body.subscription).toMatchObject({ browser: 'Firefox on Linux', topics: ['Cooking Classes'] });
    expect(await h.service.models.subscription.countDocuments()).toBe(1);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const good = h.push.browser('bad').subscription;
    const cases: unknown[] = [
      { subscription: good, browser: 'Chrome', extra: 1 },
      { subscription: { ...good, endpoint: { $ne: 1 } }, browser: 'Chrome' },
      { subscription: { ...good, endpoint: 'javascript:alert(1)' }, browser: 'Chrome' },
      { subscription: { ...good, endpoint: 'http://push.example.com/x' }, browser: 'Chrome' },
      { subscription: { ...good, keys: { ...good.keys, auth: 'short' } }, browser: 'Chrome' },
      { subscription: { ...good, keys: { ...good.keys, extra: 'x' } }, browser: 'Chrome' },
      { subscription: good, browser: '' },
      { subscription: good, browser: 'Chrome', topics: ['Not an interest'] },
      { subscription: good, browser: 'Chrome', topics: ['Film & Cinema', 'Film & Cinema'] },
      { subscription: good, browser: { $gt: '' } },
    ];
    for (const body of cases) expectError(await request(h.app).post('/api/nudge/subscriptions').set('Origin', ORIGIN).send(body as object), 400, 'invalid_request');
    expect(await h.service.models.subscription.countDocuments()).toBe(0);
  });

  it('refuses a write from another origin', async () => {
    expectError(await subscribe('x', {}, { Origin: 'https://evil.example' }), 403, 'forbidden_origin');
    expect(await h.service.models.subscription.countDocuments()).toBe(0);
  });

  it('unsubscribe removes the subscription with that endpoint', async () => {
    const browser = h.push.browser('leaving');
    await request(h.app).post('/api/nudge/subscriptions').set('Origin', ORIGIN).send({ subscription: browser.subscription, browser: 'Safari' });
    const res = await request(h.app).post('/api/nudge/unsubscribe').set('Origin', ORIGIN).send({ endpoint: browser.subscription.endpoint });
    expect(res.body).toEqual({ removed: true });
    expect(await h.service.models.subscription.countDocuments()).toBe(0);
    expect((await request(h.app).post('/api/nudge/unsubscribe').set('Origin', ORIGIN).send({ endpoint: browser.subscription.endpoint })).body).toEqual({ removed: false });
    expectError(await request(h.app).post('/api/nudge/unsubscribe').set('Origin', ORIGIN).send({ endpoint: { $ne: null } }), 400, 'invalid_request');
  });
});

describe('auto-link-push-subscription', () => {
  it('links this browser’s subscription (named by its cookie) to the signed-in member', async () => {
    const res = await subscribe('later');
    const cookie = deviceCookie(res);
    const linked = await request(h.app).post('/api/nudge/auto-link-push-subscription').set(await h.auth('cara')).set('Cookie', cookie);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body).toEqual({ linked: true });
    expect(await h.service.models.subscription.findOne({}).lean()).toMatchObject({ user_id: 'user-cara', email: 'cara@example.com', linked_via: 'account' });
  });

  it('answers linked: false without a subscription in this browser, and needs a sign-in', async () => {
    expect((await request(h.app).post('/api/nudge/auto-link-push-subscription').set(await h.auth('cara'))).body).toEqual({ linked: false });
    expect((await request(h.app).post('/api/nudge/auto-link-push-subscription').set(await h.auth('cara')).set('Cookie', `${NUDGE_DEVICE_COOKIE}=forged`)).body).toEqual({ linked: false });
    expectError(await request(h.app).post('/api/nudge/auto-link-push-subscription').set('Origin', ORIGIN), 401, 'not_authenticated');
    expectError(await request(h.app).post('/api/nudge/auto-link-push-subscription').set(await h.auth('cara')).send({ linked: true }), 400, 'invalid_request');
  });
});

describe('linking by email (signed out)', () => {
  it('emails a one-time link; following it links the subscription to the address', async () => {
    const res = await subscribe('guest');
    const cookie = deviceCookie(res);
    const asked = await request(h.app).post('/api/nudge/subscriptions/email-link').set('Origin', ORIGIN).set('Cookie', cookie).send({ email: ' Dee@Example.com ' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toEqual({ sent: true, message: NUDGE_EMAIL_LINK_MESSAGE });
    expect(NUDGE_EMAIL_LINK_MESSAGE).toBe("You're in! Check your email to complete authentication and link your notifications.");
    expect(h.mails).toHaveLength(1);
    expect(h.mails[0].to).toBe('dee@example.com');
    const link = /(http:\/\/localhost:3000\/api\/nudge\/subscriptions\/email-link\/confirm\?token=[A-Za-z0-9_-]{43})/.exec(h.mails[0].text)?.[1];
    expect(link).toBeDefined();
    expect(await h.service.models.subscription.findOne({}).lean()).toMatchObject({ email: null, linked_via: null });
    const followed = await request(h.app).get(new URL(link!).pathname + new URL(link!).search);
    expect(followed.status).toBe(303);
    expect(followed.headers.location).toBe(`${ORIGIN}/notifications?linked=1`);
    expect(await h.service.models.subscription.findOne({}).lean()).toMatchObject({ email: 'dee@example.com', linked_via: 'email', user_id: null });
    // Once only.
    const again = await request(h.app).get(new URL(link!).pathname + new URL(link!).search);
    expect(again.headers.location).toBe(`${ORIGIN}/notifications?link=invalid`);
  });

  it('an expired or made-up link links nothing', async () => {
    const res = await subscribe('slow');
    await request(h.app).post('/api/nudge/subscriptions/email-link').set('Origin', ORIGIN).set('Cookie', deviceCookie(res)).send({ email: 'eve@example.com' });
    const link = new URL(/(http:\S+)/.exec(h.mails[0].text)![1]);
    h.clock.advance(24 * 60 * 60 * 1000 + 1);
    try {
      expect((await request(h.app).get(link.pathname + link.search)).headers.location).toBe(`${ORIGIN}/notifications?link=invalid`);
      expect((await request(h.app).get(`${link.pathname}?token=${'A'.repeat(43)}`)).headers.location).toBe(`${ORIGIN}/notifications?link=invalid`);
      expect(await h.service.models.subscription.findOne({}).lean()).toMatchObject({ email: null, linked_via: null });
    } finally {
      h.clock.set('2026-11-24T10:00:00Z');
    }
  });

  it('needs this browser’s subscription and a plain email address', async () => {
    expectError(await request(h.app).post('/api/nudge/subscriptions/email-link').set('Origin', ORIGIN).send({ email: 'fay@example.com' }), 404, 'subscription_not_found');
    const res = await subscribe('fay');
    for (const email of ['not an email', { $ne: '' }, 'Fay <fay@example.com>']) {
      expectError(await request(h.app).post('/api/nudge/subscriptions/email-link').set('Origin', ORIGIN).set('Cookie', deviceCookie(res)).send({ email }), 400, 'invalid_request');
    }
    expect(h.mails).toHaveLength(0);
  });
});
