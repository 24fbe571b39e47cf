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

/** How many rows an export has per value of its leading sort key (a night, an instant). */
export interface KeyCount {
  key: string;
  rows: number;
}

/** A span of an export's leading sort key, both ends included: one page. */
export interface KeySpan {
  from: string;
  to: string;
}

/**
 * An export's pages: consecutive values of its leading sort key taken together until they hold
 * `size` rows (one value with more rows is a page of its own). A page is then read with
 * `key between from and to`, sorted in full: it never splits a value, so the pages one after the
 * other are the file's order, and each costs what its own rows cost — no transaction, server-side
 * cursor or sort of the whole file is held between pages (PGlite has one connection).
 */
export function spansOf(counts: readonly KeyCount[], size = EXPORT_PAGE_ROWS): KeySpan[] {
  const spans: KeySpan[] = [];
  let open: { from: string; rows: number } | undefined;
  counts.forEach(({ key, rows }, i) => {
    open ??= { from: key, rows: 0 };
    open.rows += rows;
    if (open.rows >= size || i === counts.length - 1) {
      spans.push({ from: open.from, to: key });
      open = undefined;
    }
  });
  return spans;
}

/** The rows of each span, read one span at a time as they are asked for. */
export async function* pagesOf<Row>(
  spans: readonly KeySpan[],
  read: (span: KeySpan) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  for (const span of spans) yield await read(span);
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
