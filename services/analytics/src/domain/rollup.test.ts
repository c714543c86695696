import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, ORIGIN, PHONE_UA, ev, newId, startAnalyticsHarness, type AnalyticsHarness } from '../testing/harness';
import { ANALYTICS_ROLLUP_JOB } from './rollup';

// Fixtures on Monday 2026-11-23 (London = UTC in winter), counted by hand below.
const DAY = '2026-11-23';
const at = (time: string) => new Date(`${DAY}T${time}Z`).getTime();

let h: AnalyticsHarness;
beforeAll(async () => {
  h = await startAnalyticsHarness('rollup', { now: `${DAY}T09:00:00Z` });
  const post = async (ip: string, ua: string, body: object, headers: Record<string, string> = {}) => {
    h.clock.set((body as { events: { at: number }[] }).events.at(-1)!.at);
    await request(h.app).post('/api/analytics/events').set({ 'User-Agent': ua, Origin: ORIGIN, 'X-Forwarded-For': ip, ...headers }).send(body).expect(202);
  };
  // Visitor A (desktop, from Google): session 1, home (8 s) → menu (2 s, bounce), presses "Book a table" twice.
  const s1 = newId('s');
  const [a1, a2] = [newId('v'), newId('v')];
  await post('192.0.2.1', BROWSER_UA, {
    session_id: s1,
    events: [
      ev.start(at('09:00:00'), { referrer: 'https://www.google.com/search?q=croft', device_type: 'desktop', browser: 'Chrome' }),
      ev.view(at('09:00:00'), a1, '/'),
      ev.update(at('09:00:08'), a1, 8, 50),
      ev.journey(at('09:00:08'), '/', '/menu'),
      ev.view(at('09:00:08'), a2, '/menu'),
      ev.press(at('09:00:09'), '/menu', { element_text: 'Book a table', element_id: 'book' }),
      ev.press(at('09:00:10'), '/menu', { element_text: 'Book a table', element_id: 'book' }),
      ev.update(at('09:00:10'), a2, 2, 10),
    ],
  });
  // Visitor A again (same address + browser, same day), session 2: menu (20 s), press an unlabelled button with id.
  const s2 = newId('s');
  const b1 = newId('v');
  await post('192.0.2.1', BROWSER_UA, {
    session_id: s2,
    events: [
      ev.start(at('12:00:00'), { referrer: 'https://www.google.com/maps', device_type: 'desktop', browser: 'Chrome' }),
      ev.view(at('12:00:00'), b1, '/menu'),
      ev.press(at('12:00:05'), '/menu', { element_text: '', element_id: 'share' }),
      ev.update(at('12:00:20'), b1, 20, 100),
    ],
  });
  // Visitor B (phone, direct, signed in as ann): home (3 s) → events (30 s) → home (1 s).
  const s3 = newId('s');
  const [c1, c2, c3] = [newId('v'), newId('v'), newId('v')];
  await post(
    '192.0.2.2',
    PHONE_UA,
    {
      session_id: s3,
      events: [
        ev.start(at('18:00:00'), { device_type: 'mobile', browser: 'Safari', is_authenticated: true }),
        ev.view(at('18:00:00'), c1, '/'),
        ev.update(at('18:00:03'), c1, 3, 20),
        ev.journey(at('18:00:03'), '/', '/whats-on', 'nav'),
        ev.view(at('18:00:03'), c2, '/whats-on'),
        ev.update(at('18:00:33'), c2, 30, 80),
        ev.journey(at('18:00:33'), '/whats-on', '/', 'back'),
        ev.view(at('18:00:33'), c3, '/'),
        ev.update(at('18:00:34'), c3, 1, 5),
        ev.end(at('18:00:34')),
      ],
    },
    await h.auth('ann'),
  );
  // The next day (not part of DAY's figures): one view by visitor B as ann.
  await post('192.0.2.2', PHONE_UA, { session_id: newId('s'), events: [ev.start(at('23:59:59') + 60_000), ev.view(at('23:59:59') + 60_000, newId('v'), '/')] }, await h.auth('ann'));
});
afterAll(() => h.stop());

const expected = {
  totals: { visitors: 2, sessions: 3, page_views: 6, bounces: 3, time_sum: 8 + 2 + 20 + 3 + 30 + 1 },
  entry_pages: [
    { name: '/', count: 2 },
    { name: '/menu', count: 1 },
  ],
  exit_pages: [
    { name: '/menu', count: 2 },
    { name: '/', count: 1 },
  ],
  referrers: [
    { name: 'www.google.com', count: 2 },
    { name: '(direct)', count: 1 },
  ],
  devices: [
    { name: 'desktop', count: 2 },
    { name: 'mobile', count: 1 },
  ],
  browsers: [
    { name: 'Chrome', count: 2 },
    { name: 'Safari', count: 1 },
  ],
};

describe('daily roll-up', () => {
  it('counts a finished day exactly as by hand, and again the same (idempotent)', async () => {
    h.clock.set('2026-11-24T00:15:00Z');
    const first = await h.service.rollups.rollDay(DAY);
    expect(first.totals).toEqual(expected.totals);
    expect(first.entry_pages).toEqual(expected.entry_pages);
    expect(first.exit_pages).toEqual(expected.exit_pages);
    expect(first.referrers).toEqual(expected.referrers);
    expect(first.devices).toEqual(expected.devices);
    expect(first.browsers).toEqual(expected.browsers);
    expect(first.pages).toEqual([
      { path: '/', views: 3, time_sum: 12, bounces: 2 },
      { path: '/menu', views: 2, time_sum: 22, bounces: 1 },
      { path: '/whats-on', views: 1, time_sum: 30, bounces: 0 },
    ]);
    expect(new Set(first.journeys.map((j) => JSON.stringify(j)))).toEqual(
      new Set([
        { from: '/', to: '/menu', count: 1 },
        { from: '/', to: '/whats-on', count: 1 },
        { from: '/whats-on', to: '/', count: 1 },
      ].map((j) => JSON.stringify(j))),
    );
    expect(first.presses).toEqual([
      { page_path: '/menu', element: 'Book a table', count: 2 },
      { page_path: '/menu', element: '#share', count: 1 },
    ]);
    expect(first.members).toEqual({ active: 1, new: 1, page_views: 3, ids: ['user-ann'] });
    expect(first.final).toBe(false);

    const again = await h.service.rollups.rollDay(DAY);
    const strip = ({ rolled_at: _r, ...rest }: typeof first) => rest;
    expect(strip(again)).toEqual(strip(first));
    expect(await h.service.models.daily.countDocuments({ _id: DAY })).toBe(1);
  });

  it('runs as a platform job exactly once across two instances, catching up missed days and leaving today alone', async () => {
    await h.service.models.daily.deleteMany({});
    await h.service.models.member.deleteMany({});
    h.clock.set('2026-11-25T00:20:00Z');
    const second = await h.secondInstance();
    try {
      const [a, b] = await Promise.all([h.service.jobs.runDueNow(), second.service.jobs.runDueNow()]);
      const runs = [...a, ...b].filter((r) => r.name === ANALYTICS_ROLLUP_JOB);
      expect(runs).toHaveLength(1);
      expect(runs[0].outcome).toBe('ok');
      expect(await h.service.jobs.models.run.countDocuments({ service: 'analytics', name: ANALYTICS_ROLLUP_JOB })).toBe(1);
      // 400 days back to yesterday; today (25th) is not finished.
      expect(await h.service.models.daily.countDocuments({})).toBe(400);
      expect(await h.service.models.daily.findById('2026-11-25').lean()).toBeNull();
      const day = await h.service.models.daily.findById(DAY).lean();
      expect(day!.totals).toEqual(expected.totals);
      expect(day!.final).toBe(true);
      const next = await h.service.models.daily.findById('2026-11-24').lean();
      expect(next!.totals).toMatchObject({ visitors: 1, sessions: 1, page_views: 1 });
      // ann was first seen on the 23rd: active on the 24th, not new.
      expect(next!.members).toMatchObject({ active: 1, new: 0 });
      expect(next!.final).toBe(false);
      // Nothing due again until the next slot; when it comes, only the 24th (now final) is rolled again.
      h.clock.set('2026-11-25T00:40:00Z');
      expect(await h.service.rollups.catchUp()).toEqual([]);
      h.clock.set('2026-11-26T00:20:00Z');
      expect(await h.service.rollups.catchUp()).toEqual(['2026-11-24', '2026-11-25']);
    } finally {
      await second.stop();
    }
  });
});
