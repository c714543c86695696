import { createAnalyticsStaffClient } from '@croft/api-client';
import type { AnalyticsRangeQuery, AnalyticsTable } from '@croft/contracts';
import type { AnalyticsTableFilters } from '@croft/api-client';
import { getSessionClient } from '@croft/session';

/** The analytics staff calls (role staff or admin) with the page's current access token. */
export const analyticsStaffClient = createAnalyticsStaffClient({ getAccessToken: () => getSessionClient().getSession()?.access_token ?? null });

export const analyticsStaffKeys = {
  all: ['staff', 'analytics'] as const,
  overview: (range: AnalyticsRangeQuery) => ['staff', 'analytics', 'overview', range.from, range.to] as const,
  members: (range: AnalyticsRangeQuery) => ['staff', 'analytics', 'members', range.from, range.to] as const,
  table: (table: AnalyticsTable, query: AnalyticsTableFilters) => ['staff', 'analytics', 'table', table, query] as const,
};
