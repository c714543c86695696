import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkInRequestSchema, cinemaQrSchema, createCinemaBookingRequestSchema, lastThursdayOf } from './cinema';

describe('lastThursdayOf', () => {
  it.each([
    [2026, 11, '2026-11-26'],
    [2026, 12, '2026-12-31'], // the month ends on a Thursday
    [2027, 1, '2027-01-28'],
    [2027, 2, '2027-02-25'], // February, not a leap year
    [2028, 2, '2028-02-24'], // leap year: the 29th is a Tuesday
    [2026, 3, '2026-03-26'], // the week the clocks go forward (29 March)
    [2026, 10, '2026-10-29'], // after the clocks go back (25 October)
    [2027, 4, '2027-04-29'],
    [2026, 7, '2026-07-30'],
  ])('%i-%i → %s', (year, month, expected) => {
    expect(lastThursdayOf(year, month)).toBe(expected);
    const date = new Date(`${expected}T12:00:00Z`);
    expect(date.getUTCDay()).toBe(4);
    // a week later is the next month
    expect(new Date(date.getTime() + 7 * 86_400_000).getUTCMonth() + 1).not.toBe(month);
  });
});

describe('booking input', () => {
  const screening_id = 'a'.repeat(24);
  it('takes 1 or 2 tickets, trims names, and refuses unknown fields and operators', () => {
    expect(z.parse(createCinemaBookingRequestSchema, { screening_id, primary_name: '  Ada ', quantity: 1 })).toEqual({ screening_id, primary_name: 'Ada', quantity: 1 });
    for (const bad of [
      { screening_id, primary_name: 'Ada', quantity: 3 },
      { screening_id, primary_name: 'Ada', quantity: 0 },
      { screening_id, primary_name: '   ', quantity: 1 },
      { screening_id, primary_name: 'Ada', quantity: 1, user_id: 'someone-else' },
      { screening_id, primary_name: { $ne: '' }, quantity: 1 },
      { screening_id: { $gt: '' }, primary_name: 'Ada', quantity: 1 },
    ]) {
      expect(z.safeParse(createCinemaBookingRequestSchema, bad).success, JSON.stringify(bad)).toBe(false);
    }
    const empty = z.safeParse(createCinemaBookingRequestSchema, { screening_id, primary_name: '', quantity: 1 });
    expect(empty.error?.issues[0]?.message).toBe('Please enter the primary attendee name.');
  });

  it('check-in takes a ticket number or a QR code, not both', () => {
    expect(z.safeParse(checkInRequestSchema, { ticket_number: 12 }).success).toBe(true);
    const qr = `CCT1.${'b'.repeat(24)}.12.${'x'.repeat(22)}`;
    expect(z.safeParse(cinemaQrSchema, qr).success).toBe(true);
    expect(z.safeParse(checkInRequestSchema, { qr }).success).toBe(true);
    expect(z.safeParse(checkInRequestSchema, { qr, ticket_number: 12 }).success).toBe(false);
    expect(z.safeParse(checkInRequestSchema, { qr: 'https://evil.example/' }).success).toBe(false);
  });
});
