import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ERROR_MESSAGES, ANALYTICS_TABLE_COLUMNS } from '@croft/contracts';
import { BROWSER_UA, ORIGIN, PHONE_UA, ev, newId, startAnalyticsHarness, type AnalyticsHarness } from '../testing/harness';

// Two finished days (21st, 22nd, rolled up) and today (23rd, live from the raw rows), London = UTC in November.
let h: AnalyticsHarness;
let staff: Record<string, string>;
const sessions: Record<string, string> = {};
const windows: { from: Date; to: Date }[] = [];

async function visit(day: string, time: string, ip: string, ua: string, pages: string[], headers: Record<string, string> = {}, press?: string) {
  const t0 = new Date(`${day}T${time}Z`).getTime();
  const sid = newId('s');
  const events = [ev.start(t0, { referrer: 'https://news.example.org/a', device_type: ua === PHONE_UA ? 'mobile' : 'desktop', browser: ua === PHONE_UA ? 'Safari' : 'Chrome' })];
  pages.forEach((page, i) => {
    const vid = newId('v');
    events.push(ev.view(t0 + i * 10_000, vid, page), ev.update(t0 + i * 10_000 + 9_000, vid, 9, 50));
    if (i > 0) events.push(ev.journey(t0 + i * 10_000, pages[i - 1], page));
  });
  if (press) events.push(ev.press(t0 + 1_000, pages[0], { element_text: press }));
  h.clock.set(t0 + pages.length * 10_000);
  await request(h.app).post('/api/analytics/events').set({ 'User-Agent': ua, Origin: ORIGIN, 'X-Forwarded-For': ip, ...headers }).send({ session_id: sid, events }).expect(202);
  return sid;
}

beforeAll(async () => {
  h = await startAnalyticsHarness('dashboard', {
    now: '2026-11-21T08:00:00Z',
    borrowed: {
      membersByInterest: async () => [
        { interest: 'Wine Tastings & Masterclasses', members: 12 },
        { interest: 'not-an-interest', members: 99 },
      ],
      loyaltyStats: async (window) => {
        windows.push(window);
        return { punches: 40, rewards: 3 };
      },
      gateUnlockStats: async () => ({ passkey: 5, link: 2, email: 1 }),
      cinemaStats: async () => {
        throw new Error('cinema is down');
      },
    },
  });
  staff = await h.staffAuth('sam');
  const ann = await h.auth('ann');
  const bob = await h.auth('bob');
  sessions.a = await visit('2026-11-21', '10:00:00', '192.0.2.1', BROWSER_UA, ['/', '/menu'], {}, 'Book a table');
  sessions.b = await visit('2026-11-21', '11:00:00', '192.0.2.2', PHONE_UA, ['/'], ann);
  sessions.c = await visit('2026-11-22', '10:00:00', '192.0.2.1', BROWSER_UA, ['/menu', '/', '/whats-on'], bob, '=HYPERLINK("x"), "quoted"');
  h.clock.set('2026-11-23T00:30:00Z');
  await h.service.rollups.catchUp();
  sessions.d = await visit('2026-11-23', '09:00:00', '192.0.2.3', PHONE_UA, ['/', '/menu'], ann, 'Book a table');
  h.clock.set('2026-11-23T12:00:00Z');
});
afterAll(() => h.stop());

const get = (path: string, headers: Record<string, string> = staff) => request(h.app).get(`/api/analytics${path}`).set(headers);

describe('staff only', () => {
  it.each(['/staff/overview?from=2026-11-21&to=2026-11-23', '/staff/members?from=2026-11-21&to=2026-11-23', '/staff/tables/page_views?from=2026-11-21&to=2026-11-23'])('%s: 401 without a token, 403 for a member', async (path) => {
    expect((await get(path, {})).status).toBe(401);
    expect((await get(path, await h.auth('ann'))).status).toBe(403);
    expect((await get(path, await h.adminAuth('ada'))).status).toBe(200);
  });

  it.each([
    ['from after to', '/staff/overview?from=2026-11-23&to=2026-11-21'],
    ['more than 366 days', '/staff/members?from=2025-01-01&to=2026-01-02'],
    ['on a table', '/staff/tables/user_sessions?from=2026-11-23&to=2026-11-22'],
  ])('400 range_invalid: %s', async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'range_invalid', message: ANALYTICS_ERROR_MESSAGES.range_invalid });
  });

  it.each(['/staff/overview?from=2026-11-21', '/staff/overview?from=2026-11-21&to=2026-11-23&x=1', '/staff/overview?from[$gt]=a&to=2026-11-23', '/staff/tables/secrets?from=2026-11-21&to=2026-11-23', '/staff/tables/page_views?from=2026-11-21&to=2026-11-23&limit=999'])(
    '400 invalid_request: %s',
    async (path) => {
      expect((await get(path)).body.error.code).toBe('invalid_request');
    },
  );
});

describe('GET /staff/overview', () => {
  it('adds finished days (aggregates) and today (raw), compares with the previous range', async () => {
    const res = await get('/staff/overview?from=2026-11-22&to=2026-11-23');
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.range).toEqual({ from: '2026-11-22', to: '2026-11-23' });
    expect(o.previous_range).toEqual({ from: '2026-11-20', to: '2026-11-21' });
    // 22nd: one visitor, one session, 3 views; 23rd (live): one visitor, one session, 2 views. All 9 s: no bounces.
    expect(o.totals).toEqual({ visitors: 2, sessions: 2, page_views: 5, bounce_rate: 0, avg_time_seconds: 9 });
    expect(o.previous_totals).toEqual({ visitors: 2, sessions: 2, page_views: 3, bounce_rate: 0, avg_time_seconds: 9 });
    expect(o.series).toEqual([
      { day: '2026-11-22', visitors: 1, sessions: 1, page_views: 3 },
      { day: '2026-11-23', visitors: 1, sessions: 1, page_views: 2 },
    ]);
    expect(o.top_pages[0]).toEqual({ path: '/', views: 2, avg_time_seconds: 9, bounce_rate: 0 });
    expect(o.top_pages.map((p: { path: string }) => p.path)).toEqual(['/', '/menu', '/whats-on']);
    expect(o.entry_pages).toEqual([
      { name: '/', count: 1 },
      { name: '/menu', count: 1 },
    ]);
    expect(o.exit_pages).toEqual([
      { name: '/menu', count: 1 },
      { name: '/whats-on', count: 1 },
    ]);
    expect(o.referrers).toEqual([{ name: 'news.example.org', count: 2 }]);
    expect(o.devices).toEqual([
      { name: 'desktop', count: 1 },
      { name: 'mobile', count: 1 },
    ]);
    expect(o.journeys).toContainEqual({ from: '/', to: '/menu', count: 1 });
    expect(o.journeys).toHaveLength(3);
    expect(o.top_presses).toEqual([
      { page_path: '/', element: 'Book a table', count: 1 },
      { page_path: '/menu', element: '=HYPERLINK("x"), "quoted"', count: 1 },
    ]);
  });

  it('today is live: a new view shows at once', async () => {
    const before = (await get('/staff/overview?from=2026-11-23&to=2026-11-23')).body.totals.page_views;
    await visit('2026-11-23', '12:00:00', '192.0.2.9', BROWSER_UA, ['/faq']);
    h.clock.set('2026-11-23T12:30:00Z');
    expect((await get('/staff/overview?from=2026-11-23&to=2026-11-23')).body.totals.page_views).toBe(before + 1);
  });
});

describe('GET /staff/members', () => {
  it('active and new members per day, totals, and the borrowed figures (null when a service cannot answer)', async () => {
    const res = await get('/staff/members?from=2026-11-21&to=2026-11-23');
    expect(res.status).toBe(200);
    expect(res.body.series).toEqual([
      { day: '2026-11-21', active_members: 1, new_members: 1 },
      { day: '2026-11-22', active_members: 1, new_members: 1 },
      { day: '2026-11-23', active_members: 1, new_members: 0 },
    ]);
    expect(res.body.totals).toEqual({ active_members: 2, new_members: 2, member_page_views: 1 + 3 + 2 });
    expect(res.body.by_interest).toEqual([{ interest: 'Wine Tastings & Masterclasses', members: 12 }]);
    expect(res.body.loyalty).toEqual({ punches: 40, rewards: 3 });
    expect(res.body.cinema).toBeNull();
    expect(res.body.unlocks).toEqual([
      { method: 'passkey', count: 5 },
      { method: 'link', count: 2 },
      { method: 'email', count: 1 },
    ]);
    expect(windows.at(-1)).toEqual({ from: new Date('2026-11-21T00:00:00Z'), to: new Date('2026-11-24T00:00:00Z') });
  });

  it('without the capabilities every borrowed figure is null', async () => {
    const bare = await startAnalyticsHarness('members-bare');
    try {
      const res = await request(bare.app).get('/api/analytics/staff/members?from=2026-11-20&to=2026-11-24').set(await bare.staffAuth('sam'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ by_interest: null, loyalty: null, cinema: null, unlocks: null, totals: { active_members: 0, new_members: 0, member_page_views: 0 } });
    } finally {
      await bare.stop();
    }
  });
});

describe('GET /staff/tables/:table', () => {
  it('pages newest first with a cursor, in the spec column order', async () => {
    const all: unknown[][] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`/staff/tables/page_views?from=2026-11-21&to=2026-11-23&limit=3${cursor ? `&before=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.columns).toEqual([...ANALYTICS_TABLE_COLUMNS.page_views]);
      all.push(...res.body.rows);
      cursor = res.body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(all).toHaveLength(2 + 1 + 3 + 2 + 1);
    const viewedAt = ANALYTICS_TABLE_COLUMNS.page_views.indexOf('viewed_at');
    const times = all.map((row) => row[viewedAt] as string);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((r) => JSON.stringify(r))).size).toBe(all.length);
    expect(pages).toBe(3);
  });

  it('filters by day range, path, session and signed-in or not', async () => {
    const rows = async (q: string, table = 'page_views') => (await get(`/staff/tables/${table}?${q}`)).body.rows as unknown[][];
    expect(await rows('from=2026-11-22&to=2026-11-22')).toHaveLength(3);
    expect(await rows('from=2026-11-21&to=2026-11-23&path=/menu')).toHaveLength(3);
    expect(await rows(`from=2026-11-21&to=2026-11-23&session_id=${sessions.c}`)).toHaveLength(3);
    expect(await rows('from=2026-11-21&to=2026-11-23&who=members')).toHaveLength(1 + 3 + 2);
    expect(await rows('from=2026-11-21&to=2026-11-23&who=visitors')).toHaveLength(2 + 1);
    expect(await rows('from=2026-11-21&to=2026-11-23&path=/whats-on', 'user_journeys')).toHaveLength(1);
    expect(await rows('from=2026-11-21&to=2026-11-23&path=/whats-on', 'user_sessions')).toEqual([expect.arrayContaining([sessions.c, 'user-bob'])]);
    const sessionsRows = await rows('from=2026-11-21&to=2026-11-23&who=members', 'user_sessions');
    expect(sessionsRows.map((r) => r[0]).sort()).toEqual([sessions.b, sessions.c, sessions.d].sort());
    const presses = await rows('from=2026-11-21&to=2026-11-23', 'user_interactions');
    expect(presses[0]).toHaveLength(ANALYTICS_TABLE_COLUMNS.user_interactions.length);
  });

  it('format=csv: every matching row as an attachment, RFC 4180 quoting and formula cells defused', async () => {
    const res = await get('/staff/tables/user_interactions?from=2026-11-21&to=2026-11-23&format=csv').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user_interactions_2026-11-21_2026-11-23\.csv"$/);
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(ANALYTICS_TABLE_COLUMNS.user_interactions.join(','));
    expect(lines).toHaveLength(1 + 3);
    expect(res.text).toContain(`,"'=HYPERLINK(""x""), ""quoted""",`);
    expect(res.text).toContain(',"{""x"":10,""y"":20}",');
  });
});
