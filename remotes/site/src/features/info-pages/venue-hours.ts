/**
 * Croft Common's opening hours and the "open now?" rule, in the venue's own time zone
 * (Europe/London, so GMT in winter and BST in summer). A span whose closing time is not after its
 * opening time runs past midnight into the next day (Friday 08:00–01:00 closes at 01:00 Saturday).
 */
export const VENUE_TIME_ZONE = 'Europe/London';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface OpeningSpan {
  /** 'HH:MM', 24-hour. */
  opens: string;
  /** 'HH:MM', 24-hour; at or before `opens` means after midnight. */
  closes: string;
}

export type WeeklyHours = Record<Weekday, OpeningSpan | null>;

export const VENUE_HOURS: WeeklyHours = {
  Monday: { opens: '08:00', closes: '23:00' },
  Tuesday: { opens: '08:00', closes: '23:00' },
  Wednesday: { opens: '08:00', closes: '23:00' },
  Thursday: { opens: '08:00', closes: '23:00' },
  Friday: { opens: '08:00', closes: '01:00' },
  Saturday: { opens: '08:00', closes: '01:00' },
  Sunday: { opens: '09:00', closes: '22:30' },
};

/** The order the hours table reads in (the week starts on Monday in the UK). */
export const WEEK_FROM_MONDAY: readonly Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight for 'HH:MM'; throws on anything else. */
export function minutesOf(time: string): number {
  const match = HH_MM.exec(time);
  if (!match) throw new Error(`Opening time "${time}" must be 'HH:MM' (24-hour)`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function crossesMidnight(span: OpeningSpan): boolean {
  return minutesOf(span.closes) <= minutesOf(span.opens);
}

/** The wall-clock reading of an instant in a time zone. */
export interface LocalTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  weekday: Weekday;
  hour: number;
  minute: number;
  second: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** Reads `date` on the venue's clock (or another zone's), with Intl: no hand-made DST rules. */
export function localTime(date: Date, timeZone: string = VENUE_TIME_ZONE): LocalTime {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: parts.weekday as Weekday,
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

export type VenueStatus =
  | { open: true; /** 'HH:MM' */ closesAt: string; /** Closing falls after midnight. */ closesAfterMidnight: boolean }
  | {
      open: false;
      /** When it opens next: 'today', 'tomorrow' or the weekday's name; undefined if never. */
      opensOn?: 'today' | 'tomorrow' | Weekday;
      opensAt?: string;
    };

const previousDay = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];
const nextDay = (day: Weekday, step = 1): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + step) % 7];

/**
 * Whether the venue is open at `date`, and when it closes or next opens. The night before still
 * counts after midnight: 00:30 on a Saturday is inside Friday's 08:00–01:00.
 */
export function venueStatus(date: Date, hours: WeeklyHours = VENUE_HOURS, timeZone: string = VENUE_TIME_ZONE): VenueStatus {
  const now = localTime(date, timeZone);
  const minute = now.hour * 60 + now.minute;

  const lastNight = hours[previousDay(now.weekday)];
  if (lastNight && crossesMidnight(lastNight) && minute < minutesOf(lastNight.closes)) {
    return { open: true, closesAt: lastNight.closes, closesAfterMidnight: false };
  }
  const today = hours[now.weekday];
  if (today && minute >= minutesOf(today.opens) && (crossesMidnight(today) || minute < minutesOf(today.closes))) {
    return { open: true, closesAt: today.closes, closesAfterMidnight: crossesMidnight(today) };
  }
  if (today && minute < minutesOf(today.opens)) return { open: false, opensOn: 'today', opensAt: today.opens };
  for (let step = 1; step <= 7; step += 1) {
    const day = nextDay(now.weekday, step);
    const span = hours[day];
    if (span) return { open: false, opensOn: step === 1 ? 'tomorrow' : day, opensAt: span.opens };
  }
  return { open: false };
}

/** 'Open now · closes at 01:00 (after midnight)' style line for the page. */
export function describeStatus(status: VenueStatus): string {
  if (status.open) return `Open now. Closes at ${status.closesAt}${status.closesAfterMidnight ? ' (after midnight)' : ''}.`;
  if (!status.opensOn || !status.opensAt) return 'Closed.';
  const when = status.opensOn === 'today' || status.opensOn === 'tomorrow' ? status.opensOn : `on ${status.opensOn}`;
  return `Closed now. Opens ${when} at ${status.opensAt}.`;
}

/** '08:00–01:00 (next day)' or 'Closed', for the hours table. */
export function describeSpan(span: OpeningSpan | null): string {
  if (!span) return 'Closed';
  return `${span.opens}–${span.closes}${crossesMidnight(span) ? ' (next day)' : ''}`;
}
