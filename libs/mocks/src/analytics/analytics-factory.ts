// Factories for the analytics staff dashboards (issue 15): the overview, member analytics and the
// spec's raw tables, made from a range of venue days so every day of a range has its figures and
// the previous period its own. Deterministic (the same range gives the same numbers), so stories
// and tests can name what they expect. Everything here parses with @croft/contracts' schemas.
import {
  ANALYTICS_TABLE_COLUMNS,
  GATE_UNLOCK_METHODS,
  NEWSLETTER_INTERESTS,
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type AnalyticsTable,
  type AnalyticsTablePage,
  type AnalyticsTotals,
  type MemberAnalytics,
} from '@croft/contracts';

/** 'busy': a venue's ordinary traffic; 'empty': nothing recorded in the range. */
export type AnalyticsTrafficWorld = 'busy' | 'empty';

/** The default range of the factories: the 7 venue days up to 26 Nov 2026. */
export const MOCK_ANALYTICS_RANGE: AnalyticsRangeQuery = { from: '2026-11-20', to: '2026-11-26' };

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every calendar day from `from` to `to`, both included ('YYYY-MM-DD'). */
export function daysOfRange({ from, to }: AnalyticsRangeQuery): string[] {
  const days: string[] = [];
  for (let ms = dayMs(from); ms <= dayMs(to); ms += DAY_MS) days.push(dayOf(ms));
  return days;
}

/** The same number of days just before a range. */
export function previousRange(range: AnalyticsRangeQuery): AnalyticsRangeQuery {
  const length = daysOfRange(range).length;
  return { from: dayOf(dayMs(range.from) - length * DAY_MS), to: dayOf(dayMs(range.from) - DAY_MS) };
}

/** A small stable number (0..mod-1) from a text: the same day always gives the same traffic. */
function hashOf(text: string, mod: number): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) % mod;
}

/** One day's traffic in the busy world: more at weekends. */
function dayTraffic(day: string) {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  const visitors = 240 + hashOf(day, 120) + (weekday === 5 || weekday === 6 ? 160 : 0);
  const sessions = Math.round(visitors * 1.3);
  return { day, visitors, sessions, page_views: Math.round(sessions * 3.2) };
}

function totalsOf(days: string[], world: AnalyticsTrafficWorld): AnalyticsTotals {
  if (world === 'empty' || days.length === 0) return { visitors: 0, sessions: 0, page_views: 0, bounce_rate: 0, avg_time_seconds: 0 };
  const series = days.map(dayTraffic);
  const sum = (key: 'visitors' | 'sessions' | 'page_views') => series.reduce((total, d) => total + d[key], 0);
  const seed = hashOf(days[0], 10);
  return { visitors: sum('visitors'), sessions: sum('sessions'), page_views: sum('page_views'), bounce_rate: 0.34 + seed / 100, avg_time_seconds: 68 + seed * 2 };
}

const PAGES = ['/', '/hall', '/cocktails', '/kitchens', '/beer', '/common-room', '/community', '/secret-cinema'];
const REFERRERS = ['(direct)', 'google.com', 'instagram.com', 'facebook.com', 'tripadvisor.co.uk', 'bing.com'];
const share = (total: number, weights: number[]) => {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.round((total * w) / sum));
};

/** The staff overview of a range: its totals and the previous period's, a point per day, the breakdowns. */
export function buildAnalyticsOverview(options: { range?: AnalyticsRangeQuery; world?: AnalyticsTrafficWorld } & Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  const { range = MOCK_ANALYTICS_RANGE, world = 'busy', ...overrides } = options;
  const days = daysOfRange(range);
  const previous = previousRange(range);
  const totals = totalsOf(days, world);
  const busy = world === 'busy';
  const views = share(totals.page_views, [30, 16, 14, 12, 10, 8, 6, 4]);
  const sessions = totals.sessions;
  const base: AnalyticsOverview = {
    range,
    previous_range: previous,
    totals,
    previous_totals: totalsOf(daysOfRange(previous), world),
    series: days.map((day) => (busy ? dayTraffic(day) : { day, visitors: 0, sessions: 0, page_views: 0 })),
    top_pages: busy ? PAGES.map((path, i) => ({ path, views: views[i], avg_time_seconds: 40 + i * 9, bounce_rate: 0.22 + i * 0.04 })) : [],
    entry_pages: busy ? share(sessions, [52, 14, 10, 9, 8, 7]).map((count, i) => ({ name: PAGES[i], count })) : [],
    exit_pages: busy ? share(sessions, [28, 20, 18, 14, 12, 8]).map((count, i) => ({ name: PAGES[[1, 0, 3, 2, 4, 6][i]], count })) : [],
    referrers: busy ? share(sessions, [46, 30, 12, 6, 4, 2]).map((count, i) => ({ name: REFERRERS[i], count })) : [],
    devices: busy ? share(sessions, [68, 27, 5]).map((count, i) => ({ name: ['mobile', 'desktop', 'tablet'][i], count })) : [],
    browsers: busy ? share(sessions, [44, 33, 12, 8, 3]).map((count, i) => ({ name: ['Safari', 'Chrome', 'Samsung Internet', 'Firefox', 'Edge'][i], count })) : [],
    journeys: busy
      ? share(sessions, [20, 14, 11, 9, 7, 5]).map((count, i) => ({ ...[{ from: '/', to: '/hall' }, { from: '/', to: '/cocktails' }, { from: '/hall', to: '/kitchens' }, { from: '/', to: '/common-room' }, { from: '/cocktails', to: '/beer' }, { from: '/kitchens', to: '/hall' }][i], count }))
      : [],
    top_presses: busy
      ? [
          { page_path: '/', element: 'Book a table', count: Math.round(sessions * 0.09) },
          { page_path: '/', element: 'Join the Common Room', count: Math.round(sessions * 0.05) },
          { page_path: '/hall', element: 'See the events', count: Math.round(sessions * 0.04) },
          { page_path: '/kitchens', element: 'Today’s menu', count: Math.round(sessions * 0.035) },
          { page_path: '/secret-cinema', element: 'Book 2 tickets', count: Math.round(sessions * 0.012) },
        ]
      : [],
  };
  return { ...base, ...overrides };
}

/** 'not-connected': the other services' figures are null (a standalone analytics service). */
export type MemberAnalyticsWorld = AnalyticsTrafficWorld | 'not-connected';

/** Member analytics for a range: per-day active and new members, and the figures other services own. */
export function buildMemberAnalytics(options: { range?: AnalyticsRangeQuery; world?: MemberAnalyticsWorld } & Partial<MemberAnalytics> = {}): MemberAnalytics {
  const { range = MOCK_ANALYTICS_RANGE, world = 'busy', ...overrides } = options;
  const days = daysOfRange(range);
  const quiet = world === 'empty';
  const series = days.map((day) => (quiet ? { day, active_members: 0, new_members: 0 } : { day, active_members: 38 + hashOf(day, 30), new_members: 2 + hashOf(`${day}new`, 5) }));
  const active = series.reduce((t, d) => t + d.active_members, 0);
  const connected = world !== 'not-connected';
  const base: MemberAnalytics = {
    range,
    series,
    totals: { active_members: quiet ? 0 : Math.round(active * 0.6), new_members: series.reduce((t, d) => t + d.new_members, 0), member_page_views: active * 4 },
    by_interest: connected ? NEWSLETTER_INTERESTS.map((interest, i) => ({ interest, members: quiet ? 0 : 120 - i * 11 })) : null,
    loyalty: connected ? { punches: quiet ? 0 : days.length * 23, rewards: quiet ? 0 : Math.round(days.length * 2.5) } : null,
    cinema: connected ? { bookings: quiet ? 0 : 21, tickets: quiet ? 0 : 38 } : null,
    unlocks: connected ? GATE_UNLOCK_METHODS.map((method, i) => ({ method, count: quiet ? 0 : [days.length * 9, days.length * 4, days.length * 2][i] })) : null,
  };
  return { ...base, ...overrides };
}

/** One raw row of a spec table, with its time (newest first) and a stable row id for cursors. */
export interface MockAnalyticsRow {
  at: number;
  id: string;
  cells: (string | number | boolean | null)[];
  /** The page path(s) the row is about, for the path filter. */
  paths: string[];
  session_id: string;
  member: boolean;
}

const BROWSERS = ['Safari', 'Chrome', 'Firefox', 'Samsung Internet'];
const DEVICES = ['mobile', 'desktop', 'tablet'] as const;
const PRESSES = ['Book a table', 'Join the Common Room', 'Book "Secret Cinema", 2 seats', '=HYPERLINK("http://evil.example")', 'See the events'];

/** The session id of the n-th mock session (matches the contract's id rule). */
export const mockSessionId = (n: number) => `mock-session-${String(n).padStart(8, '0')}`;

/**
 * Every row of one raw table in a range, newest first: `perDay` rows per day (0 in the empty world).
 * Rows alternate members and visitors; one press in the interactions carries a formula-like text
 * and one a comma and quotes, so the CSV export's escaping shows.
 */
export function buildAnalyticsTableRows(table: AnalyticsTable, options: { range?: AnalyticsRangeQuery; world?: AnalyticsTrafficWorld; perDay?: number } = {}): MockAnalyticsRow[] {
  const { range = MOCK_ANALYTICS_RANGE, world = 'busy', perDay = 12 } = options;
  if (world === 'empty') return [];
  const rows: MockAnalyticsRow[] = [];
  let n = 0;
  for (const day of daysOfRange(range)) {
    for (let i = 0; i < perDay; i++, n++) {
      // Spread over the venue's open hours (10:00–23:00 UTC-ish), one row every ~65 minutes.
      const at = dayMs(day) + 10 * 3_600_000 + i * 3_900_000 + hashOf(`${day}${i}`, 600) * 1000;
      const member = n % 3 === 0;
      const session_id = mockSessionId(Math.floor(n / 2));
      const user_id = member ? `member-${(n % 7) + 1}` : null;
      const page = PAGES[n % PAGES.length];
      const next = PAGES[(n + 1) % PAGES.length];
      const iso = new Date(at).toISOString();
      const id = (at.toString(16) + n.toString(16).padStart(6, '0')).padStart(24, '0').slice(-24);
      let cells: MockAnalyticsRow['cells'];
      let paths: string[] = [page];
      switch (table) {
        case 'user_sessions':
          cells = [session_id, user_id, iso, new Date(at + 420_000).toISOString(), `Mozilla/5.0 (${BROWSERS[n % 4]})`, n % 2 ? 'https://www.google.com/' : '', DEVICES[n % 3], BROWSERS[n % 4], n % 2 ? 'iOS' : 'Android', member];
          paths = [];
          break;
        case 'page_views':
          cells = [session_id, user_id, page, `Croft Common · ${page}`, n % 2 ? 'https://www.google.com/' : '', iso, 10 + (n % 90), (n * 13) % 101, n % 4 === 0];
          break;
        case 'user_journeys':
          cells = [session_id, user_id, page, next, ['link', 'nav', 'back', 'gesture'][n % 4], iso];
          paths = [page, next];
          break;
        case 'user_interactions':
          cells = [session_id, user_id, page, n % 5 === 4 ? 'submit' : 'click', `btn-${n % 9}`, 'cc-button cc-button--primary', PRESSES[n % PRESSES.length], `${(n * 37) % 1200},${(n * 91) % 3000}`, n % 2 ? '{"section":"home"}' : null, iso];
          break;
      }
      rows.push({ at, id, cells, paths, session_id, member });
    }
  }
  return rows.sort((a, b) => b.at - a.at || b.id.localeCompare(a.id));
}

/** A row's cursor, as the service makes it: '<epoch ms>-<24 hex>'. */
export const mockRowCursor = (row: Pick<MockAnalyticsRow, 'at' | 'id'>) => `${row.at}-${row.id}`;

/** One page of a raw table (newest first), with the cursor of the next page or null. */
export function buildAnalyticsTablePage(table: AnalyticsTable, options: { rows?: MockAnalyticsRow[]; limit?: number; range?: AnalyticsRangeQuery; world?: AnalyticsTrafficWorld } = {}): AnalyticsTablePage {
  const all = options.rows ?? buildAnalyticsTableRows(table, options);
  const limit = options.limit ?? 50;
  const page = all.slice(0, limit);
  const last = page[page.length - 1];
  return {
    table,
    columns: [...ANALYTICS_TABLE_COLUMNS[table]],
    rows: page.map((r) => r.cells),
    next_cursor: all.length > limit && last ? mockRowCursor(last) : null,
  };
}

/** The service's CSV of rows: the spec's columns, then one line per row (RFC 4180 quoting). */
export function mockTableCsv(table: AnalyticsTable, rows: MockAnalyticsRow[]): string {
  const quote = (value: string | number | boolean | null) => {
    if (value === null) return '';
    const text = String(value);
    const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
  };
  return [ANALYTICS_TABLE_COLUMNS[table].join(','), ...rows.map((r) => r.cells.map(quote).join(','))].join('\r\n') + '\r\n';
}
