import type { AuditEvent } from '@croft/contracts';

/** One service's audit list as loaded so far. */
export interface AuditStream {
  service: string;
  /** Newest first, as the service pages them. */
  items: readonly AuditEvent[];
  /** The service has older events (it gave a next_cursor). */
  more: boolean;
}

export interface MergedAudit {
  /** Every service's events, newest first, as far back as all of them are known. */
  events: AuditEvent[];
  /** The services whose next page the merged list waits for ('Load more' reads these). */
  waitingFor: string[];
  /** Some service still has older events. */
  more: boolean;
}

const time = (event: AuditEvent) => Date.parse(event.at);

/** Newest first; ties by service then id (newest id first), so the order never flickers. */
export function compareNewestFirst(a: AuditEvent, b: AuditEvent): number {
  return time(b) - time(a) || a.service.localeCompare(b.service) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/**
 * Merges the services' pages by time. A service with more pages is only known back to its oldest
 * loaded event, so the list stops at the latest of those points: an older event of another
 * service waits until every service has been read that far (otherwise a later page could slip in
 * above it). 'Load more' then reads the services the list waits for.
 */
export function mergeAudit(streams: readonly AuditStream[]): MergedAudit {
  let horizon = -Infinity;
  for (const s of streams) {
    const oldest = s.items[s.items.length - 1];
    if (s.more && oldest) horizon = Math.max(horizon, time(oldest));
  }
  const events = streams
    .flatMap((s) => s.items)
    .filter((e) => time(e) >= horizon)
    .sort(compareNewestFirst);
  const waitingFor = streams
    .filter((s) => s.more && (s.items.length === 0 || time(s.items[s.items.length - 1]) >= horizon))
    .map((s) => s.service);
  return { events, waitingFor, more: streams.some((s) => s.more) };
}

/** An action's area: 'text.published' → 'text'. */
export function actionArea(action: string): string {
  return action.split('.')[0] ?? action;
}
