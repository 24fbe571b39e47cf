import { describe, expect, it } from 'vitest';
import { attachment } from './csv-writer';

describe('the CSV download header', () => {
  it('names a download with safe characters only', () => {
    expect(attachment('prices 2025-07-01"x.csv')).toBe(
      'attachment; filename="prices_2025-07-01_x.csv"',
    );
  });
});
