import { londonInstant, londonWallClock } from '@croft/contracts';

// Wall-clock times in Europe/London (the venue's, from the contracts' one helper): the screening is
// on a calendar date at a local time, whatever the server's own zone, and the clocks change twice a year.

/** London's calendar date and time at an instant. */
export function londonParts(at: Date): { date: string; time: string; year: number; month: number } {
  const w = londonWallClock(at.getTime());
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}`, year: w.year, month: w.month };
}

export { londonInstant };

/** The month after 'YYYY-MM'. */
export function nextMonth(year: number, month: number): { year: number; month: number } {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

export const releaseIdOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
