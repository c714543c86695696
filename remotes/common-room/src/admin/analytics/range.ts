import { ANALYTICS_RANGE_MAX_DAYS, londonWallClock, type AnalyticsRangeQuery } from '@croft/contracts';

/** The ranges the picker offers. */
export type RangePreset = 'today' | '7d' | '30d' | 'custom';

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The venue day (Europe/London) at an instant: '2026-11-26'. */
export function londonDay(instant: number): string {
  const w = londonWallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** A calendar day moved by whole days ('2026-03-01', -1 → '2026-02-28'). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a range covers, both ends included. */
export function daysIn({ from, to }: AnalyticsRangeQuery): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The range of a preset, ending on today's venue day. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: number = Date.now()): AnalyticsRangeQuery {
  const today = londonDay(now);
  const length = preset === 'today' ? 1 : preset === '7d' ? 7 : 30;
  return { from: addDays(today, 1 - length), to: today };
}

/**
 * A custom range's problem in words before it is asked for, or null. Only a missing day is caught
 * here: a start after the end or too long a range goes to the service, whose range_invalid words
 * (the contract's) the screen shows.
 */
export function customRangeProblem(from: string, to: string): string | null {
  return !from || !to ? 'Choose both the first and the last day.' : null;
}

/** Whether a range is one the service answers (start on or before the end, at most ANALYTICS_RANGE_MAX_DAYS days). */
export const rangeIsValid = (range: AnalyticsRangeQuery) => range.from <= range.to && daysIn(range) <= ANALYTICS_RANGE_MAX_DAYS;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** '26 Nov 2026'. */
export const dayInWords = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** '26 Nov'. */
export const shortDayInWords = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
/** '20 Nov 2026 to 26 Nov 2026', or one day. */
export const rangeInWords = (range: AnalyticsRangeQuery) => (range.from === range.to ? dayInWords(range.from) : `${dayInWords(range.from)} to ${dayInWords(range.to)}`);
