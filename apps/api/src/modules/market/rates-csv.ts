import {
  businessLimits,
  competitorRatesCsvColumns,
  marketLimits,
  ZDate,
  ZPrice,
  type TImportRowError,
} from '@tarifa/contract';
import { toMinor } from '@tarifa/pricing';
import { z } from 'zod';
import { readCsv, textStream } from '../../lib/csv-reader';
import { uploadedText } from '../../lib/text';

const ZObservedAt = z.iso.datetime({ offset: true });

/** One good row of a competitor-rates CSV, its competitor still by name. */
export interface ParsedRate {
  row: number;
  competitor: string;
  category: string;
  night: string;
  priceMinor: number | null;
  soldOut: boolean;
  /** Null: observed when imported. */
  observedAt: Date | null;
}

export type RatesCsv =
  | { ok: true; rates: ParsedRate[]; errors: TImportRowError[]; total: number }
  | {
      ok: false;
      code: 'empty_file' | 'missing_columns' | 'too_many_rows' | 'not_csv';
      message: string;
      columns?: string;
    };

const soldOutValues: Record<string, boolean> = {
  '': false,
  false: false,
  '0': false,
  no: false,
  true: true,
  '1': true,
  yes: true,
};

/**
 * Reads a competitor-rates CSV (docs/market.md): a header naming the columns `competitor`,
 * `category`, `date` and `price` (required), `sold_out` and `observed_at` (optional), in any order
 * and case, `,` `;` or tab separated. `price` is a decimal with a point (`129.5`), blank on a
 * sold-out row; `sold_out` true/false/1/0/yes/no (blank: false); `observed_at` an ISO date-time
 * with its offset (blank: the time of the import). Every bad cell is a row error naming its column.
 * Bytes that are not UTF-8, or a NUL anywhere, refuse the whole file (`invalid_text` on `file`).
 */
export async function parseRatesCsv(file: Buffer): Promise<RatesCsv> {
  const rates: ParsedRate[] = [];
  const errors: TImportRowError[] = [];
  let header: string[] | null = null;
  let total = 0;
  let broken = false;
  for await (const batch of readCsv(textStream(uploadedText(file)), {
    onProblem: () => (broken = true),
  })) {
    for (const record of batch) {
      if (!header) {
        header = record.fields.map((f) =>
          f
            .replace(/^\uFEFF/, '')
            .trim()
            .toLowerCase(),
        );
        const missing = competitorRatesCsvColumns
          .slice(0, 4)
          .filter((column) => !header!.includes(column));
        if (missing.length) {
          return {
            ok: false,
            code: 'missing_columns',
            message: `The file has no column ${missing.join(', ')}`,
            columns: missing.join(', '),
          };
        }
        continue;
      }
      total += 1;
      if (total > marketLimits.importRowsMax) {
        return {
          ok: false,
          code: 'too_many_rows',
          message: `Import at most ${marketLimits.importRowsMax} rows at a time`,
        };
      }
      const cell = (column: string) => record.fields[header!.indexOf(column)]?.trim() ?? '';
      const parsed = parseRow(record.line, cell, errors);
      if (parsed) rates.push(parsed);
    }
  }
  if (broken) {
    return { ok: false, code: 'not_csv', message: 'A quoted field is never closed' };
  }
  if (!header || total === 0) {
    return { ok: false, code: 'empty_file', message: 'The file has no rows' };
  }
  return { ok: true, rates, errors, total };
}

function parseRow(
  row: number,
  cell: (column: string) => string,
  errors: TImportRowError[],
): ParsedRate | null {
  const before = errors.length;
  const fail = (column: string, code: string, message: string) =>
    errors.push({ row, column, code, message });
  const competitor = cell('competitor');
  if (!competitor) fail('competitor', 'required', 'Name the competitor');
  else if (competitor.length > businessLimits.nameMax) fail('competitor', 'too_long', 'Too long');
  const category = cell('category');
  if (!category) fail('category', 'required', 'Name the room category');
  else if (category.length > marketLimits.categoryMax) fail('category', 'too_big', 'Too long');
  const night = cell('date');
  if (!ZDate.safeParse(night).success) fail('date', 'invalid_date', 'Use a date YYYY-MM-DD');
  const soldOut = soldOutValues[cell('sold_out').toLowerCase()];
  if (soldOut === undefined) fail('sold_out', 'invalid_boolean', 'Use true or false');
  const priceText = cell('price');
  let priceMinor: number | null = null;
  if (priceText) {
    const price = Number(priceText);
    if (!/^\d+(\.\d+)?$/.test(priceText) || !ZPrice.safeParse(price).success) {
      fail('price', 'invalid_price', 'Use a price more than 0 with at most 2 decimals');
    } else if (soldOut) {
      fail('price', 'sold_out_with_price', 'A sold-out rate has no price');
    } else priceMinor = toMinor(price);
  } else if (soldOut === false) {
    fail('price', 'required', 'A price, or sold_out true');
  }
  const observedText = cell('observed_at');
  if (observedText && !ZObservedAt.safeParse(observedText).success) {
    fail('observed_at', 'invalid_datetime', 'Use a date-time like 2026-05-01T09:00:00Z');
  }
  if (errors.length > before) return null;
  return {
    row,
    competitor,
    category,
    night,
    priceMinor,
    soldOut: soldOut!,
    observedAt: observedText ? new Date(observedText) : null,
  };
}
