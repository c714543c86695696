import type { AnalyticsRangeQuery } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import { analyticsStaffClient, analyticsStaffKeys } from './analytics-staff-client';

/** What signed-in members did in a range (the other services' figures may be null). */
export const memberAnalyticsQuery = (range: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: analyticsStaffKeys.members(range),
    queryFn: ({ signal }) => analyticsStaffClient.members(range, { signal }),
    meta: { errorMessage: 'Could not load the member analytics' },
    placeholderData: (previous) => previous,
  });

export function useMemberAnalytics(range: AnalyticsRangeQuery) {
  return useQuery(memberAnalyticsQuery(range));
}
