import { describe, expect, it } from 'vitest';
import { londonInstant, londonOffsetMs, londonWallClock } from './london-time';

describe('London wall-clock time', () => {
  it('the instant of a London time, either side of both clock changes', () => {
    expect(londonInstant('2026-11-26', '19:30').toISOString()).toBe('2026-11-26T19:30:00.000Z');
    expect(londonInstant('2026-07-30', '19:30').toISOString()).toBe('2026-07-30T18:30:00.000Z');
    // Clocks go forward on 29 March 2026, back on 25 October 2026.
    expect(londonInstant('2026-03-28', '19:00').toISOString()).toBe('2026-03-28T19:00:00.000Z');
    expect(londonInstant('2026-03-29', '19:00').toISOString()).toBe('2026-03-29T18:00:00.000Z');
    expect(londonInstant('2026-10-24', '19:00').toISOString()).toBe('2026-10-24T18:00:00.000Z');
    expect(londonInstant('2026-10-25', '19:00').toISOString()).toBe('2026-10-25T19:00:00.000Z');
  });

  it("London's date at an instant is not UTC's near midnight in summer", () => {
    expect(londonWallClock(Date.parse('2026-06-30T23:30:00Z'))).toEqual({ year: 2026, month: 7, day: 1, hour: 0, minute: 30, second: 0 });
    expect(londonWallClock(Date.parse('2026-12-31T23:30:45Z'))).toEqual({ year: 2026, month: 12, day: 31, hour: 23, minute: 30, second: 45 });
  });

  it('the offset is an hour in summer and none in winter, changing at 01:00 UTC', () => {
    expect(londonOffsetMs(Date.parse('2026-03-29T00:59:59Z'))).toBe(0);
    expect(londonOffsetMs(Date.parse('2026-03-29T01:00:00Z'))).toBe(3_600_000);
    expect(londonOffsetMs(Date.parse('2026-10-25T00:59:59Z'))).toBe(3_600_000);
    expect(londonOffsetMs(Date.parse('2026-10-25T01:00:00Z'))).toBe(0);
  });
});
