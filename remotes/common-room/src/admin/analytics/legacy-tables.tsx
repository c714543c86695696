import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { ANALYTICS_TABLES, analyticsIdSchema, analyticsPathSchema, type AnalyticsTable, type AnalyticsTablePage } from '@croft/contracts';
import { errorMessage, type AnalyticsTableFilters } from '@croft/api-client';
import { Button } from '@croft/ui';
import { Select, TextField } from '@croft/ui/forms';
import { LEGACY_PAGE_SIZE, useTablePage } from './api/get-table-page';
import { useDownloadTableCsv } from './api/download-table-csv';
import { LoadProblem, Loading } from './query-state';
import { initialRange, RangePicker, type RangeChoice } from './range-picker';
import { rangeInWords } from './range';

export const TABLE_WORDS: Record<AnalyticsTable, string> = {
  user_sessions: 'Sessions (user_sessions)',
  page_views: 'Page views (page_views)',
  user_journeys: 'Journeys (user_journeys)',
  user_interactions: 'Presses (user_interactions)',
};

type Who = '' | 'members' | 'visitors';
interface Filters {
  path: string;
  session_id: string;
  who: Who;
}
const NO_FILTERS: Filters = { path: '', session_id: '', who: '' };

/** A cell as the old screens showed it: '—' for none, yes/no for a flag. */
const cellText = (cell: AnalyticsTablePage['rows'][number][number]) => (cell === null ? '—' : typeof cell === 'boolean' ? (cell ? 'yes' : 'no') : String(cell));

/** The filters' problems in the contract's words, before anything is asked for. */
function filterProblems(f: Filters): Partial<Record<'path' | 'session_id', string>> {
  const problems: Partial<Record<'path' | 'session_id', string>> = {};
  const path = f.path.trim();
  const session = f.session_id.trim();
  if (path && !z.safeParse(analyticsPathSchema, path).success) problems.path = 'Page path must be a path on this site, starting with / (for example /hall).';
  if (session && !z.safeParse(analyticsIdSchema, session).success) problems.session_id = 'Session id must be 16 to 64 letters, digits, - or _.';
  return problems;
}

function RowsTable({ table, page, first }: { table: AnalyticsTable; page: AnalyticsTablePage; first: number }) {
  const caption = `${TABLE_WORDS[table]}, rows ${first} to ${first + page.rows.length - 1}`;
  return (
    <div className="an-table-wrap an-table-wrap--raw" role="region" aria-label={caption} tabIndex={0}>
      <table className="an-table an-table--raw">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {page.columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cellText(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The spec's raw tables for staff used to the old screens: one table at a time, newest first,
 * a page of 50 rows with "Older rows" (the service's next_cursor), filters (range, page path,
 * session id, members or visitors), and "Download CSV" of every matching row from the service.
 */
export function LegacyTables() {
  const [table, setTable] = useState<AnalyticsTable>('page_views');
  const [choice, setChoice] = useState<RangeChoice>(() => initialRange());
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [problems, setProblems] = useState<ReturnType<typeof filterProblems>>({});
  // The next_cursor of each page before the one shown (empty: the newest rows).
  const [cursors, setCursors] = useState<string[]>([]);
  const [saved, setSaved] = useState('');
  const download = useDownloadTableCsv();

  const base: Omit<AnalyticsTableFilters, 'limit' | 'before'> = {
    ...choice.range,
    ...(filters.path.trim() ? { path: filters.path.trim() } : {}),
    ...(filters.session_id.trim() ? { session_id: filters.session_id.trim() } : {}),
    ...(filters.who ? { who: filters.who } : {}),
  };
  const before = cursors[cursors.length - 1];
  const page = useTablePage(table, { ...base, limit: String(LEGACY_PAGE_SIZE), ...(before ? { before } : {}) });
  const first = cursors.length * LEGACY_PAGE_SIZE + 1;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = filterProblems(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setFilters(draft);
    setCursors([]);
  };
  const save = () => {
    setSaved('');
    download.mutate({ table, query: base }, { onSuccess: (name) => setSaved(`Saved ${name}.`) });
  };

  return (
    <div className="an-screen">
      <Select
        label="Table"
        value={table}
        onChange={(e) => {
          setTable(e.target.value as AnalyticsTable);
          setCursors([]);
          setSaved('');
        }}
        options={ANALYTICS_TABLES.map((t) => ({ value: t, label: TABLE_WORDS[t] }))}
        wrapperClassName="an-table-select"
      />
      <RangePicker
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setCursors([]);
        }}
      />
      <form className="an-row an-filters" onSubmit={apply} noValidate aria-label="Filters">
        <TextField label="Page path" value={draft.path} onChange={(e) => setDraft({ ...draft, path: e.target.value })} placeholder="/hall" error={problems.path} autoComplete="off" />
        <TextField label="Session id" value={draft.session_id} onChange={(e) => setDraft({ ...draft, session_id: e.target.value })} error={problems.session_id} autoComplete="off" />
        <Select
          label="Who"
          value={draft.who}
          onChange={(e) => setDraft({ ...draft, who: e.target.value as Who })}
          options={[
            { value: '', label: 'Everyone' },
            { value: 'members', label: 'Members (signed in)' },
            { value: 'visitors', label: 'Visitors (signed out)' },
          ]}
        />
        <Button type="submit" size="sm">
          Apply filters
        </Button>
      </form>
      <div className="an-row">
        <Button variant="secondary" onClick={save} loading={download.isPending} loadingLabel="Preparing the CSV">
          Download CSV
        </Button>
        <span role="status" className="an-muted">
          {saved}
        </span>
      </div>
      {download.isError && (
        <p role="alert" className="an-problem">
          Could not download the CSV: {errorMessage(download.error)}
        </p>
      )}
      <p role="status" className="an-status">
        {page.isSuccess ? (page.data.rows.length ? `${TABLE_WORDS[table]}: rows ${first} to ${first + page.data.rows.length - 1}, ${rangeInWords(choice.range)}.` : '') : ''}
      </p>
      {page.isPending ? (
        <Loading label="Loading the rows" />
      ) : page.isError ? (
        <LoadProblem what="the rows" error={page.error} onRetry={() => void page.refetch()} />
      ) : page.data.rows.length === 0 ? (
        <p className="an-empty">{cursors.length ? 'No older rows.' : 'No rows in this range yet.'}</p>
      ) : (
        <RowsTable table={table} page={page.data} first={first} />
      )}
      <div className="an-row">
        {cursors.length > 0 && (
          <Button variant="secondary" onClick={() => setCursors([])}>
            Newest rows
          </Button>
        )}
        {page.isSuccess && page.data.next_cursor && (
          <Button variant="secondary" onClick={() => setCursors([...cursors, page.data.next_cursor!])}>
            Older rows
          </Button>
        )}
      </div>
    </div>
  );
}
