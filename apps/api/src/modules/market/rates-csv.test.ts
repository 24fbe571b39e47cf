import { describe, expect, it } from 'vitest';
import { parseRatesCsv } from './rates-csv';

/** A competitor-rates CSV of `rows` rows: one hotel's double on consecutive nights. */
function ratesFile(rows: number): Buffer {
  const lines = ['competitor,category,date,price'];
  const first = Date.UTC(2027, 0, 1);
  for (let i = 0; i < rows; i += 1) {
    const night = new Date(first + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    lines.push(`Hotel ${Math.floor(i / 700)},Double,${night},${100 + (i % 50)}.5`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe('reading a competitor-rates CSV', () => {
  it('lets other work run while it reads a file near its size limit', async () => {
    const file = ratesFile(40_000); // about 1.3 MB
    // Another request's work waits for a turn of the event loop: count the turns the read gives.
    let turns = 0;
    let reading = true;
    const other = () => {
      turns += 1;
      if (reading) setImmediate(other);
    };
    setImmediate(other);
    const parsed = await parseRatesCsv(file);
    reading = false;

    expect(parsed).toMatchObject({ ok: true, total: 40_000, errors: [] });
    // Read in one piece, the whole file is parsed before anything else runs (a turn or two).
    expect(turns).toBeGreaterThanOrEqual(file.length / (1 << 16) - 1);
  });
});
