import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_ERROR_MESSAGES, ANALYTICS_TABLE_COLUMNS } from '@croft/contracts';
import { SERVER_ERROR, analyticsHandlers, mockSessionId, type AnalyticsMockOptions } from '@croft/mocks';
import { listenForTests } from '@croft/mocks/node';
import type { ApiError } from './api-error';
import { createAnalyticsStaffClient } from './analytics-client';

/** The analytics mocks (libs/mocks/src/analytics) keep the service's rules, seen through the staff client. */
const server = listenForTests({ beforeAll, afterEach, afterAll });
const options = { baseUrl: 'http://api.test' };
let token: string | null = 'staff-token';
const staff = createAnalyticsStaffClient({ ...options, getAccessToken: () => token });
const use = (opts: AnalyticsMockOptions = {}) => server.use(...analyticsHandlers(opts));
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as ApiError);
const WEEK = { from: '2026-11-20', to: '2026-11-26' };

afterEach(() => {
  token = 'staff-token';
});

describe('the analytics staff client against the mocks', () => {
  it('reads the overview and member analytics for a range, parsed by the contract', async () => {
    use();
    const overview = await staff.overview(WEEK);
    expect(overview.range).toEqual(WEEK);
    expect(overview.previous_range).toEqual({ from: '2026-11-13', to: '2026-11-19' });
    expect(overview.series).toHaveLength(7);
    const members = await staff.members(WEEK);
    expect(members.loyalty).not.toBeNull();
  });

  it('refuses a start after the end with the contract’s words, and a call without a token before sending it', async () => {
    use();
    expect(await refusal(staff.overview({ from: '2026-11-26', to: '2026-11-20' }))).toMatchObject({ status: 400, code: 'range_invalid', message: ANALYTICS_ERROR_MESSAGES.range_invalid });
    token = null;
    expect(await refusal(staff.members(WEEK))).toMatchObject({ status: 401, code: 'not_signed_in' });
  });

  it('pages a raw table with next_cursor, newest first, and filters it', async () => {
    use();
    const first = await staff.table('page_views', { ...WEEK, limit: '20' });
    expect(first.columns).toEqual(ANALYTICS_TABLE_COLUMNS.page_views);
    expect(first.rows).toHaveLength(20);
    const second = await staff.table('page_views', { ...WEEK, limit: '20', before: first.next_cursor! });
    expect(second.rows).toHaveLength(20);
    expect(String(second.rows[0][5]) <= String(first.rows[19][5])).toBe(true);
    expect(second.rows[0]).not.toEqual(first.rows[19]);
    const members = await staff.table('page_views', { ...WEEK, who: 'members', path: '/hall' });
    expect(members.rows.length).toBeGreaterThan(0);
    expect(members.rows.every((r) => r[1] !== null && r[2] === '/hall')).toBe(true);
    const one = await staff.table('user_sessions', { ...WEEK, session_id: mockSessionId(3) });
    expect(one.rows.map((r) => r[0])).toEqual([mockSessionId(3), mockSessionId(3)]);
  });

  it('downloads the whole table as CSV with the bearer token, and says why when it cannot', async () => {
    use();
    const file = await staff.tableCsv('user_journeys', { ...WEEK, who: 'visitors' });
    expect(file.filename).toBe('user_journeys-2026-11-20-2026-11-26.csv');
    const lines = file.text.trim().split('\r\n');
    expect(lines[0]).toBe(ANALYTICS_TABLE_COLUMNS.user_journeys.join(','));
    expect(lines.length).toBeGreaterThan(50);
    use({ failures: { csv: SERVER_ERROR } });
    expect(await refusal(staff.tableCsv('user_journeys', WEEK))).toMatchObject({ status: 500, message: SERVER_ERROR.message });
    token = null;
    expect(await refusal(staff.tableCsv('user_journeys', WEEK))).toMatchObject({ code: 'not_signed_in' });
  });
});
