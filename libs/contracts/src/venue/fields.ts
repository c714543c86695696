import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from '../email';

// Fields and helpers the venue's contracts share (common-good.ts, bookings.ts).

export const VENUE_NAME_MAX = 100;
export const VENUE_EMAIL_MAX = EMAIL_MAX_LENGTH;
/** The largest page of a staff list. */
export const VENUE_LIST_MAX = 100;

export const NO_CONTROL_CHARS = /^[^\p{Cc}]*$/u;
/** Control characters except line breaks and tabs (for multi-line text). */
export const NO_CONTROL_EXCEPT_LINES = /^[^\0-\x08\x0B\x0C\x0E-\x1F\x7F]*$/;

/** 'YYYY-MM-DD' naming a day that exists (2027-02-30 is refused). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Adds whole days to an ISO date (UTC calendar arithmetic). */
export function addDaysIso(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar date at the venue (Europe/London) at `now`, as 'YYYY-MM-DD'. */
export function venueToday(now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const trimmedText = (min: number, max: number) =>
  z.string().check(z.trim(), z.minLength(min), z.maxLength(max), z.regex(NO_CONTROL_CHARS, 'must not contain control characters'));

export const objectIdField = z.string().check(z.regex(/^[a-f0-9]{24}$/, 'must be a 24-character id'));
export const isoDateTime = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/));
export const limitQuery = z.optional(
  z.string().check(
    z.regex(/^\d{1,3}$/, 'must be a whole number'),
    z.refine((v) => Number(v) >= 1 && Number(v) <= VENUE_LIST_MAX, `must be from 1 to ${VENUE_LIST_MAX}`),
  ),
);

