import { CINEMA_TIME_ZONE } from '@croft/contracts';

// Wall-clock times in Europe/London (the venue's): the screening is on a calendar date at a local
// time, whatever the server's own zone, and the clocks change twice a year.

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: CINEMA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** London's calendar date and time at an instant. */
export function londonParts(at: Date): { date: string; time: string; year: number; month: number } {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value])) as Record<string, string>;
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}`, year: Number(p.year), month: Number(p.month) };
}

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
function offsetMinutes(at: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, x.value])) as Record<string, string>;
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant of a London wall-clock time on a date ('2026-11-26', '19:00'). Evening times never
 * fall in the hour the clocks skip or repeat (01:00–02:00), so the answer is unique.
 */
export function londonInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  let at = naive - offsetMinutes(naive) * 60_000;
  const again = offsetMinutes(at);
  if (naive - again * 60_000 !== at) at = naive - again * 60_000;
  return new Date(at);
}

/** The month after 'YYYY-MM'. */
export function nextMonth(year: number, month: number): { year: number; month: number } {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

export const releaseIdOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
