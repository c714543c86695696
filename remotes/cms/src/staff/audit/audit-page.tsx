import { useId, useState } from 'react';
import type { AuditEvent } from '@croft/contracts';
import { Link } from '@croft/router';
import { Button, PageFrame, Spinner, VisuallyHidden } from '@croft/ui';
import { Select } from '@croft/ui/forms';
import { AUDIT_SOURCES, useAuditStream, useLoadMoreAudit, type AuditSource } from '../api/audit';
import { errorMessage } from '../api/staff-client';
import { useStaffSession } from '../session';
import { actionArea, mergeAudit, type AuditStream } from './merge';
import '../guard/staff-guard.css';
import './audit-page.css';

export const AUDIT_TITLE = 'Audit log';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** '14 Mar 2026, 09:30' in the venue's time. */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

const AREA_LABELS: Record<string, string> = {
  role: 'Roles',
  text: 'Page text',
  faq: 'FAQs',
  image: 'Images',
  schedule: 'Schedules',
  secret_word: 'Secret words',
  loyalty: 'Loyalty cards',
  screening: 'Cinema screenings',
  ticket: 'Cinema check-ins',
  nudge: 'Nudges',
};
function areaLabel(area: string): string {
  return AREA_LABELS[area] ?? `${area[0]?.toUpperCase() ?? ''}${area.slice(1).replace(/_/g, ' ')}`;
}

/** One service's list: its first page, its 'Load more', and how it is doing. */
function useSource(userId: string, source: AuditSource) {
  const query = useAuditStream(userId, source);
  const more = useLoadMoreAudit(userId, source);
  return { source, query, more };
}

function EventRow({ event }: { event: AuditEvent }) {
  return (
    <tr>
      <td>
        <time dateTime={event.at}>{formatWhen(event.at)}</time>
      </td>
      <td className="cms-audit__who">{event.actor ? (event.actor.email ?? event.actor.id) : 'Croft Common (automatic)'}</td>
      <td>
        <code>{event.action}</code>
      </td>
      <td className="cms-audit__target">{event.target}</td>
      <td>{event.detail}</td>
      <td>{event.service}</td>
    </tr>
  );
}

/**
 * /admin/audit (admins): identity's, content's, loyalty's, cinema's and nudge's audit events merged newest first, with 'Load
 * more' (each service pages with its own cursor) and a filter by action area. A service that does
 * not answer gets a notice with Try again; the other's events still show.
 */
export function AuditPage() {
  const state = useStaffSession();
  const userId = state.status === 'signed-in' ? state.session.user.id : 'signed-out';
  const identity = useSource(userId, AUDIT_SOURCES[0]);
  const content = useSource(userId, AUDIT_SOURCES[1]);
  const loyalty = useSource(userId, AUDIT_SOURCES[2]);
  const cinema = useSource(userId, AUDIT_SOURCES[3]);
  const nudge = useSource(userId, AUDIT_SOURCES[4]);
  const sources = [identity, content, loyalty, cinema, nudge];
  const [area, setArea] = useState('');
  const filterId = useId();

  const settled = sources.every((s) => !s.query.isPending);
  const streams: AuditStream[] = sources
    .filter((s) => s.query.isSuccess)
    .map((s) => ({ service: s.source.service, items: s.query.data?.items ?? [], more: Boolean(s.query.data?.next_cursor) }));
  const merged = mergeAudit(streams);
  const areas = [...new Set(merged.events.map((e) => actionArea(e.action)))].sort();
  const shown = area ? merged.events.filter((e) => actionArea(e.action) === area) : merged.events;
  const loadingMore = sources.some((s) => s.more.isPending);
  const loadMore = () => {
    for (const s of sources) if (merged.waitingFor.includes(s.source.service)) s.more.mutate();
  };

  return (
    <PageFrame
      title={AUDIT_TITLE}
      section="home"
      eyebrow={<Link to="/admin" className="cms-staff-link">Staff area</Link>}
      intro="Who changed, published, scheduled or granted what, and when: every service's record in one list, newest first."
    >
      <div className="cms-audit">
        {sources.map(({ source, query, more }) =>
          query.isError ? (
            <div key={source.service} role="alert" className="cms-staff-notice cms-audit__notice">
              <p>
                {source.label}: these events could not be loaded ({errorMessage(query.error)}). The list below shows the
                other services' events only.
              </p>
              <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching} loadingLabel="Trying again">
                Try again
              </Button>
            </div>
          ) : more.isError ? (
            <div key={source.service} role="alert" className="cms-staff-notice cms-audit__notice">
              <p>
                {source.label}: older events could not be loaded ({errorMessage(more.error)}).
              </p>
            </div>
          ) : null,
        )}
        {!settled ? (
          <Spinner label="Loading the audit log" />
        ) : streams.length === 0 ? null : (
          <>
            <div className="cms-audit__tools">
              <Select
                id={filterId}
                label="Area"
                value={area}
                onChange={(e) => setArea(e.target.value)}
                options={[{ value: '', label: 'All areas' }, ...areas.map((a) => ({ value: a, label: areaLabel(a) }))]}
              />
              <p role="status" className="cms-audit__count">
                {shown.length === 1 ? '1 event' : `${shown.length} events`}
                {area ? ` in ${areaLabel(area)}` : ''}
                {merged.more ? ' so far' : ''}
              </p>
            </div>
            {shown.length === 0 ? (
              <p>{merged.more ? 'None of the events loaded so far. Load more to look further back.' : 'Nothing recorded yet.'}</p>
            ) : (
              // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
              <div className="cms-audit__table-wrap" role="region" aria-label="Audit events" tabIndex={0}>
                <table className="cms-audit__table">
                  <caption>
                    <VisuallyHidden>Audit events, newest first</VisuallyHidden>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Who</th>
                      <th scope="col">Action</th>
                      <th scope="col">What</th>
                      <th scope="col">Details</th>
                      <th scope="col">Service</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((event) => (
                      <EventRow key={`${event.service}:${event.id}`} event={event} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {merged.more && (
              <Button variant="secondary" onClick={loadMore} loading={loadingMore} loadingLabel="Loading older events">
                Load more
              </Button>
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}

export default AuditPage;
