import type { AnalyticsTable } from '@croft/contracts';
import type { AnalyticsTableFilters } from '@croft/api-client';
import { queryOptions, useQuery } from '@croft/query';
import { analyticsStaffClient, analyticsStaffKeys } from './analytics-staff-client';

/** Rows a page of the legacy screens shows. */
export const LEGACY_PAGE_SIZE = 50;

/** One page of a raw table (newest first; `before` is the next_cursor of the page before). */
export const tablePageQuery = (table: AnalyticsTable, query: AnalyticsTableFilters) =>
  queryOptions({
    queryKey: analyticsStaffKeys.table(table, query),
    queryFn: ({ signal }) => analyticsStaffClient.table(table, query, { signal }),
    meta: { errorMessage: 'Could not load the table' },
  });

export function useTablePage(table: AnalyticsTable, query: AnalyticsTableFilters) {
  return useQuery(tablePageQuery(table, query));
}
