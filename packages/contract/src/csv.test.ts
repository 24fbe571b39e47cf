import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, csvLine } from './csv';

describe('the CSV writer', () => {
  it('writes plain text, numbers and empty cells as they are', () => {
    expect(csvLine(['Double', 100, 12.5, null, undefined, ''])).toBe('Double,100,12.5,,,\r\n');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('Suite, sea view')).toBe('"Suite, sea view"');
    expect(csvCell('The "blue" room')).toBe('"The ""blue"" room"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Ana; Rui')).toBe('"Ana; Rui"');
  });

  it('prefixes text a spreadsheet would run as a formula with an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x.test","click")')).toBe(
      `"'=HYPERLINK(""http://x.test"",""click"")"`,
    );
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('\rCR')).toBe(`"'\rCR"`);
    // Inside the text, the same characters are harmless; numbers are never formulas.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-3.5)).toBe('-3.5');
  });

  it('keeps a guest whose name is a formula as text, and numbers as numbers', () => {
    const guests = ['=HYPERLINK("http://evil.test","x")', '@SUM(1)', '+1', '-1+1'];
    expect(csvLine([...guests, -1, 0.5])).toBe(
      `"'=HYPERLINK(""http://evil.test"",""x"")",'@SUM(1),'+1,'-1+1,-1,0.5\r\n`,
    );
  });

  it('starts a file with the UTF-8 byte-order mark and its header', () => {
    const file = csvFile(['date', 'room'], [['2025-07-01', 'Quarto Duplo — vista']]);
    expect(file).toBe('\uFEFFdate,room\r\n2025-07-01,Quarto Duplo — vista\r\n');
    expect(Buffer.from(file, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
