import { csvFile } from '@tarifa/contract';
import { describe, expect, it } from 'vitest';
import { attachment, csvStream, keysetPages } from './csv-writer';

describe('the CSV download header', () => {
  it('names a download with safe characters only', () => {
    expect(attachment('prices 2025-07-01"x.csv')).toBe(
      'attachment; filename="prices_2025-07-01_x.csv"',
    );
  });
});

/** Rows 1…n read `limit` at a time after a cursor (the last number read), recording each read. */
const numbers = (n: number) => {
  const reads: (number | undefined)[] = [];
  const read = async (after: number | undefined, limit: number) => {
    reads.push(after);
    const start = after ?? 0;
    return Array.from({ length: Math.max(0, Math.min(limit, n - start)) }, (_, i) => start + i + 1);
  };
  return { read, reads };
};

const collect = async (pages: AsyncIterable<number[]>) => {
  const seen: number[][] = [];
  for await (const page of pages) seen.push(page);
  return seen;
};

describe('keyset pages', () => {
  it('reads page after page from the last row, and stops at a short page', async () => {
    const { read, reads } = numbers(7);
    expect(await collect(keysetPages(read, (row) => row, 3))).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(reads).toEqual([undefined, 3, 6]);
  });

  it('reads once more when the last page is full, and yields no empty page', async () => {
    const { read, reads } = numbers(6);
    expect(await collect(keysetPages(read, (row) => row, 3))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(reads).toEqual([undefined, 3, 6]);
    expect(await collect(keysetPages(numbers(0).read, (row) => row, 3))).toEqual([]);
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
    const { read } = numbers(10);
    const { chunks, body } = await text(
      await csvStream(
        header,
        keysetPages(read, (n) => n, 4),
        line,
      ),
    );
    const whole = csvFile(
      header,
      Array.from({ length: 10 }, (_, i) => line(i + 1)),
    );
    expect(body).toBe(whole);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]!.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('with no rows is the BOM and the header line', async () => {
    const { body } = await text(
      await csvStream(
        header,
        keysetPages(numbers(0).read, (n) => n),
        line,
      ),
    );
    expect(body).toBe(csvFile(header, []));
  });

  it('reads the first page before it is handed over: a failure there is thrown, not streamed', async () => {
    const failing = keysetPages<number, number>(
      () => Promise.reject(new Error('no database')),
      (n) => n,
    );
    await expect(csvStream(header, failing, line)).rejects.toThrow('no database');
  });

  it('stops reading when the download is given up', async () => {
    const { read, reads } = numbers(100_000);
    const stream = await csvStream(
      header,
      keysetPages(read, (n) => n, 10),
      line,
    );
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
