import { csvFile } from '@tarifa/contract';
import { describe, expect, it } from 'vitest';
import { attachment, csvStream, pagesOf, spansOf } from './csv-writer';

describe('the CSV download header', () => {
  it('names a download with safe characters only', () => {
    expect(attachment('prices 2025-07-01"x.csv')).toBe(
      'attachment; filename="prices_2025-07-01_x.csv"',
    );
  });
});

/** Pages of the numbers 1…n, `size` a page, read as asked for (each read recorded). */
const numbers = (n: number, size: number) => {
  const reads: number[] = [];
  const spans = Array.from({ length: Math.ceil(n / size) }, (_, page) => ({
    from: String(page * size + 1),
    to: String(Math.min(n, (page + 1) * size)),
  }));
  const pages = pagesOf(spans, async ({ from, to }) => {
    reads.push(Number(from));
    return Array.from({ length: Number(to) - Number(from) + 1 }, (_, i) => Number(from) + i);
  });
  return { pages, reads };
};

describe('an export’s pages', () => {
  const counts = (...rows: number[]) =>
    rows.map((n, i) => ({ key: `2026-06-${String(i + 1).padStart(2, '0')}`, rows: n }));

  it('takes consecutive keys together until they hold a page, never splitting a key', () => {
    expect(spansOf(counts(400, 400, 400, 2500, 10, 10), 1000)).toEqual([
      { from: '2026-06-01', to: '2026-06-03' },
      { from: '2026-06-04', to: '2026-06-04' },
      { from: '2026-06-05', to: '2026-06-06' },
    ]);
    expect(spansOf(counts(1000, 1), 1000)).toEqual([
      { from: '2026-06-01', to: '2026-06-01' },
      { from: '2026-06-02', to: '2026-06-02' },
    ]);
    expect(spansOf([], 1000)).toEqual([]);
  });

  it('are read one at a time, as they are asked for', async () => {
    const { pages, reads } = numbers(7, 3);
    const iterator = pages[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual([1, 2, 3]);
    expect(reads).toEqual([1]);
    expect((await iterator.next()).value).toEqual([4, 5, 6]);
    expect((await iterator.next()).value).toEqual([7]);
    expect((await iterator.next()).done).toBe(true);
  });
});

describe('a streamed CSV file', () => {
  const header = ['n', 'name'];
  const line = (n: number) => [n, n % 2 ? `=cmd|${n}` : `Quarto; "${n}"`];
  const text = async (stream: AsyncIterable<Buffer>) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return { chunks, body: Buffer.concat(chunks).toString('utf8') };
  };

  it('is byte for byte the whole file csvFile writes, one chunk per page', async () => {
    const { chunks, body } = await text(await csvStream(header, numbers(10, 4).pages, line));
    const whole = csvFile(
      header,
      Array.from({ length: 10 }, (_, i) => line(i + 1)),
    );
    expect(body).toBe(whole);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]!.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('with no rows is the BOM and the header line', async () => {
    const { body } = await text(await csvStream(header, numbers(0, 4).pages, line));
    expect(body).toBe(csvFile(header, []));
  });

  it('reads the first page before it is handed over: a failure there is thrown, not streamed', async () => {
    const failing = pagesOf<number>([{ from: '1', to: '1' }], () =>
      Promise.reject(new Error('no database')),
    );
    await expect(csvStream(header, failing, line)).rejects.toThrow('no database');
  });

  it('stops reading when the download is given up', async () => {
    const { pages, reads } = numbers(100_000, 10);
    const stream = await csvStream(header, pages, line);
    for await (const chunk of stream) {
      expect(chunk.length).toBeGreaterThan(0);
      break; // destroys the stream
    }
    const turns = async (n: number) => {
      for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    await turns(5);
    const readSoFar = reads.length;
    await turns(50);
    expect(reads.length).toBe(readSoFar);
    expect(readSoFar).toBeLessThan(100);
  });
});
