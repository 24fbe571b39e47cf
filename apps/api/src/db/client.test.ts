import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase, rowsOf } from './client';

// PGlite's own: the PostgreSQL lane leaves this file out (vitest.config.ts).
// Two starts of an embedded server on disk, the first creating its cluster: about 16 s alone on
// the 2-core machine, twice that beside the end-to-end lane; the timeout leaves room for both.
describe('the embedded database on disk', { timeout: 120_000 }, () => {
  it('is created in an empty folder, starts with its settings, and opens again with its data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-pglite-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, 'pglite');
    const settings = { shared_buffers: '16MB' };

    const first = await openDatabase({ kind: 'pglite', dataDir, settings });
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('still here')`);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);

    const again = await openDatabase({ kind: 'pglite', dataDir, settings });
    onTestFinished(() => again.close());
    const shown = rowsOf<{ shared_buffers: string }>(
      await again.db.execute(sql`show shared_buffers`),
    );
    expect(shown[0]!.shared_buffers).toBe('16MB');
    expect(rowsOf(await again.db.execute(sql`select note from kept`))).toEqual([
      { note: 'still here' },
    ]);
  });
});
