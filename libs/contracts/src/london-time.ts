// The venue's wall clock (GUIDE §15: venue days, cut-offs and schedules are Europe/London, never
// UTC). One pure helper for the services, the mocks and the browser: the calendar date and time in
// London at an instant, London's offset from UTC, and the instant of a London wall-clock time.

/** The venue's time zone. */
export const VENUE_TIME_ZONE = 'Europe/London';

export interface LondonWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// Made on first use, so a bundle that imports the contracts without these pays nothing at load.
let format: Intl.DateTimeFormat | undefined;

/** London's calendar date and time at an instant (epoch ms). */
export function londonWallClock(instant: number): LondonWallClock {
  format ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: VENUE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const got: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') got[part.type] = Number(part.value);
  return { year: got.year, month: got.month, day: got.day, hour: got.hour, minute: got.minute, second: got.second };
}

/** Milliseconds London is ahead of UTC at an instant (0 in winter, 3,600,000 in summer). */
export function londonOffsetMs(instant: number): number {
  const w = londonWallClock(instant);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a London wall-clock time on a date ('2026-11-26', '19:00'), summer time or not.
 * Meant for times outside 01:00–02:00, the hour the clocks skip in March and pass twice in
 * October (a screening, doors, a cut-off); there the answer is unique.
 */
export function londonInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const first = naive - londonOffsetMs(naive);
  return new Date(naive - londonOffsetMs(first));
}
