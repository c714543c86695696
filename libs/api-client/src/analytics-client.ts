import {
  analyticsEndpoints as analytics,
  endpointUrl,
  type AnalyticsOverview,
  type AnalyticsRangeQuery,
  type AnalyticsTable,
  type AnalyticsTablePage,
  type AnalyticsTableQuery,
  type MemberAnalytics,
} from '@croft/contracts';
import { answerOrThrow, ApiError, type ClientOptions } from './api-error';
import { bearerFrom } from './bearer';
import { callEndpoint, type CallInit } from './call-endpoint';

export interface AnalyticsStaffClientOptions extends ClientOptions {
  /** The signed-in staff member's access token (null when signed out). */
  getAccessToken: () => string | null;
}

/** A raw table as the service's CSV file. */
export interface AnalyticsCsvFile {
  /** The file name the service suggests (Content-Disposition), or `<table>-<from>-<to>.csv`. */
  filename: string;
  /** The whole file, as text/csv. */
  text: string;
}

/** The query of a raw table without the paging and format the client sets itself. */
export type AnalyticsTableFilters = Omit<AnalyticsTableQuery, 'format'>;

/** The analytics team's staff calls (role staff or admin), for the dashboards under /admin. */
export interface AnalyticsStaffClient {
  /** Visitors, sessions, views, bounce and time for a range and the one before it, with the breakdowns. */
  overview(range: AnalyticsRangeQuery, init?: CallInit): Promise<AnalyticsOverview>;
  /** What signed-in members do in a range (the other services' figures may be null). */
  members(range: AnalyticsRangeQuery, init?: CallInit): Promise<MemberAnalytics>;
  /** One page of a raw table, newest first. */
  table(table: AnalyticsTable, query: AnalyticsTableFilters, init?: CallInit): Promise<AnalyticsTablePage>;
  /** Every matching row of a raw table as the service's CSV (format=csv), fetched with the bearer token. */
  tableCsv(table: AnalyticsTable, query: Omit<AnalyticsTableFilters, 'limit' | 'before'>, init?: CallInit): Promise<AnalyticsCsvFile>;
}

/** The file name in a Content-Disposition header (filename="…"), if any. */
function filenameFrom(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match) return null;
  const name = decodeURIComponent(match[1]).replace(/[\\/]/g, '_').trim();
  return name || null;
}

export function createAnalyticsStaffClient(options: AnalyticsStaffClientOptions): AnalyticsStaffClient {
  const bearer = bearerFrom(options.getAccessToken);
  return {
    overview: async (query, init) => callEndpoint(options, analytics.overview, { query }, bearer(init)),
    members: async (query, init) => callEndpoint(options, analytics.members, { query }, bearer(init)),
    table: async (table, query, init) => callEndpoint(options, analytics.table, { params: { table }, query: { ...query, format: 'json' } }, bearer(init)),
    tableCsv: async (table, query, init) => {
      // A plain link cannot carry the bearer token: fetch the file and hand its text back.
      const headers = bearer(init).headers;
      const url = `${options.baseUrl ?? ''}${endpointUrl(analytics.table, { params: { table }, query: { ...query, format: 'csv' } })}`;
      const doFetch = options.fetch ?? ((input, i) => fetch(input, i));
      let res: Response;
      try {
        res = await doFetch(url, { method: 'GET', credentials: 'same-origin', signal: init?.signal, headers: { accept: 'text/csv', ...headers } });
      } catch (error) {
        throw new ApiError(0, 'network_error', error instanceof Error ? error.message : 'Network error');
      }
      if (!res.ok) answerOrThrow(res.status, await res.json().catch(() => undefined));
      if (!(res.headers.get('content-type') ?? '').toLowerCase().startsWith('text/csv')) {
        throw new ApiError(res.status, 'invalid_response', `The answer to GET ${analytics.table.path} (format=csv) was not a CSV file`);
      }
      const text = await res.text();
      return { filename: filenameFrom(res.headers.get('content-disposition')) ?? `${table}-${query.from}-${query.to}.csv`, text };
    },
  };
}
