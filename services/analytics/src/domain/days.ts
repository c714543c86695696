import { londonInstant, londonWallClock } from '@croft/contracts';

// Venue days (Europe/London) as 'YYYY-MM-DD' strings, and the instants they start and end at.

const pad = (n: number) => String(n).padStart(2, '0');

/** The London calendar day of an instant. */
export function londonDay(instant: Date | number): string {
  const w = londonWallClock(typeof instant === 'number' ? instant : instant.getTime());
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day after (or `n` days after; negative for before) a calendar day. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** London midnight at the start of `day` (23, 24 or 25 hours before the next one). */
export function dayStart(day: string): Date {
  return londonInstant(day, '00:00');
}

export function dayEnd(day: string): Date {
  return dayStart(addDays(day, 1));
}

/** Whole days from `from` to `to` (0 when equal; negative when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  const t = (day: string) => {
    const [y, m, d] = day.split('-').map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((t(to) - t(from)) / 86_400_000);
}

/** Every day from `from` to `to`, both included, oldest first. */
export function dayList(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/** A real calendar day ('2026-02-30' is not). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return addDays(day, 0) === day;
}
