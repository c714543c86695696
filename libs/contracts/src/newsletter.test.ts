import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formatBirthday, isValidBirthday, NEWSLETTER_INTERESTS, subscribeRequestSchema } from './newsletter';

describe('newsletter contracts', () => {
  it('birthday is day/monthname with a day that exists in the month', () => {
    expect(isValidBirthday('1/January')).toBe(true);
    expect(isValidBirthday('29/February')).toBe(true);
    expect(isValidBirthday('31/December')).toBe(true);
    expect(isValidBirthday('30/February')).toBe(false);
    expect(isValidBirthday('31/June')).toBe(false);
    expect(isValidBirthday('0/March')).toBe(false);
    expect(isValidBirthday('01/March')).toBe(true);
    expect(isValidBirthday('100/March')).toBe(false);
    expect(isValidBirthday('5/march')).toBe(false);
  });

  it('formatBirthday gives a value only when both parts are chosen', () => {
    expect(formatBirthday(7, 'March')).toBe('7/March');
    expect(formatBirthday(undefined, 'March')).toBeUndefined();
    expect(formatBirthday(7, undefined)).toBeUndefined();
    expect(formatBirthday(31, 'April')).toBeUndefined();
  });

  it('the subscribe schema trims, and accepts only the 13 interests of the spec', () => {
    const parsed = z.safeParse(subscribeRequestSchema, {
      email: ' ada@example.com ',
      name: ' Ada ',
      consent: true,
      interests: [NEWSLETTER_INTERESTS[0], NEWSLETTER_INTERESTS[12]],
    });
    expect(parsed.success && parsed.data).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      consent: true,
      interests: ['Private Events & Bookings', 'Business Meetings & Workspace'],
    });
    expect(z.safeParse(subscribeRequestSchema, { email: 'a@b.co', name: 'A', consent: true, interests: ['Film'] }).success).toBe(false);
  });
});
