import { describe, expect, it } from 'vitest';
import { formatPence, UNKNOWN_AMOUNT } from './format-pence';

describe('formatPence', () => {
  it('shows pounds and pence with two decimals', () => {
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(50)).toBe('£0.50');
    expect(formatPence(100)).toBe('£1.00');
    expect(formatPence(123_456)).toBe('£1,234.56');
    expect(formatPence(-250)).toBe('-£2.50');
  });

  it('groups thousands in large totals without losing a penny', () => {
    expect(formatPence(1_330_250)).toBe('£13,302.50');
    expect(formatPence(123_456_789_01)).toBe('£123,456,789.01');
    expect(formatPence(Number.MAX_SAFE_INTEGER)).toBe('£90,071,992,547,409.91');
  });

  it('shows a dash for anything that is not whole pence', () => {
    for (const value of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 12.5, 2 ** 60]) {
      expect(formatPence(value)).toBe(UNKNOWN_AMOUNT);
    }
    expect(UNKNOWN_AMOUNT).toBe('—');
  });
});

describe('formatPence against Intl', () => {
  it('groups pounds exactly as en-GB currency formatting does', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 0, maximumFractionDigits: 0 });
    for (const pounds of [0, 1, 9, 10, 99, 100, 999, 1_000, 9_999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678, 123_456_789, 90_071_992_547_409]) {
      expect(formatPence(pounds * 100 + 7)).toBe(`${intl.format(pounds)}.07`);
      expect(formatPence(-(pounds * 100 + 7))).toBe(`-${intl.format(pounds)}.07`);
    }
  });
});
