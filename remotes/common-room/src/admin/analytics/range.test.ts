import { describe, expect, it } from 'vitest';
import { change } from './format';
import { addDays, daysIn, londonDay, presetRange } from './range';

describe('ranges of venue days', () => {
  it('end on today in London, not UTC (after midnight in summer time it is already tomorrow)', () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London.
    const now = Date.parse('2026-06-30T23:30:00Z');
    expect(londonDay(now)).toBe('2026-07-01');
    expect(presetRange('today', now)).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(presetRange('7d', now)).toEqual({ from: '2026-06-25', to: '2026-07-01' });
    expect(daysIn(presetRange('30d', now))).toBe(30);
    // Across the clocks going back (25 Oct 2026): still whole days.
    expect(presetRange('7d', Date.parse('2026-10-27T12:00:00Z'))).toEqual({ from: '2026-10-21', to: '2026-10-27' });
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('word the change on the previous period for the eye and for screen readers', () => {
    expect(change(110, 100)).toMatchObject({ short: '+10%', words: 'up 10% on the previous period', direction: 'up' });
    expect(change(95, 100)).toMatchObject({ short: '−5%', words: 'down 5% on the previous period' });
    expect(change(5, 0)).toMatchObject({ short: 'new', words: 'none in the previous period to compare with' });
    expect(change(0.4, 0.38, 'points')).toMatchObject({ short: '+2 pts', words: 'up 2 percentage points on the previous period' });
  });
});
