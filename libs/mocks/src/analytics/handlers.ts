// MSW handlers for the analytics service's staff dashboards (/api/analytics/staff/*, issue 15):
// the overview, member analytics and the spec's raw tables (paged, filtered, or all of it as CSV),
// answered from the factories for whatever range is asked, with the service's rules and words:
// a bearer token is needed, a start after the end (or more than ANALYTICS_RANGE_MAX_DAYS days) is range_invalid.
import { HttpResponse } from 'msw';
import {
  ANALYTICS_ERROR_MESSAGES,
  ANALYTICS_RANGE_MAX_DAYS,
  analyticsEndpoints as analytics,
  type AnalyticsRangeQuery,
  type AnalyticsTableQuery,
} from '@croft/contracts';
import { mockEndpoint, mockError, type MockFailure } from '../endpoint';
import {
  buildAnalyticsOverview,
  buildAnalyticsTablePage,
  buildAnalyticsTableRows,
  buildMemberAnalytics,
  daysOfRange,
  mockTableCsv,
  type MockAnalyticsRow,
} from './analytics-factory';

export const ANALYTICS_WORLDS = ['busy', 'empty', 'not-connected'] as const;
/**
 * - 'busy': a venue's ordinary traffic every day of any range, every member figure connected;
 * - 'empty': nothing recorded (zeros, empty tables);
 * - 'not-connected': busy traffic, but member analytics' borrowed figures (newsletter, loyalty,
 *   cinema, gate unlocks) are null, as a standalone analytics service answers.
 */
export type AnalyticsWorldName = (typeof ANALYTICS_WORLDS)[number];

export interface AnalyticsMockOptions {
  world?: AnalyticsWorldName;
  /** Answer each call with this failure instead ('csv': only the format=csv download). */
  failures?: { overview?: MockFailure; members?: MockFailure; table?: MockFailure; csv?: MockFailure };
  /** Raw rows per day in the busy worlds (12 by default). */
  rowsPerDay?: number;
}

const NOT_SIGNED_IN: MockFailure = { status: 401, code: 'not_authenticated', message: 'Please sign in first.' };
const RANGE_INVALID: MockFailure = { status: 400, code: 'range_invalid', message: ANALYTICS_ERROR_MESSAGES.range_invalid };
const signedIn = (request: Request) => /^Bearer \S+$/.test(request.headers.get('authorization') ?? '');
const rangeOk = ({ from, to }: AnalyticsRangeQuery) => from <= to && daysOfRange({ from, to }).length <= ANALYTICS_RANGE_MAX_DAYS;

/** The rows a raw-table query matches (before paging). */
function matching(rows: MockAnalyticsRow[], query: AnalyticsTableQuery): MockAnalyticsRow[] {
  return rows.filter(
    (row) =>
      (!query.path || row.paths.includes(query.path)) &&
      (!query.session_id || row.session_id === query.session_id) &&
      (!query.who || (query.who === 'members') === row.member),
  );
}

/** The rows after a cursor in the newest-first order: older, or as old with a smaller id. */
function olderThan(rows: MockAnalyticsRow[], cursor: string): MockAnalyticsRow[] {
  const [at, id] = [Number(cursor.slice(0, cursor.indexOf('-'))), cursor.slice(cursor.indexOf('-') + 1)];
  return rows.filter((row) => row.at < at || (row.at === at && row.id < id));
}

export function analyticsHandlers(options: AnalyticsMockOptions = {}) {
  const world = options.world ?? 'busy';
  const traffic = world === 'empty' ? 'empty' : 'busy';
  const gate = (request: Request, query: AnalyticsRangeQuery, failure?: MockFailure) =>
    !signedIn(request) ? mockError(NOT_SIGNED_IN) : failure ? mockError(failure) : !rangeOk(query) ? mockError(RANGE_INVALID) : null;

  return [
    mockEndpoint(analytics.overview, ({ query, request }) => gate(request, query, options.failures?.overview) ?? buildAnalyticsOverview({ range: query, world: traffic })),
    mockEndpoint(analytics.members, ({ query, request }) => gate(request, query, options.failures?.members) ?? buildMemberAnalytics({ range: query, world })),
    mockEndpoint(analytics.table, ({ params, query, request }) => {
      const csv = query.format === 'csv';
      const refused = gate(request, query, options.failures?.table ?? (csv ? options.failures?.csv : undefined));
      if (refused) return refused;
      const rows = matching(buildAnalyticsTableRows(params.table, { range: query, world: traffic, perDay: options.rowsPerDay }), query);
      if (csv) {
        return new HttpResponse(mockTableCsv(params.table, rows), {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${params.table}-${query.from}-${query.to}.csv"` },
        });
      }
      return buildAnalyticsTablePage(params.table, { rows: query.before ? olderThan(rows, query.before) : rows, limit: query.limit ? Number(query.limit) : 50 });
    }),
  ];
}
