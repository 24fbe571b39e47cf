import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { csvBom, csvLine, type CsvCell } from '@tarifa/contract';

/**
 * CSV exports written as they are read: the file's text is that of `csvFile` of
 * `@tarifa/contract` (BOM, quoting, formulas escaped), which the web app's chart exports write
 * too, sent a page of rows at a time so that no export holds its whole file in memory, nor the
 * event loop for longer than a page takes.
 */

/** Rows per page of an export: one query, one chunk written. */
export const EXPORT_PAGE_ROWS = 1000;

/** A `Content-Disposition` value for a download named `filename` (kept to safe ASCII). */
export function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}

/**
 * The rows `read` answers a page at a time, in keyset order: each page starts after the cursor
 * of the previous page's last row (`cursorOf`), so a page costs the same wherever it is in the
 * file, and no transaction or server-side cursor is held between pages (PGlite has one
 * connection).
 */
export async function* keysetPages<Row, Cursor>(
  read: (after: Cursor | undefined, limit: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
  limit = EXPORT_PAGE_ROWS,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after, limit);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

/**
 * A CSV file (the BOM, the header line, then each page's rows as `line` writes them) as a
 * stream: a page is read only when the reply has taken the previous one, and other requests are
 * served between pages. The first page is read before the stream is handed over, so a failure
 * there still answers the error model; a later one cuts the download short (the client sees an
 * incomplete transfer).
 */
export async function csvStream<Row>(
  header: readonly string[],
  pages: AsyncIterable<Row[]>,
  line: (row: Row) => readonly CsvCell[],
): Promise<Readable> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  const lines = (rows: Row[]) => rows.map((row) => csvLine(line(row))).join('');
  async function* chunks() {
    try {
      yield Buffer.from(csvBom + csvLine(header) + (first.done ? '' : lines(first.value)));
      if (first.done) return;
      for (;;) {
        await nextTurn();
        const page = await iterator.next();
        if (page.done) return;
        yield Buffer.from(lines(page.value));
      }
    } finally {
      // A download given up stops the reading.
      await iterator.return?.();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
