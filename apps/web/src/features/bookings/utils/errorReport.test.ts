import { describe, expect, it } from 'vitest';
import type { TImportRowError } from '@tarifa/contract';
import { errorReportCsv, reportFileName } from './errorReport';

const labels = { row: 'Linha', column: 'Coluna', message: 'O que está errado' };
const error = (row: number, column: string | null, message: string): TImportRowError => ({
  row,
  column,
  code: 'x',
  message,
});

/** The report without its byte-order mark, split in lines. */
const linesOf = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('the error report of an import', () => {
  it('has a header in the user’s language and one line per bad row: row, column, message', () => {
    const csv = errorReportCsv(
      [error(2, 'room_code', 'Unknown room'), error(7, 'total_amount', 'Not a number')],
      labels,
      (e) => `${e.message}!`,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(linesOf(csv)).toEqual([
      'Linha,Coluna,O que está errado',
      '2,room_code,Unknown room!',
      '7,total_amount,Not a number!',
      '',
    ]);
  });

  it('leaves the column empty when the row as a whole is at fault', () => {
    const csv = errorReportCsv([error(4, null, 'Too many fields')], labels, (e) => e.message);
    expect(linesOf(csv)[1]).toBe('4,,Too many fields');
  });

  it('quotes separators, quotes and line breaks, so each error stays one record', () => {
    const csv = errorReportCsv(
      [error(3, 'guest_name', 'Say "hi", then\nleave; ok')],
      labels,
      (e) => e.message,
    );
    expect(linesOf(csv)).toEqual([
      'Linha,Coluna,O que está errado',
      '3,guest_name,"Say ""hi"", then\nleave; ok"',
      '',
    ]);
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    const csv = errorReportCsv(
      [error(5, '=cmd', '+SUM(A1)'), error(6, '@x', '-1 is too small')],
      labels,
      (e) => e.message,
    );
    expect(linesOf(csv).slice(1, 3)).toEqual(["5,'=cmd,'+SUM(A1)", "6,'@x,'-1 is too small"]);
  });

  it('is named after the imported file', () => {
    expect(reportFileName('reservas 2025.csv', 'erros')).toBe('reservas 2025-erros.csv');
    expect(reportFileName('export', 'errors')).toBe('export-errors.csv');
  });
});
