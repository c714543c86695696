import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ANALYTICS_TABLES, ANALYTICS_TABLE_COLUMNS, analyticsOverviewSchema, analyticsTablePageSchema, analyticsTableQuerySchema, memberAnalyticsSchema } from '@croft/contracts';
import { buildAnalyticsOverview, buildAnalyticsTablePage, buildAnalyticsTableRows, buildMemberAnalytics, daysOfRange, mockRowCursor, mockTableCsv, previousRange } from './analytics-factory';

describe('analytics factories', () => {
  it('parse with the analytics contract in every world', () => {
    for (const world of ['busy', 'empty'] as const) {
      expect(z.safeParse(analyticsOverviewSchema, buildAnalyticsOverview({ world })).success).toBe(true);
      for (const table of ANALYTICS_TABLES) expect(z.safeParse(analyticsTablePageSchema, buildAnalyticsTablePage(table, { world })).success).toBe(true);
    }
    for (const world of ['busy', 'empty', 'not-connected'] as const) expect(z.safeParse(memberAnalyticsSchema, buildMemberAnalytics({ world })).success).toBe(true);
  });

  it('give one point per day of the range, and the same number of days just before as the previous period (across a month end)', () => {
    const overview = buildAnalyticsOverview({ range: { from: '2026-11-25', to: '2026-12-04' } });
    expect(overview.series.map((p) => p.day)).toEqual(daysOfRange({ from: '2026-11-25', to: '2026-12-04' }));
    expect(overview.series).toHaveLength(10);
    expect(overview.previous_range).toEqual({ from: '2026-11-15', to: '2026-11-24' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(overview.totals.visitors).toBe(overview.series.reduce((t, p) => t + p.visitors, 0));
  });

  it('null the borrowed member figures only when not connected', () => {
    const cut = buildMemberAnalytics({ world: 'not-connected' });
    expect([cut.by_interest, cut.loyalty, cut.cinema, cut.unlocks]).toEqual([null, null, null, null]);
    expect(buildMemberAnalytics().unlocks?.map((u) => u.method)).toEqual(['passkey', 'link', 'email']);
  });

  it('page the raw rows newest first, with cursors the contract accepts, and cells in the spec’s columns', () => {
    for (const table of ANALYTICS_TABLES) {
      const rows = buildAnalyticsTableRows(table);
      expect(rows.every((r) => r.cells.length === ANALYTICS_TABLE_COLUMNS[table].length)).toBe(true);
      expect(rows.map((r) => r.at)).toEqual([...rows.map((r) => r.at)].sort((a, b) => b - a));
      const page = buildAnalyticsTablePage(table, { rows, limit: 10 });
      expect(page.rows).toHaveLength(10);
      expect(page.next_cursor).toBe(mockRowCursor(rows[9]));
      expect(z.safeParse(analyticsTableQuerySchema, { from: '2026-11-20', to: '2026-11-26', before: page.next_cursor }).success).toBe(true);
    }
  });

  it('write the CSV with quoting and a guard against formulas', () => {
    const csv = mockTableCsv('user_interactions', buildAnalyticsTableRows('user_interactions'));
    expect(csv.split('\r\n')[0]).toBe(ANALYTICS_TABLE_COLUMNS.user_interactions.join(','));
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csv).toContain('"Book ""Secret Cinema"", 2 seats"');
  });
});
