/**
 * A CSV file for spreadsheets, the same from the API's exports and the web app's chart exports:
 * UTF-8 with a byte-order mark (so spreadsheets read accents), comma-separated, CRLF line ends,
 * RFC 4180 quoting (a `;` quoted too: spreadsheets in pt and fr split on it). Text that a spreadsheet would take for a formula (starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is written with a leading `'`, so a name like `=HYPERLINK(…)`
 * stays text. Numbers are written as they are (a number is never a formula).
 */

export type CsvCell = string | number | null | undefined;

/** The UTF-8 byte-order mark, first in the file. */
export const csvBom = '\uFEFF';

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",;\r\n]/;

/** One cell as written: empty for null, numbers plain, text escaped then quoted if needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, its CRLF included. */
export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: the BOM, the header line, then every row. */
export function csvFile(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const parts = [csvBom, csvLine(header)];
  for (const row of rows) parts.push(csvLine(row));
  return parts.join('');
}
