/** What the site shows when an amount is unknown. */
export const UNKNOWN_AMOUNT = '—';

/**
 * Whole pounds with thousands grouped, as en-GB writes them: 1234567 → '1,234,567'. By hand, not
 * Intl.NumberFormat: this module is in the site's first chunk (the footer's Common Good line), and
 * building a currency formatter loads ICU's locale data, measured at 130–210 ms of main thread
 * on a 4× slowed CPU (issue 16), for a '£' and some commas.
 */
function groupThousands(pounds: number): string {
  const digits = String(pounds);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

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
  return `${pence < 0 ? '-' : ''}£${groupThousands(pounds)}.${String(rest).padStart(2, '0')}`;
}
