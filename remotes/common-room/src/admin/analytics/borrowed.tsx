import type { MemberAnalytics } from '@croft/contracts';
import { DataTable, type DataTableProps } from './data-table';

/** Which service owns a borrowed figure (what a null says is not connected). */
const OWNERS = { by_interest: 'newsletter', loyalty: 'loyalty', cinema: 'cinema', unlocks: 'identity' } as const satisfies Partial<
  Record<keyof MemberAnalytics, string>
>;

export type BorrowedProps<Row> = Omit<DataTableProps<Row>, 'rows'> & {
  /** Which borrowed figure of the member analytics this is. */
  figure: keyof typeof OWNERS;
  /** Its rows, or null when the owning service is not connected here. */
  rows: readonly Row[] | null;
};

/**
 * A figure member analytics borrows from another service (newsletter interests, loyalty, cinema,
 * gate unlocks): its table, or, when the figure is null, a notice under the table's caption that
 * the owning service is not connected here.
 */
export function Borrowed<Row>({ figure, rows, ...table }: BorrowedProps<Row>) {
  if (rows === null) {
    return (
      <div className="an-block">
        <p className="an-block__title">{table.caption}</p>
        <p className="an-muted">Not available: the {OWNERS[figure]} service is not connected here.</p>
      </div>
    );
  }
  return <DataTable {...table} rows={rows} />;
}
