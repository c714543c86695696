const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/London' });

/** 'Thursday 26 November' for a London calendar date ('2026-11-26'). */
export const screeningDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`)).replace(',', '');

/** 'Wednesday 25 November, 19:00' in London for an instant. */
export const londonWhen = (iso: string) => instantFormat.format(new Date(iso)).replace(/^(\w+),/, '$1');
