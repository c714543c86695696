/** The venue's time zone: editors see and pick schedule times in it (GUIDE §15). */
export const VENUE_TIME_ZONE = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(instant: number): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const got: Record<string, number> = {};
  for (const p of parts.formatToParts(new Date(instant))) if (p.type !== 'literal') got[p.type] = Number(p.value);
  return { y: got.year, mo: got.month, d: got.day, h: got.hour, mi: got.minute, s: got.second };
}

/** Milliseconds London is ahead of UTC at `instant` (0 in winter, 3,600,000 in summer). */
function offsetAt(instant: number): number {
  const w = wallClock(instant);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of a datetime-local input for `instant`, in London time ('2026-03-29T09:30'). */
export function toLondonInput(instant: Date): string {
  const w = wallClock(instant.getTime());
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
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
  const candidates = [...new Set([offsetAt(asUtc - 12 * 3_600_000), offsetAt(asUtc + 12 * 3_600_000)])].sort((p, q) => q - p);
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
