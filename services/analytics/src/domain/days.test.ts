import { describe, expect, it } from 'vitest';
import { addDays, dayEnd, dayList, dayStart, daysBetween, isCalendarDay, londonDay } from './days';

describe('London days', () => {
  it('a day starts at London midnight, in winter and in summer', () => {
    expect(dayStart('2026-11-23').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(dayStart('2026-07-01').toISOString()).toBe('2026-06-30T23:00:00.000Z');
  });

  it('the day the clocks go forward lasts 23 hours, the day they go back 25', () => {
    expect((dayEnd('2026-03-29').getTime() - dayStart('2026-03-29').getTime()) / 3_600_000).toBe(23);
    expect((dayEnd('2026-10-25').getTime() - dayStart('2026-10-25').getTime()) / 3_600_000).toBe(25);
  });

  it('an instant belongs to its London calendar day', () => {
    expect(londonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDay(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(londonDay(new Date('2026-10-25T23:30:00Z'))).toBe('2026-10-25');
  });

  it('counts and lists days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(dayList('2026-10-24', '2026-10-26')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(isCalendarDay('2026-02-30')).toBe(false);
    expect(isCalendarDay('2026-02-28')).toBe(true);
  });
});
