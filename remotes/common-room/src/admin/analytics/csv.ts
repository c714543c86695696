/** A cell of a table as staff download it. */
export type CsvCell = string | number | boolean | null | undefined;

/**
 * One CSV field: empty for no value; text that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is prefixed with ' ; a field with a comma, quote or
 * line break is quoted, its quotes doubled (RFC 4180). Numbers and booleans are written as they are.
 */
export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A header line and one line per row, CRLF-separated (what spreadsheets expect). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A file name from a title: 'Top pages' → 'top-pages-2026-11-20-2026-11-26.csv'. */
export function csvFileName(title: string, range?: { from: string; to: string }): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'table'}${range ? `-${range.from}-${range.to}` : ''}.csv`;
}

/** Saves text as a file through the browser's download (a Blob behind a temporary link). */
export function saveTextFile(filename: string, text: string, type = 'text/csv'): void {
  // A byte-order mark so spreadsheet apps read the file as UTF-8 (names like 'Today’s menu').
  const blob = new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], { type: `${type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
