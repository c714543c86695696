import { queryOptions, useQuery } from '@croft/query';
import { nudgeStaffClient, nudgeStaffKeys } from './nudge-staff-client';

/** One nudge with its delivery log. */
export const nudgeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: nudgeStaffKeys.detail(id),
    queryFn: ({ signal }) => nudgeStaffClient.detail(id, { signal }),
    meta: { errorMessage: 'Could not load a nudge’s delivery log' },
  });

export function useNudgeDetail(id: string) {
  return useQuery(nudgeDetailQuery(id));
}
