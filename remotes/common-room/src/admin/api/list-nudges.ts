import { queryOptions, useQuery } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** Every nudge, newest first, with its counts. */
export const nudgeListQuery = () =>
  queryOptions({
    queryKey: nudgeStaffKeys.list,
    queryFn: ({ signal }) => nudgeStaffClient.list({ signal }),
    meta: { errorMessage: 'Could not load the nudges' },
  });

export function useNudgeList() {
  return useQuery(nudgeListQuery());
}
