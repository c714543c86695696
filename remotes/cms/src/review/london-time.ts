import { londonOffsetMs, londonWallClock, VENUE_TIME_ZONE } from '@croft/contracts';

/** The venue's time zone: editors see and pick schedule times in it (GUIDE §15). */
export { VENUE_TIME_ZONE };

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local input for `instant`, in London time ('2026-03-29T09:30'). */
export function toLondonInput(instant: Date): string {
  const w = londonWallClock(instant.getTime());
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

export type LondonParse = { ok: true; iso: string } | { ok: false; reason: 'empty' | 'invalid' | 'skipped' };

/**
 * A datetime-local value read as London time, as the UTC ISO string the service takes
 * ('2026-07-01T09:30' → '2026-07-01T08:30:00.000Z'). A time the clocks skip (the last Sunday of
 * March, 01:00–01:59) is refused as 'skipped'; a time they pass twice (the last Sunday of October,
 * 01:00–01:59) is the first of the two (still summer time).
 */
export function londonInputToUtc(value: string): LondonParse {
  if (!value.trim()) return { ok: false, reason: 'empty' };
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return { ok: false, reason: 'invalid' };
  const [y, mo, d, h, mi] = match.slice(1).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    return { ok: false, reason: 'invalid' };
  }
  // The earlier of the candidate offsets that gives back the same wall clock.
  const candidates = [...new Set([londonOffsetMs(asUtc - 12 * 3_600_000), londonOffsetMs(asUtc + 12 * 3_600_000)])].sort((p, q) => q - p);
  for (const offset of candidates) {
    const instant = asUtc - offset;
    if (toLondonInput(new Date(instant)) === value.trim()) return { ok: true, iso: new Date(instant).toISOString() };
  }
  return { ok: false, reason: 'skipped' };
}

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: VENUE_TIME_ZONE });
const whenLong = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: VENUE_TIME_ZONE, timeZoneName: 'short' });

/** '14 Mar 2026, 09:30' in the venue's time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/** 'Sat, 14 Mar 2026, 09:30 GMT': a schedule's time, with the zone named. */
export function formatScheduleTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : whenLong.format(date);
}
