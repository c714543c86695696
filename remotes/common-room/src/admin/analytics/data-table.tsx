import { useState, type ReactNode } from 'react';
import { Button } from '@croft/ui';
import { csvFileName, saveTextFile, toCsv, type CsvCell } from './csv';

export interface Column<Row> {
  label: string;
  /** The cell's value (what the CSV holds). */
  value: (row: Row) => CsvCell;
  /** How the cell shows on screen (default: the value). */
  render?: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** The table's name: its <caption>, and the CSV file's name. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** What to say when there are no rows. */
  empty: string;
  /** Offer "Download CSV" of the rows shown (made here, in the browser). */
  csv?: { range?: { from: string; to: string } };
  /** The first column names its row (a <th scope="row">). */
  rowHeader?: boolean;
}

/**
 * A real <table> with a caption and column headers, scrolling sideways in its own focusable
 * region on a narrow screen; an empty state in words; optionally a CSV of what it shows.
 */
export function DataTable<Row>({ caption, columns, rows, empty, csv, rowHeader = true }: DataTableProps<Row>) {
  const [saved, setSaved] = useState('');
  const download = () => {
    const name = csvFileName(caption, csv?.range);
    saveTextFile(
      name,
      toCsv(
        columns.map((c) => c.label),
        rows.map((row) => columns.map((c) => c.value(row))),
      ),
    );
    setSaved(`Saved ${name}.`);
  };
  return (
    <div className="an-block">
      {rows.length === 0 ? (
        <>
          <p className="an-block__title">{caption}</p>
          <p className="an-muted">{empty}</p>
        </>
      ) : (
        <div className="an-table-wrap" role="region" aria-label={caption} tabIndex={0}>
          <table className="an-table">
            <caption>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.numeric ? 'an-num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  {columns.map((c, j) => {
                    const content = c.render ? c.render(row) : String(c.value(row) ?? '—');
                    const className = c.numeric ? 'an-num' : undefined;
                    return j === 0 && rowHeader ? (
                      <th key={c.label} scope="row" className={className}>
                        {content}
                      </th>
                    ) : (
                      <td key={c.label} className={className}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {csv && rows.length > 0 && (
        <div className="an-row">
          <Button size="sm" variant="secondary" onClick={download} aria-label={`Download CSV of ${caption}`}>
            Download CSV
          </Button>
          <span role="status" className="an-muted">
            {saved}
          </span>
        </div>
      )}
    </div>
  );
}
