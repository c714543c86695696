import { describe, expect, it } from 'vitest';
import { londonInstant, londonParts } from './london-time';

describe('London wall-clock times', () => {
  it('19:30 on a winter date is 19:30 UTC; on a summer date 18:30 UTC', () => {
    expect(londonInstant('2026-11-26', '19:30').toISOString()).toBe('2026-11-26T19:30:00.000Z');
    expect(londonInstant('2026-07-30', '19:30').toISOString()).toBe('2026-07-30T18:30:00.000Z');
  });
  it('holds on the days the clocks change (29 March and 25 October 2026)', () => {
    expect(londonInstant('2026-03-29', '19:00').toISOString()).toBe('2026-03-29T18:00:00.000Z');
    expect(londonInstant('2026-03-28', '19:00').toISOString()).toBe('2026-03-28T19:00:00.000Z');
    expect(londonInstant('2026-10-25', '19:00').toISOString()).toBe('2026-10-25T19:00:00.000Z');
    expect(londonInstant('2026-10-24', '19:00').toISOString()).toBe('2026-10-24T18:00:00.000Z');
  });
  it("reads London's date and time at an instant (23:30 UTC in summer is the next day in London)", () => {
    expect(londonParts(new Date('2026-06-30T23:30:00Z'))).toEqual({ date: '2026-07-01', time: '00:30', year: 2026, month: 7 });
    expect(londonParts(new Date('2026-12-31T23:30:00Z'))).toEqual({ date: '2026-12-31', time: '23:30', year: 2026, month: 12 });
  });
});
