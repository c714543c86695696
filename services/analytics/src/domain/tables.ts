import { Types, type Model } from 'mongoose';
import { ANALYTICS_TABLE_COLUMNS, ANALYTICS_TABLE_PAGE_MAX, type AnalyticsTable, type AnalyticsTablePage, type AnalyticsTableQuery } from '@croft/contracts';
import type { AnalyticsModels } from '../data/analytics-models';
import { dayEnd, dayStart, londonDay } from './days';

export const CSV_MAX_ROWS = 100_000;
export const TABLE_DEFAULT_LIMIT = 50;

type Cell = string | number | boolean | null;
type Row = Record<string, unknown> & { _id: Types.ObjectId };

/** The time field each raw table is ordered and filtered by. */
const TIME_FIELD: Record<AnalyticsTable, string> = { user_sessions: 'started_at', page_views: 'viewed_at', user_journeys: 'at', user_interactions: 'at' };

export function tableCursor(at: Date, id: Types.ObjectId | string): string {
  return `${at.getTime()}-${String(id)}`;
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. A text
 * that a spreadsheet would run as a formula (starting with = + - @, or a tab or CR) gets a leading '.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface Tables {
  page(table: AnalyticsTable, query: AnalyticsTableQuery): Promise<AnalyticsTablePage>;
  /** Every matching row (newest first, at most CSV_MAX_ROWS) as CSV lines, header first. */
  csv(table: AnalyticsTable, query: AnalyticsTableQuery): AsyncGenerator<string>;
}

export function createTables(models: AnalyticsModels): Tables {
  const modelOf: Record<AnalyticsTable, Model<Row>> = {
    user_sessions: models.session as unknown as Model<Row>,
    page_views: models.pageView as unknown as Model<Row>,
    user_journeys: models.journey as unknown as Model<Row>,
    user_interactions: models.interaction as unknown as Model<Row>,
  };

  const filterOf = (table: AnalyticsTable, query: AnalyticsTableQuery, from: Date, to: Date): Record<string, unknown> => {
    const time = TIME_FIELD[table];
    const and: Record<string, unknown>[] = [{ [time]: { $gte: from, $lt: to } }];
    if (query.session_id) and.push({ session_id: query.session_id });
    if (query.who === 'members') and.push({ user_id: { $ne: null } });
    if (query.who === 'visitors') and.push({ user_id: null });
    if (query.path) {
      if (table === 'user_journeys') and.push({ $or: [{ from_page: query.path }, { to_page: query.path }] });
      else if (table !== 'user_sessions') and.push({ page_path: query.path }); // sessions: see baseFilter
    }
    return and.length === 1 ? and[0] : { $and: and };
  };

  const rowOf = (table: AnalyticsTable, doc: Row): Cell[] => ANALYTICS_TABLE_COLUMNS[table].map((column) => cellOf(doc[column]));

  /** Sessions filtered by path: the sessions that viewed that page in the range. */
  const sessionsOnPath = async (path: string, from: Date, to: Date): Promise<string[]> =>
    (await models.pageView.distinct('session_id', { viewed_at: { $gte: from, $lt: to }, page_path: path })) as string[];

  const baseFilter = async (table: AnalyticsTable, query: AnalyticsTableQuery) => {
    const from = dayStart(query.from);
    const to = dayEnd(query.to);
    const filter = filterOf(table, { ...query, ...(table === 'user_sessions' ? { path: undefined } : {}) }, from, to);
    if (table === 'user_sessions' && query.path) {
      const ids = await sessionsOnPath(query.path, from, to);
      return { $and: [filter, { session_id: { $in: ids } }] };
    }
    return filter;
  };

  return {
    async page(table, query) {
      const limit = query.limit ? Math.min(Number(query.limit), ANALYTICS_TABLE_PAGE_MAX) : TABLE_DEFAULT_LIMIT;
      const time = TIME_FIELD[table];
      const filter = await baseFilter(table, query);
      let upper = dayEnd(query.to);
      const and: Record<string, unknown>[] = [filter];
      if (query.before) {
        const [ms, id] = query.before.split('-');
        const at = new Date(Number(ms));
        and.push({ $or: [{ [time]: { $lt: at } }, { [time]: at, _id: { $lt: new Types.ObjectId(id) } }] });
        if (at.getTime() + 1 < upper.getTime()) upper = new Date(at.getTime() + 1);
      }
      const read = async (window: Record<string, unknown>, max: number) =>
        (await modelOf[table]
          .find({ $and: [...and, window] } as never)
          .sort({ [time]: -1, _id: -1 })
          .limit(max)
          .lean()) as unknown as Row[];
      // The newest London day of what is left first (most pages end there), then the rest of the
      // range: each query sorts only its own rows.
      const lower = dayStart(query.from);
      const lastDay = new Date(Math.max(lower.getTime(), dayStart(londonDay(new Date(upper.getTime() - 1))).getTime()));
      const docs = await read({ [time]: { $gte: lastDay, $lt: upper } }, limit + 1);
      if (docs.length < limit + 1 && lastDay > lower) docs.push(...(await read({ [time]: { $gte: lower, $lt: lastDay } }, limit + 1 - docs.length)));
      const rows = docs.slice(0, limit);
      const last = rows[rows.length - 1];
      return {
        table,
        columns: [...ANALYTICS_TABLE_COLUMNS[table]],
        rows: rows.map((doc) => rowOf(table, doc)),
        next_cursor: docs.length > limit && last ? tableCursor(last[time] as Date, last._id) : null,
      };
    },
    async *csv(table, query) {
      const time = TIME_FIELD[table];
      yield `${ANALYTICS_TABLE_COLUMNS[table].join(',')}\r\n`;
      const cursor = modelOf[table]
        .find((await baseFilter(table, query)) as never)
        .sort({ [time]: -1, _id: -1 })
        .limit(CSV_MAX_ROWS)
        .lean()
        .cursor({ batchSize: 2_000 });
      let chunk: string[] = [];
      for await (const doc of cursor) {
        chunk.push(`${rowOf(table, doc as unknown as Row).map(csvCell).join(',')}\r\n`);
        if (chunk.length >= 500) {
          yield chunk.join('');
          chunk = [];
        }
      }
      if (chunk.length) yield chunk.join('');
    },
  };
}
