/**
 * The download header of a CSV export. The file's text is `csvFile` of `@tarifa/contract` (BOM,
 * quoting, formulas escaped), which the web app's chart exports write too.
 */

/** A `Content-Disposition` value for a download named `filename` (kept to safe ASCII). */
export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
