import type { AnalyticsRangeQuery } from '@croft/contracts';
import { queryOptions, useQuery } from '@croft/query';
import { analyticsStaffClient, analyticsStaffKeys } from './analytics-staff-client';

/** The site overview of a range of venue days, with the previous period's totals. */
export const overviewQuery = (range: AnalyticsRangeQuery) =>
  queryOptions({
    queryKey: analyticsStaffKeys.overview(range),
    queryFn: ({ signal }) => analyticsStaffClient.overview(range, { signal }),
    meta: { errorMessage: 'Could not load the site analytics' },
    // Another range keeps the last figures on screen (marked as updating) until the new ones come.
    placeholderData: (previous) => previous,
  });

export function useOverview(range: AnalyticsRangeQuery) {
  return useQuery(overviewQuery(range));
}
