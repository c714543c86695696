import { useMemo, useState } from 'react';
import { PageFrame, VisuallyHidden } from '@croft/ui';
import { useVisibleInterval } from './use-visible-interval';
import {
  VENUE_HOURS,
  VENUE_TIME_ZONE,
  WEEK_FROM_MONDAY,
  describeSpan,
  describeStatus,
  localTime,
  venueStatus,
  type WeeklyHours,
} from './venue-hours';
import './info-pages.css';

export type DateTimePageProps = {
  /** Where "now" comes from (default the system clock); stories and tests pass their own. */
  clock?: () => Date;
  /** Opening hours (default VENUE_HOURS). */
  hours?: WeeklyHours;
};

/** How often the clock looks at the time; it re-renders only when the second changes. */
const POLL_MS = 250;

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const minuteFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const zoneFormat = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, timeZoneName: 'long' });
const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: VENUE_TIME_ZONE, timeZoneName: 'shortOffset' });

const zonePart = (format: Intl.DateTimeFormat, date: Date) =>
  format.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? '';

/** 'UTC' in winter, 'UTC+1' in summer. */
function utcOffset(date: Date): string {
  const offset = zonePart(offsetFormat, date);
  return offset === '' || offset === 'GMT' || offset === 'GMT+0' ? 'UTC' : offset.replace('GMT', 'UTC');
}

const systemClock = () => new Date();

/**
 * /croft-common-datetime: the venue clock. The time in Bristol (Europe/London, through Intl, so
 * GMT and BST are right), the date in words, and whether Croft Common is open now. The seconds
 * tick visibly; screen readers hear one polite update a minute, not one a second. A hidden tab
 * runs no timer.
 */
export function DateTimePage({ clock = systemClock, hours = VENUE_HOURS }: DateTimePageProps) {
  const [second, setSecond] = useState(() => Math.floor(clock().getTime() / 1000));
  useVisibleInterval(() => setSecond(Math.floor(clock().getTime() / 1000)), POLL_MS);

  const now = new Date(second * 1000);
  const minute = Math.floor(second / 60);
  const local = localTime(now);
  const status = venueStatus(now, hours);
  const statusText = describeStatus(status);
  // The announcement changes only when the minute does.
  const announcement = useMemo(() => {
    const at = new Date(minute * 60_000);
    return `It's ${minuteFormat.format(at)} in Bristol. ${describeStatus(venueStatus(at, hours))}`;
  }, [minute, hours]);

  return (
    <PageFrame
      section="community"
      eyebrow="Bristol time"
      title="Croft Common date and time"
      intro="What the clock says at the venue right now, and whether the doors are open."
      className="site-info"
    >
      <section className="site-clock" aria-labelledby="site-clock-heading">
        <h2 id="site-clock-heading" className="site-info__h2">
          Now in Bristol
        </h2>
        <p className="site-clock__time" aria-hidden="true">
          <time dateTime={now.toISOString()}>{timeFormat.format(now)}</time>
        </p>
        <div aria-live="polite" aria-atomic="true">
          <VisuallyHidden>{announcement}</VisuallyHidden>
        </div>
        <p className="site-clock__date">{dateFormat.format(now)}</p>
        <p className="site-clock__zone">
          {zonePart(zoneFormat, now)} ({utcOffset(now)})
        </p>
        <p className={status.open ? 'site-clock__status site-clock__status--open' : 'site-clock__status'}>
          {statusText}
        </p>
      </section>

      <section className="site-info__section" aria-labelledby="site-hours-heading">
        <h2 id="site-hours-heading" className="site-info__h2">
          Opening hours
        </h2>
        <table className="site-hours">
          <caption className="site-info__caption">Bristol time. Late nights run past midnight into the next day.</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Hours</th>
            </tr>
          </thead>
          <tbody>
            {WEEK_FROM_MONDAY.map((day) => {
              const today = day === local.weekday;
              return (
                <tr key={day} aria-current={today ? 'date' : undefined} className={today ? 'site-hours__today' : undefined}>
                  <th scope="row">
                    {day}
                    {today && <span className="site-hours__badge"> (today)</span>}
                  </th>
                  <td>{describeSpan(hours[day])}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </PageFrame>
  );
}
