const wholePounds = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'GBP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** What the site shows when an amount is unknown. */
export const UNKNOWN_AMOUNT = '—';

/**
 * Integer pence as pounds, the way the venue writes money: 123456 → '£1,234.56', 5 → '£0.05'.
 * Pounds and pence are split with integer arithmetic, so even huge totals keep every penny.
 * Anything that is not a whole number of pence is unknown: '—'.
 */
export function formatPence(pence: number | null | undefined): string {
  if (typeof pence !== 'number' || !Number.isSafeInteger(pence)) return UNKNOWN_AMOUNT;
  const abs = Math.abs(pence);
  const rest = abs % 100;
  const pounds = (abs - rest) / 100;
  return `${pence < 0 ? '-' : ''}${wholePounds.format(pounds)}.${String(rest).padStart(2, '0')}`;
}
