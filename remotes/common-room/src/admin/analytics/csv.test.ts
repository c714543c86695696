import { describe, expect, it } from 'vitest';
import { csvField, csvFileName, toCsv } from './csv';

describe('the CSV of a table', () => {
  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Book "Secret Cinema", 2 seats')).toBe('"Book ""Secret Cinema"", 2 seats"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(false)).toBe('false');
  });

  it('keeps a spreadsheet from running text as a formula: = + - @ (and tab, CR) get a leading quote', () => {
    expect(csvField('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvField('+44 20')).toBe("'+44 20");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField(-1)).toBe('-1');
  });

  it('writes a header and CRLF lines, named after the table and range', () => {
    expect(toCsv(['Page', 'Views'], [['/', 10], ['/hall', 4]])).toBe('Page,Views\r\n/,10\r\n/hall,4\r\n');
    expect(csvFileName('Most pressed buttons, per page', { from: '2026-11-20', to: '2026-11-26' })).toBe('most-pressed-buttons-per-page-2026-11-20-2026-11-26.csv');
  });
});
