import { queryOptions, useQuery } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** How often the list is read again while a nudge is sending. */
export const NUDGE_LIST_SENDING_POLL_MS = 5_000;

/** Every nudge, newest first, with its counts. */
export const nudgeListQuery = () =>
  queryOptions({
    queryKey: nudgeStaffKeys.list,
    queryFn: ({ signal }) => nudgeStaffClient.list({ signal }),
    meta: { errorMessage: 'Could not load the nudges' },
    // While one is going out, its counts move: read them again every 5 s (paused in a hidden tab).
    refetchInterval: (query) => (query.state.data?.some((n) => n.state === 'sending') ? NUDGE_LIST_SENDING_POLL_MS : false),
  });


export function useNudgeList() {
  return useQuery(nudgeListQuery());
}
