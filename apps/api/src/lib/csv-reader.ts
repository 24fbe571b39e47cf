import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * A streaming CSV reader for import files (RFC 4180 and the usual deviations): UTF-8 with or
 * without a BOM, LF or CRLF line ends, `,` `;` or tab delimiters, quoted fields (with `""` for a
 * quote, delimiters and line breaks inside), padding spaces around fields trimmed, empty lines
 * skipped. It reads the stream chunk by chunk, so a file is never held whole in memory.
 *
 * Written here rather than taken from a library because imports are dominated by parsing: lines
 * without quotes (nearly all of a real export) take a `split` fast path, several times faster
 * than a general character-by-character parser (see bench/RESULTS.md, import section).
 */

export type Delimiter = ',' | ';' | '\t';

export interface CsvRecord {
  /** Line of the file where the record starts (the header is usually line 1). */
  line: number;
  /** Trimmed field values; quotes removed. */
  fields: string[];
}

export interface CsvProblem {
  line: number;
  code: 'unterminated_quote';
  message: string;
}

/** The delimiter the header line uses most: comma, semicolon or tab (comma on a tie). */
export function detectDelimiter(headerLine: string): Delimiter {
  const count = (d: string) => headerLine.split(d).length - 1;
  const candidates: Delimiter[] = [',', ';', '\t'];
  let best: Delimiter = ',';
  for (const d of candidates) if (count(d) > count(best)) best = d;
  return best;
}

/** Splits one physical line that has no quote at all. */
function splitPlain(line: string, delimiter: string): string[] {
  const parts = line.split(delimiter);
  for (let i = 0; i < parts.length; i++) parts[i] = parts[i]!.trim();
  return parts;
}

/**
 * Parses a record that contains quotes, starting at `text[start]`; may span lines. Answers the
 * fields and the index just after the record's line end, or undefined when `text` ends inside a
 * quoted field (more input is needed, or — at the end of the file — the quote never closes).
 */
function parseQuoted(
  text: string,
  start: number,
  delimiter: string,
): { fields: string[]; end: number; lineBreaks: number } | undefined {
  const fields: string[] = [];
  let i = start;
  let lineBreaks = 0;
  const n = text.length;
  for (;;) {
    // One field: skip padding, then quoted or plain.
    while (i < n && (text[i] === ' ' || text[i] === '\t') && text[i] !== delimiter) i++;
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) return undefined;
        const chunk = text.slice(i, quote);
        for (let k = 0; k < chunk.length; k++) if (chunk[k] === '\n') lineBreaks++;
        value += chunk;
        if (text[quote + 1] === '"') {
          value += '"';
          i = quote + 2;
          continue;
        }
        if (quote + 1 >= n) return undefined; // cannot tell "" from " yet
        i = quote + 1;
        break;
      }
      // Anything up to the delimiter after the closing quote is kept (lenient), trimmed.
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
      const rest = text.slice(i, j).trim();
      if (rest) value += rest;
      i = j;
    } else {
      let j = i;
      while (j < n && text[j] !== delimiter && text[j] !== '\n' && text[j] !== '\r') j++;
      value = text.slice(i, j).trim();
      i = j;
    }
    fields.push(value);
    if (i >= n) return undefined; // the line end is not in the buffer yet
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    // Line end: \n, \r\n.
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    else if (i >= n) return undefined;
    return { fields, end: i, lineBreaks: lineBreaks + 1 };
  }
}

/** The longest record accepted (a quoted field longer than this is taken for a missing quote). */
const maxRecordChars = 1 << 20;

const isBlankRecord = (fields: string[]) => fields.every((f) => f === '');

/**
 * `text` (an upload held in memory) as a stream of 64 KiB pieces, for `readCsv`: read as one
 * piece, a 50 000-row file would be parsed in one turn of the event loop, every other request
 * waiting for it.
 */
export function textStream(text: string, pieceChars = 1 << 16): Readable {
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < text.length; at += pieceChars) yield text.slice(at, at + pieceChars);
    })(),
  );
}

/**
 * Reads `stream` as CSV, yielding records in batches (fewer async steps than one per record).
 * After each chunk of the stream the event loop gets a turn (other requests, timers), which the
 * promises of an in-memory stream alone would not give it.
 * Problems (a quote that never closes) are reported through `onProblem` and the rest of the file
 * after it is not readable as CSV, so reading stops there.
 */
export async function* readCsv(
  stream: Readable,
  options: {
    delimiter?: Delimiter;
    batchSize?: number;
    onProblem?: (problem: CsvProblem) => void;
    /** Called with the first line before any record, to choose the delimiter. */
    onHeaderLine?: (line: string) => Delimiter | void;
  } = {},
): AsyncGenerator<CsvRecord[]> {
  const batchSize = options.batchSize ?? 1000;
  let delimiter: string | undefined = options.delimiter;
  let buffer = '';
  let line = 1;
  let first = true;
  let batch: CsvRecord[] = [];
  stream.setEncoding('utf8');

  const drain = (final: boolean): boolean => {
    let pos = 0;
    const n = buffer.length;
    for (;;) {
      if (pos >= n) break;
      const nl = buffer.indexOf('\n', pos);
      if (nl === -1 && !final) break;
      const lineEnd = nl === -1 ? n : nl;
      let text = buffer.slice(pos, lineEnd);
      if (text.endsWith('\r')) text = text.slice(0, -1);
      if (delimiter === undefined) {
        delimiter = options.onHeaderLine?.(text) || detectDelimiter(text);
      }
      if (text.indexOf('"') === -1) {
        const fields = splitPlain(text, delimiter);
        if (!isBlankRecord(fields)) batch.push({ line, fields });
        line++;
        pos = lineEnd + 1;
        continue;
      }
      const parsed = parseQuoted(final ? `${buffer}\n` : buffer, pos, delimiter);
      if (!parsed) {
        if (!final) break;
        options.onProblem?.({
          line,
          code: 'unterminated_quote',
          message: 'A quoted field is never closed',
        });
        buffer = '';
        return false;
      }
      if (!isBlankRecord(parsed.fields)) batch.push({ line, fields: parsed.fields });
      line += parsed.lineBreaks;
      pos = Math.min(parsed.end, n);
    }
    buffer = buffer.slice(pos);
    return true;
  };

  for await (const chunk of stream as AsyncIterable<string>) {
    buffer += first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
    if (!drain(false)) return;
    if (buffer.length > maxRecordChars) {
      // Only an open quote keeps text waiting this long: the rest of the file is one "field".
      options.onProblem?.({
        line,
        code: 'unterminated_quote',
        message: 'A quoted field is never closed',
      });
      return;
    }
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
    await nextTurn();
  }
  drain(true);
  if (batch.length) yield batch;
}
