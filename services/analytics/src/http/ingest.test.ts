import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_BODY_MAX_BYTES, ANALYTICS_RAW_RETENTION_DAYS } from '@croft/contracts';
import { BROWSER_UA, ORIGIN, PHONE_UA, ev, newId, startAnalyticsHarness, type AnalyticsHarness } from '../testing/harness';

let h: AnalyticsHarness;
beforeAll(async () => {
  h = await startAnalyticsHarness('ingest');
});
afterAll(() => h.stop());

const now = () => h.clock.now().getTime();
const post = (body: unknown, headers: Record<string, string> = {}) =>
  request(h.app).post('/api/analytics/events').set({ 'User-Agent': BROWSER_UA, Origin: ORIGIN, 'X-Forwarded-For': '203.0.113.7', ...headers }).send(body as object);
const counts = async () => ({
  sessions: await h.service.models.session.countDocuments({}),
  views: await h.service.models.pageView.countDocuments({}),
  journeys: await h.service.models.journey.countDocuments({}),
  presses: await h.service.models.interaction.countDocuments({}),
});

describe('POST /events: hostile input', () => {
  const good = () => ({ session_id: newId('s'), events: [ev.view(now(), newId('v'), '/')] });
  it.each([
    ['an unknown top-level field', () => ({ ...good(), extra: 1 })],
    ['an unknown event field', () => ({ session_id: newId('s'), events: [{ ...ev.view(now(), newId('v'), '/'), secret: 'x' }] })],
    ['an operator object', () => ({ session_id: { $ne: null }, events: [ev.view(now(), newId('v'), '/')] })],
    ['an operator key inside an event', () => ({ session_id: newId('s'), events: [{ ...ev.press(now(), '/'), additional_data: { $where: 'x' } }] })],
    ['a wrong type', () => ({ session_id: newId('s'), events: [{ ...ev.view(now(), newId('v'), '/'), at: 'yesterday' }] })],
    ['an unknown event type', () => ({ session_id: newId('s'), events: [{ type: 'purchase', at: now() }] })],
    ['a path that is not on this site', () => ({ session_id: newId('s'), events: [ev.view(now(), newId('v'), 'https://evil.example/')] })],
    ['element text over 100 characters', () => ({ session_id: newId('s'), events: [ev.press(now(), '/', { element_text: 'x'.repeat(101) })] })],
    ['more than 50 events', () => ({ session_id: newId('s'), events: Array.from({ length: 51 }, () => ev.journey(now(), '/', '/menu')) })],
    ['no events', () => ({ session_id: newId('s'), events: [] })],
    ['a short session id', () => ({ session_id: 'abc', events: [ev.end(now())] })],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const before = await counts();
    const res = await post(body());
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(await counts()).toEqual(before);
  });

  it('answers 413 payload_too_large above the body limit, before reading it', async () => {
    const before = await counts();
    const big = { session_id: newId('s'), events: [ev.press(now(), '/', { element_class: 'x'.repeat(200) })], pad: 'x'.repeat(ANALYTICS_BODY_MAX_BYTES) };
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await counts()).toEqual(before);
  });

  it('limits each address (600 a minute) with 429 rate_limited', async () => {
    const address = '198.51.100.99';
    const statuses: number[] = [];
    for (let i = 0; i < 605; i += 1) statuses.push((await post({ session_id: 's'.repeat(16), events: [ev.end(now())] }, { 'X-Forwarded-For': address, 'User-Agent': 'Googlebot/2.1' })).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(600);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
  }, 60_000);
});

describe('POST /events: bots and opt-outs are dropped', () => {
  it.each([
    ['a crawler', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['headless Chrome', { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36' }],
    ['no user agent', { 'User-Agent': '' }],
    ['Global Privacy Control', { 'Sec-GPC': '1' }],
    ['Do Not Track', { DNT: '1' }],
  ])('%s: 202 dropped, nothing stored', async (_name, headers) => {
    const before = await counts();
    const sid = newId('s');
    const res = await post({ session_id: sid, events: [ev.start(now()), ev.view(now(), newId('v'), '/'), ev.journey(now(), '/', '/menu'), ev.press(now(), '/')] }, headers);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 0, dropped: true });
    expect(await counts()).toEqual(before);
  });

  it('drops the page-end beacon of a bot too (204, nothing changed)', async () => {
    const sid = newId('s');
    const vid = newId('v');
    await post({ session_id: sid, events: [ev.view(now(), vid, '/menu')] }).expect(202);
    await request(h.app).post('/api/analytics/page-end').set({ 'User-Agent': 'HeadlessChrome/120', Origin: ORIGIN }).send({ sessionId: sid, pagePath: '/menu', timeSpent: 30, scrollDepth: 80, viewId: vid }).expect(204);
    const view = await h.service.models.pageView.findOne({ session_id: sid }).lean();
    expect(view).toMatchObject({ time_spent_seconds: 0, is_bounce: true });
  });
});

describe('POST /events: storage', () => {
  it('stores a batch: session, views, journey, press; the same batch again adds no views', async () => {
    const sid = newId('s');
    const v1 = newId('v');
    const v2 = newId('v');
    const t = now() - 60_000;
    const batch = {
      session_id: sid,
      events: [
        ev.start(t, { referrer: 'https://www.google.com/search?q=croft', device_type: 'mobile', browser: 'Safari', os: 'iOS' }),
        ev.view(t, v1, '/', { referrer: 'https://www.google.com/search?q=croft' }),
        ev.update(t + 3_000, v1, 3, 40),
        ev.journey(t + 3_000, '/', '/menu', 'link'),
        ev.view(t + 3_000, v2, '/menu'),
        ev.press(t + 10_000, '/menu', { element_id: 'book', element_text: 'Book a table', additional_data: { table: 4 } }),
        ev.update(t + 20_000, v2, 17, 90),
      ],
    };
    const res = await post(batch, { 'User-Agent': PHONE_UA });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ accepted: 7, dropped: false });
    const session = await h.service.models.session.findOne({ session_id: sid }).lean();
    // The referrer without its query string (search words stay with the visitor).
    expect(session).toMatchObject({ user_id: null, user_agent: PHONE_UA, referrer: 'https://www.google.com/search', referrer_host: 'www.google.com', device_type: 'mobile', browser: 'Safari', os: 'iOS', is_authenticated: false, ended_at: null });
    expect(session!.started_at.getTime()).toBe(t);
    expect(JSON.stringify(session)).not.toContain('203.0.113.7');
    const views = await h.service.models.pageView.find({ session_id: sid }).sort({ viewed_at: 1 }).lean();
    expect(views.map((v) => [v.page_path, v.time_spent_seconds, v.scroll_depth_percent, v.is_bounce])).toEqual([
      ['/', 3, 40, true],
      ['/menu', 17, 90, false],
    ]);
    expect(await h.service.models.journey.find({ session_id: sid }, { _id: 0, from_page: 1, to_page: 1, transition_type: 1 }).lean()).toEqual([{ from_page: '/', to_page: '/menu', transition_type: 'link' }]);
    expect(await h.service.models.interaction.findOne({ session_id: sid }).lean()).toMatchObject({ page_path: '/menu', element_id: 'book', element_text: 'Book a table', additional_data: { table: 4 }, coordinates: { x: 10, y: 20 } });

    await post(batch, { 'User-Agent': PHONE_UA }).expect(202);
    expect(await h.service.models.pageView.countDocuments({ session_id: sid })).toBe(2);
    await post({ session_id: sid, events: [ev.end(t + 30_000)] }, { 'User-Agent': PHONE_UA }).expect(202);
    expect((await h.service.models.session.findOne({ session_id: sid }).lean())!.ended_at!.getTime()).toBe(t + 30_000);
  });

  it('batches arriving together are written together, each answered once its rows are stored', async () => {
    const sid = newId('s');
    const others = Array.from({ length: 12 }, () => newId('s'));
    const t = now() - 5_000;
    const responses = await Promise.all([
      post({ session_id: sid, events: [ev.start(t, { browser: 'Firefox' }), ev.view(t, newId('v'), '/a')] }),
      ...Array.from({ length: 6 }, (_, i) => post({ session_id: sid, events: [ev.view(t + i + 1, newId('v'), `/p${i}`), ev.journey(t + i + 1, '/a', `/p${i}`)] })),
      ...others.map((other) => post({ session_id: other, events: [ev.view(t, newId('v'), '/'), ev.press(t, '/')] })),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(19).fill(202));
    expect(await h.service.models.session.countDocuments({ session_id: sid })).toBe(1);
    expect(await h.service.models.session.findOne({ session_id: sid }).lean()).toMatchObject({ browser: 'Firefox', started_at: new Date(t) });
    expect(await h.service.models.pageView.countDocuments({ session_id: sid })).toBe(7);
    expect(await h.service.models.journey.countDocuments({ session_id: sid })).toBe(6);
    expect(await h.service.models.interaction.countDocuments({ session_id: { $in: others } })).toBe(12);
  });

  it('never stores a query string or fragment: not in page paths, journeys, referrers or the beacon\'s page', async () => {
    const sid = newId('s');
    const v = newId('v');
    const t = now() - 10_000;
    await post({
      session_id: sid,
      events: [
        ev.start(t, { referrer: 'https://mail.example/inbox?token=abc#m1' }),
        ev.view(t, v, '/login?token=secret#code', { referrer: '/cafe?q=mine', page_title: 'Sign in' }),
        ev.journey(t, '/cafe?q=mine', '/login?token=secret', 'link'),
        ev.press(t, '/login?token=secret'),
      ],
    }).expect(202);
    await request(h.app)
      .post('/api/analytics/page-end')
      .set({ 'User-Agent': BROWSER_UA, Origin: ORIGIN, 'X-Forwarded-For': '203.0.113.7' })
      .send({ sessionId: sid, pagePath: '/login?token=secret', timeSpent: 9, scrollDepth: 50 })
      .expect(204);
    const stored = JSON.stringify([
      await h.service.models.session.find({ session_id: sid }).lean(),
      await h.service.models.pageView.find({ session_id: sid }).lean(),
      await h.service.models.journey.find({ session_id: sid }).lean(),
      await h.service.models.interaction.find({ session_id: sid }).lean(),
    ]);
    expect(stored).not.toMatch(/token|secret|q=mine|#/);
    const [view] = await h.service.models.pageView.find({ session_id: sid }).lean();
    expect(view).toMatchObject({ page_path: '/login', referrer: '/cafe', time_spent_seconds: 9, scroll_depth_percent: 50 });
    expect((await h.service.models.session.findOne({ session_id: sid }).lean())!.referrer).toBe('https://mail.example/inbox');
  });

  it('clamps browser times to the server clock: never in the future, at most a day old', async () => {
    const sid = newId('s');
    await post({ session_id: sid, events: [ev.view(now() + 3_600_000, newId('v'), '/future'), ev.view(0, newId('v'), '/ancient')] }).expect(202);
    const views = await h.service.models.pageView.find({ session_id: sid }).lean();
    const at = Object.fromEntries(views.map((v) => [v.page_path, v.viewed_at.getTime()]));
    expect(at['/future']).toBe(now());
    expect(at['/ancient']).toBe(now() - 24 * 3_600_000);
  });

  it('attaches the user id of a valid token; a bad token is simply anonymous', async () => {
    const member = newId('s');
    await post({ session_id: member, events: [ev.start(now()), ev.view(now(), newId('v'), '/members')] }, await h.auth('ann')).expect(202);
    expect(await h.service.models.session.findOne({ session_id: member }).lean()).toMatchObject({ user_id: 'user-ann', is_authenticated: true });
    expect(await h.service.models.pageView.findOne({ session_id: member }).lean()).toMatchObject({ user_id: 'user-ann' });

    for (const authorization of ['Bearer not.a.token', 'Basic abc', 'Bearer aaa.bbb.ccc']) {
      const sid = newId('s');
      const res = await post({ session_id: sid, events: [ev.start(now()), ev.view(now(), newId('v'), '/')] }, { Authorization: authorization });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ accepted: 2, dropped: false });
      expect(await h.service.models.pageView.findOne({ session_id: sid }).lean()).toMatchObject({ user_id: null });
    }
  });

  it('the page-end beacon sets time, scroll (the largest) and bounce; by view id or by the latest view of the page', async () => {
    const sid = newId('s');
    const vid = newId('v');
    await post({ session_id: sid, events: [ev.view(now() - 10_000, newId('v'), '/whats-on'), ev.view(now(), vid, '/whats-on'), ev.update(now(), vid, 2, 60)] }).expect(202);
    const beacon = (body: object, headers: Record<string, string> = {}) =>
      request(h.app).post('/api/analytics/page-end').set({ 'User-Agent': BROWSER_UA, Origin: ORIGIN, ...headers }).send(body);
    await beacon({ sessionId: sid, pagePath: '/whats-on', timeSpent: 4, scrollDepth: 30, viewId: vid }).expect(204);
    let view = await h.service.models.pageView.findOne({ session_id: sid, view_id: vid }).lean();
    expect(view).toMatchObject({ time_spent_seconds: 4, scroll_depth_percent: 60, is_bounce: true });
    // The spec's four fields only (sent as text/plain, as sendBeacon does with a string).
    await request(h.app)
      .post('/api/analytics/page-end')
      .set({ 'User-Agent': BROWSER_UA, Origin: ORIGIN, 'Content-Type': 'text/plain;charset=UTF-8' })
      .send(JSON.stringify({ sessionId: sid, pagePath: '/whats-on', timeSpent: 42, scrollDepth: 100 }))
      .expect(204);
    view = await h.service.models.pageView.findOne({ session_id: sid, view_id: vid }).lean();
    expect(view).toMatchObject({ time_spent_seconds: 42, scroll_depth_percent: 100, is_bounce: false });
    // An older, smaller figure arriving late changes nothing.
    await beacon({ sessionId: sid, pagePath: '/whats-on', timeSpent: 3, scrollDepth: 10, viewId: vid }).expect(204);
    expect(await h.service.models.pageView.findOne({ session_id: sid, view_id: vid }).lean()).toMatchObject({ time_spent_seconds: 42, is_bounce: false });
    await beacon({ sessionId: sid, pagePath: '/whats-on', timeSpent: 3, scrollDepth: 10, extra: 1 }).expect(400);
    await beacon({ sessionId: { $gt: '' }, pagePath: '/whats-on', timeSpent: 3, scrollDepth: 10 }).expect(400);
  });
});

describe('visitors', () => {
  it('same address and browser on one day are one visitor; another address, browser or day is another', async () => {
    const hash = async (ip: string, ua: string) => {
      const sid = newId('s');
      await post({ session_id: sid, events: [ev.view(now(), newId('v'), '/')] }, { 'X-Forwarded-For': ip, 'User-Agent': ua }).expect(202);
      return (await h.service.models.pageView.findOne({ session_id: sid }).lean())!.visitor;
    };
    const a = await hash('192.0.2.10', BROWSER_UA);
    expect(await hash('192.0.2.10', BROWSER_UA)).toBe(a);
    expect(await hash('192.0.2.11', BROWSER_UA)).not.toBe(a);
    expect(await hash('192.0.2.10', PHONE_UA)).not.toBe(a);
    expect(a).not.toContain('192.0.2.10');
    h.clock.advance(24 * 3_600_000);
    try {
      expect(await hash('192.0.2.10', BROWSER_UA)).not.toBe(a);
    } finally {
      h.clock.advance(-24 * 3_600_000);
    }
    // One salt per London day, made once.
    expect(await h.service.models.salt.countDocuments({})).toBe(2);
  });
});

describe('retention', () => {
  it('declares TTL indexes: raw rows after 13 months, salts after two days', async () => {
    const ttl = async (collection: string) =>
      (await h.mongo.connection.db!.collection(collection).indexes()).filter((i) => i.expireAfterSeconds !== undefined).map((i) => [Object.keys(i.key)[0], i.expireAfterSeconds]);
    const raw = ANALYTICS_RAW_RETENTION_DAYS * 86_400;
    for (const collection of ['user_sessions', 'page_views', 'user_journeys', 'user_interactions']) expect(await ttl(collection)).toEqual([['recorded_at', raw]]);
    expect(await ttl('analytics_salts')).toEqual([['created_at', 2 * 86_400]]);
    expect(await ttl('analytics_daily')).toEqual([]);
  });

  it('the store removes raw rows once their time has passed', async () => {
    const sid = newId('s');
    const old = new Date(Date.now() - (ANALYTICS_RAW_RETENTION_DAYS * 86_400 + 60) * 1000);
    await h.service.models.journey.insertMany([{ session_id: sid, user_id: null, from_page: '/', to_page: '/old', transition_type: 'link', at: old, recorded_at: old }]);
    await expect.poll(() => h.service.models.journey.countDocuments({ session_id: sid }), { timeout: 15_000, interval: 200 }).toBe(0);
  });
});
