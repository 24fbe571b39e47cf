import { csvFile, type TImportRowError } from '@tarifa/contract';

interface ErrorReportLabels {
  row: string;
  column: string;
  message: string;
}

/**
 * The downloadable error report of an import, built in the browser: a CSV with a header and one
 * line per bad row — its number in the file (the header is row 1, as a spreadsheet shows it), the
 * column at fault (empty when the row as a whole is) and what is wrong, in the user's language.
 * Written by the contract's `csvFile`, as the chart and API exports: CRLF line ends, a byte-order
 * mark (so spreadsheets read accents right), and text that looks like a formula kept as text.
 */
export function errorReportCsv(
  errors: readonly TImportRowError[],
  labels: ErrorReportLabels,
  message: (error: TImportRowError) => string,
): string {
  return csvFile(
    [labels.row, labels.column, labels.message],
    errors.map((error) => [error.row, error.column, message(error)]),
  );
}

/** Saves `text` as a file through a temporary link (nothing leaves the browser). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** `reservas.csv` → `reservas-erros.csv` (the suffix translated by the caller). */
export function reportFileName(fileName: string, suffix: string): string {
  const base = fileName.replace(/\.[^.]*$/, '') || 'import';
  return `${base}-${suffix}.csv`;
}
