import { describe, expect, it } from 'vitest';
import {
  VENUE_HOURS,
  describeSpan,
  describeStatus,
  localTime,
  minutesOf,
  venueStatus,
  type WeeklyHours,
} from './venue-hours';

// 2026: Monday 5 January is winter (GMT = UTC); Friday 3 July is summer (BST = UTC+1).
describe('localTime', () => {
  it('reads the Bristol wall clock in winter and in summer', () => {
    expect(localTime(new Date('2026-01-05T12:34:56Z'))).toEqual({
      year: 2026,
      month: 1,
      day: 5,
      weekday: 'Monday',
      hour: 12,
      minute: 34,
      second: 56,
    });
    expect(localTime(new Date('2026-07-03T23:30:00Z'))).toMatchObject({ day: 4, weekday: 'Saturday', hour: 0, minute: 30 });
  });
});

describe('venueStatus', () => {
  it.each([
    // [UTC instant, expected]
    ['2026-01-05T07:59:00Z', { open: false, opensOn: 'today', opensAt: '08:00' }], // Mon 07:59 GMT
    ['2026-01-05T08:00:00Z', { open: true, closesAt: '23:00', closesAfterMidnight: false }], // Mon 08:00
    ['2026-01-05T22:59:00Z', { open: true, closesAt: '23:00', closesAfterMidnight: false }], // Mon 22:59
    ['2026-01-05T23:00:00Z', { open: false, opensOn: 'tomorrow', opensAt: '08:00' }], // Mon 23:00: closed
    ['2026-01-09T23:30:00Z', { open: true, closesAt: '01:00', closesAfterMidnight: true }], // Fri 23:30
    ['2026-01-10T00:30:00Z', { open: true, closesAt: '01:00', closesAfterMidnight: false }], // Sat 00:30, Friday's night
    ['2026-01-10T01:00:00Z', { open: false, opensOn: 'today', opensAt: '08:00' }], // Sat 01:00: just closed
    ['2026-01-11T00:59:00Z', { open: true, closesAt: '01:00', closesAfterMidnight: false }], // Sun 00:59, Saturday's night
    ['2026-01-11T08:30:00Z', { open: false, opensOn: 'today', opensAt: '09:00' }], // Sun 08:30: Sunday opens at 9
    ['2026-01-11T22:29:00Z', { open: true, closesAt: '22:30', closesAfterMidnight: false }], // Sun 22:29
    ['2026-01-11T22:30:00Z', { open: false, opensOn: 'tomorrow', opensAt: '08:00' }], // Sun 22:30
    ['2026-01-12T00:30:00Z', { open: false, opensOn: 'today', opensAt: '08:00' }], // Mon 00:30: Sunday does not run late
    ['2026-01-09T00:30:00Z', { open: false, opensOn: 'today', opensAt: '08:00' }], // Fri 00:30: Thursday does not run late
  ])('at %s', (iso, expected) => {
    expect(venueStatus(new Date(iso))).toEqual(expected);
  });

  it('uses Bristol summer time, not UTC', () => {
    // 07:30 UTC on a July Monday is 08:30 BST: open.
    expect(venueStatus(new Date('2026-07-06T07:30:00Z')).open).toBe(true);
    // 22:30 UTC on a July Monday is 23:30 BST: closed.
    expect(venueStatus(new Date('2026-07-06T22:30:00Z')).open).toBe(false);
    // 23:30 UTC on a July Friday is 00:30 BST Saturday: still Friday's late night.
    expect(venueStatus(new Date('2026-07-03T23:30:00Z'))).toEqual({ open: true, closesAt: '01:00', closesAfterMidnight: false });
  });

  it('handles the night the clocks go forward (29 March 2026, 01:00 GMT → 02:00 BST)', () => {
    expect(venueStatus(new Date('2026-03-29T00:59:00Z')).open).toBe(true); // 00:59 GMT, Saturday's late night
    expect(venueStatus(new Date('2026-03-29T01:00:00Z'))).toEqual({ open: false, opensOn: 'today', opensAt: '09:00' }); // 02:00 BST
  });

  it('names the weekday when the next opening is further off, and says closed when it never opens', () => {
    const weekendOnly: WeeklyHours = {
      Monday: null,
      Tuesday: null,
      Wednesday: null,
      Thursday: null,
      Friday: null,
      Saturday: { opens: '10:00', closes: '18:00' },
      Sunday: null,
    };
    expect(venueStatus(new Date('2026-01-05T12:00:00Z'), weekendOnly)).toEqual({ open: false, opensOn: 'Saturday', opensAt: '10:00' });
    const never = Object.fromEntries(Object.keys(weekendOnly).map((d) => [d, null])) as WeeklyHours;
    expect(venueStatus(new Date('2026-01-05T12:00:00Z'), never)).toEqual({ open: false });
  });
});

describe('wording', () => {
  it('describes the status and each day', () => {
    expect(describeStatus({ open: true, closesAt: '01:00', closesAfterMidnight: true })).toBe('Open now. Closes at 01:00 (after midnight).');
    expect(describeStatus({ open: false, opensOn: 'tomorrow', opensAt: '08:00' })).toBe('Closed now. Opens tomorrow at 08:00.');
    expect(describeStatus({ open: false, opensOn: 'Saturday', opensAt: '10:00' })).toBe('Closed now. Opens on Saturday at 10:00.');
    expect(describeStatus({ open: false })).toBe('Closed.');
    expect(describeSpan(VENUE_HOURS.Friday)).toBe('08:00–01:00 (next day)');
    expect(describeSpan(VENUE_HOURS.Sunday)).toBe('09:00–22:30');
    expect(describeSpan(null)).toBe('Closed');
  });

  it('refuses malformed times', () => {
    expect(minutesOf('23:59')).toBe(1439);
    for (const bad of ['24:00', '8:00', '08:60', 'noon']) expect(() => minutesOf(bad)).toThrow(/HH:MM/);
  });
});
