import type { Nudge } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** How often the list is read again while a nudge is sending, or is due and not yet taken up. */
export const NUDGE_LIST_SENDING_POLL_MS = 5_000;

/** The longest wait before the list is read again while a nudge is scheduled for later. */
export const NUDGE_LIST_SCHEDULED_MAX_WAIT_MS = 60 * 60_000;

/**
 * When to read the list again: every 5 s while a nudge is sending or is due (its time has come
 * and the sender has not taken it up yet: "Send nudge now" makes one of those); at the next
 * scheduled nudge's time otherwise (at most an hour ahead, then looked at again); never when
 * nothing can change by itself.
 */
export function nudgeListReadAgainIn(nudges: readonly Nudge[] | undefined, now: number): number | false {
  if (!nudges) return false;
  if (nudges.some((n) => n.state === 'sending')) return NUDGE_LIST_SENDING_POLL_MS;
  const waits = nudges.filter((n) => n.state === 'scheduled').map((n) => Date.parse(n.send_at) - now);
  if (waits.length === 0) return false;
  return Math.min(Math.max(Math.min(...waits), NUDGE_LIST_SENDING_POLL_MS), NUDGE_LIST_SCHEDULED_MAX_WAIT_MS);
}

/** Every nudge, newest first, with its counts. */
export const nudgeListQuery = () =>
  queryOptions({
    queryKey: nudgeStaffKeys.list,
    queryFn: ({ signal }) => nudgeStaffClient.list({ signal }),
    meta: { errorMessage: 'Could not load the nudges' },
    // Counts and states move while a nudge goes out (paused in a hidden tab).
    refetchInterval: (query) => nudgeListReadAgainIn(query.state.data, Date.now()),
  });

export function useNudgeList() {
  return useQuery(nudgeListQuery());
}
