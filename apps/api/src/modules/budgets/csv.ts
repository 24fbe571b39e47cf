import {
  budgetCsvColumns,
  budgetLimits,
  toFieldIssues,
  ZBudgetMonth,
  type TBudgetMonth,
  type TFieldIssue,
} from '@tarifa/contract';
import { readCsv, textStream } from '../../lib/csv-reader';
import { AppError } from '../../lib/errors';
import { uploadedText } from '../../lib/text';

/** A budget month of the file, with the line it was read from. */
export interface BudgetLine extends TBudgetMonth {
  line: number;
}

/** The wire field of each CSV column (issues of the contract's schema name the wire field). */
const columnOf: Record<keyof TBudgetMonth, (typeof budgetCsvColumns)[number]> = {
  month: 'month',
  roomNights: 'room_nights',
  revenue: 'revenue',
};

/**
 * A cell as a number: digits (a minus sign allowed, for the schema to refuse by name) with at most one decimal mark, a point or a comma (`1250.5`,
 * `1250,5`); blank is undefined (`required`), anything else NaN (refused by the schema). No
 * thousands separators: `1,250.50` is not a number here.
 */
function numberOf(cell: string): number | undefined {
  if (cell === '') return undefined;
  return /^-?\d+([.,]\d+)?$/.test(cell) ? Number(cell.replace(',', '.')) : Number.NaN;
}

/** The issue of `line` at `column`: path `file.<line>.<column>`, the line and column as params. */
const lineIssue = (line: number, column: string, found: TFieldIssue): TFieldIssue => ({
  ...found,
  path: `file.${line}.${column}`,
  params: { ...found.params, line, column },
});

/**
 * Reads a budget CSV (docs/budgets.md): a header naming `month`, `room_nights` and `revenue` in
 * any order and case (other columns ignored), `,` `;` or tab separated, then one month a line.
 * All or nothing: any bad line refuses the whole file with every problem named by line and
 * column (400 `validation_failed`, paths `file.<line>.<column>`), as does a month listed twice.
 */
export async function readBudgetCsv(bytes: Buffer): Promise<BudgetLine[]> {
  const text = uploadedText(bytes);
  const lines: BudgetLine[] = [];
  const issues: TFieldIssue[] = [];
  const firstLine = new Map<string, number>();
  let header: string[] | undefined;
  let broken = false;
  for await (const batch of readCsv(textStream(text), { onProblem: () => (broken = true) })) {
    for (const { line, fields } of batch) {
      if (!header) {
        header = fields.map((field) => field.toLowerCase());
        const missing = budgetCsvColumns.filter((column) => !header!.includes(column));
        if (missing.length > 0) {
          throw AppError.field('file', 'missing_columns', 'The file lacks columns', {
            columns: missing.join(', '),
          });
        }
        continue;
      }
      if (lines.length + issues.length >= budgetLimits.csvRowsMax) {
        throw AppError.field('file', 'too_many', 'Too many lines in one file', {
          maximum: budgetLimits.csvRowsMax,
        });
      }
      const cell = (column: string) => fields[header!.indexOf(column)] ?? '';
      const parsed = ZBudgetMonth.safeParse({
        month: cell('month'),
        roomNights: numberOf(cell('room_nights')),
        revenue: numberOf(cell('revenue')),
      });
      if (!parsed.success) {
        for (const found of toFieldIssues(parsed.error)) {
          issues.push(lineIssue(line, columnOf[found.path as keyof TBudgetMonth], found));
        }
        continue;
      }
      const before = firstLine.get(parsed.data.month);
      if (before !== undefined) {
        issues.push(
          lineIssue(line, 'month', {
            path: '',
            code: 'duplicate_line',
            params: { first: before },
            message: `This month is already on line ${before}`,
          }),
        );
        continue;
      }
      firstLine.set(parsed.data.month, line);
      lines.push({ ...parsed.data, line });
    }
  }
  if (broken) throw AppError.field('file', 'not_csv', 'A quoted field is never closed');
  if (issues.length > 0) {
    throw AppError.validation(issues, 'Some lines of the file are invalid; nothing was saved');
  }
  if (lines.length === 0) throw AppError.field('file', 'empty_file', 'The file has no months');
  return lines;
}
