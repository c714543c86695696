import type { AnalyticsTable } from '@croft/contracts';
import type { AnalyticsTableFilters } from '@croft/api-client';
import { useMutation } from '@croft/query';
import { saveTextFile } from '../csv';
import { analyticsStaffClient } from './analytics-staff-client';

export interface TableCsvRequest {
  table: AnalyticsTable;
  query: Omit<AnalyticsTableFilters, 'limit' | 'before'>;
}

/** Fetches every matching row as the service's CSV (with the staff token) and saves it as a file; answers its name. */
export function useDownloadTableCsv() {
  return useMutation({
    mutationFn: async ({ table, query }: TableCsvRequest) => {
      const file = await analyticsStaffClient.tableCsv(table, query);
      saveTextFile(file.filename, file.text, 'text/csv');
      return file.filename;
    },
  });
}
