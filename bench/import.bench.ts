// Import benchmark: 120 000 generated "Hotel booking demand" rows through the real import job, on
// PGlite and on a throwaway PostgreSQL server, next to a COPY of the same file into a plain table of
// the same database (the baseline), alternating, with the process's peak memory. Each database
// runs in a child process of its own (`node … import.bench.ts child …`), so the peak memory is that
// run's alone.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDatabase, rowsOf, type Database } from '../apps/api/src/db/client';
import { bookings, businesses, imports, roomTypes, users } from '../apps/api/src/db/schema';
import { systemClock } from '../apps/api/src/core/clock';
import { fileStore, type StoredFile } from '../apps/api/src/core/files/store';
import { jobRunner } from '../apps/api/src/core/jobs';
import { unitOfWork } from '../apps/api/src/core/unit-of-work';
import { IMPORT_JOB, importJob } from '../apps/api/src/modules/imports/jobs';
import { findPostgresBin, startPostgres } from '../apps/api/test/postgres-server';
import { writeHotelBookingDemandCsv } from '../apps/api/test/booking-factories';
import { peakRssMb, pgliteSettings } from './databases';
import { addRow, median, type Report } from './report';

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

interface ChildResult {
  inserted: number;
  importMs: number[];
  copyMs: number[];
  /** The imported rows COPYed back into an emptied `bookings`: what the table alone costs. */
  tableCopyMs: number;
  /** The same, through an unlogged staging table and one `INSERT … SELECT`. */
  stagedMs: number;
  /** The same, without the two secondary indexes, rebuilt after the COPY. */
  rebuiltMs: number;
  /** The staged rows' `INSERT … SELECT` alone, and its foreign keys' checks (EXPLAIN ANALYZE). */
  insertMs: number;
  foreignKeysMs: number;
  /** RSS high-water mark after the first import. */
  firstPeakRssMb: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** COPY of the file into a plain table (32 text columns, no index), dropped after; its ms. */
async function baselineCopy(db: Database['db'], kind: 'pglite' | 'postgres', file: string) {
  const columns = Array.from({ length: 32 }, (_, i) => `c${i} text`).join(', ');
  await db.execute(sql.raw(`create table copy_baseline (${columns})`));
  const started = performance.now();
  const copy = 'copy copy_baseline from stdin with (format csv, header true)';
  if (kind === 'postgres') {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      await pipeline(fs.createReadStream(file), client.query(copyFrom(copy)));
    } finally {
      client.release();
    }
  } else {
    const client = (db as unknown as { $client: PGlite }).$client;
    await client.query(copy.replace('stdin', "'/dev/blob'"), [], {
      blob: await fs.openAsBlob(file),
    });
  }
  const ms = performance.now() - started;
  await db.execute(sql.raw('drop table copy_baseline'));
  return ms;
}

/** The file as `POST …/bookings/import` receives it: in the database's file store. */
const storeUpload = (database: Database, file: string, businessUuid: string) =>
  fileStore(database.db).write(
    { kind: 'import', contentType: 'text/csv', businessUuid },
    fs.createReadStream(file),
  );

/** The import of an upload, as `POST …/bookings/import` queues it and the job mechanism runs it. */
async function runImport(
  database: Database,
  log: never,
  at: { upload: StoredFile; owner: string; business: string },
) {
  const { db } = database;
  const id = randomUUID();
  const { upload } = at;
  await db.insert(imports).values({
    id,
    businessUuid: at.business,
    createdBy: at.owner,
    format: 'hotel-booking-demand',
    mode: 'skip_invalid',
    hotel: 'City Hotel',
    fileName: 'bench.csv',
    fileSize: upload.size,
    fileId: upload.id,
  });
  const worker = jobRunner({ database, log, pollMs: 20, clock: systemClock });
  worker.register(
    IMPORT_JOB,
    importJob({ database, unitOfWork: unitOfWork(db, { jobs: worker }), log }),
  );
  await worker.enqueue(db, IMPORT_JOB, { importId: id }, { maxAttempts: 1 });
  await worker.start();
  let job;
  for (;;) {
    [job] = await db.select().from(imports).where(eq(imports.id, id));
    if (job!.status === 'succeeded' || job!.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await worker.stop();
  if (job!.status !== 'succeeded') throw new Error(`import failed: ${JSON.stringify(job)}`);
  return job!;
}

/** What `EXPLAIN (ANALYZE, FORMAT JSON)` answers of a write. */
interface Explained {
  'Execution Time': number;
  Triggers: { 'Constraint Name'?: string; Time: number; Calls: number }[];
}

const bookingColumns =
  'business_uuid, room_type_uuid, external_id, arrival, departure, rooms, adults, children, ' +
  'status, booked_at, cancelled_at, total_amount_minor, currency, channel, segment, ' +
  'country, guest_name, import_id, booked_on, cancelled_on';

/**
 * The imported rows exported once, then loaded back into an emptied `bookings` three ways, each
 * timed: a COPY into the table itself (its indexes, keys and checks: the floor of any import); a
 * COPY into an unlogged staging table then one `INSERT … SELECT`; a COPY with the two secondary
 * indexes dropped, rebuilt after.
 */
async function references(database: Database) {
  const { db } = database;
  const exported = `copy (select ${bookingColumns} from bookings) to stdout`;
  let load: (statement: string) => Promise<unknown>;
  let release = () => {};
  if (database.kind === 'postgres') {
    const client = await (db as unknown as { $client: pg.Pool }).$client.connect();
    release = () => client.release();
    const chunks: Buffer[] = [];
    for await (const chunk of client.query(copyTo(exported)) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
    }
    load = (statement) => pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
  } else {
    const client = (db as unknown as { $client: PGlite }).$client;
    const { blob } = await client.query(exported.replace('stdout', "'/dev/blob'"));
    load = (statement) => client.query(statement.replace('stdin', "'/dev/blob'"), [], { blob });
  }
  const run = async (work: () => Promise<unknown>) => {
    await db.delete(bookings);
    await db.execute(sql`vacuum analyze bookings`);
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const execute = (statement: string) => db.execute(sql.raw(statement));
  try {
    const copyIntoBookings = `copy bookings (${bookingColumns}) from stdin`;
    const tableCopyMs = await run(() => load(copyIntoBookings));
    let insertMs = 0;
    let foreignKeysMs = 0;
    const stagedMs = await run(async () => {
      await execute(
        `create unlogged table import_stage as select ${bookingColumns} from bookings with no data`,
      );
      await load('copy import_stage from stdin');
      // Profiled as it runs: what the per-row foreign-key checks take of it.
      const [plan] = rowsOf<{ 'QUERY PLAN': [Explained] }>(
        await execute(
          `explain (analyze, buffers, format json) insert into bookings (${bookingColumns}) ` +
            `select ${bookingColumns} from import_stage`,
        ),
      )[0]!['QUERY PLAN'];
      insertMs = plan['Execution Time'];
      foreignKeysMs = plan.Triggers.filter((t) => t['Constraint Name']?.endsWith('_fk')).reduce(
        (sum, t) => sum + t.Time,
        0,
      );
      await execute('drop table import_stage');
    });
    const secondary = ['bookings_stay_idx', 'bookings_booked_idx'];
    const definitions = rowsOf<{ indexdef: string }>(
      await execute(
        `select indexdef from pg_indexes where indexname in (${secondary.map((i) => `'${i}'`).join(', ')})`,
      ),
    ).map((r) => r.indexdef);
    const rebuiltMs = await run(async () => {
      for (const index of secondary) await execute(`drop index ${index}`);
      await load(copyIntoBookings);
      for (const definition of definitions) await execute(definition);
    });
    return { tableCopyMs, stagedMs, rebuiltMs, insertMs, foreignKeysMs };
  } finally {
    release();
  }
}

/**
 * One database: `rounds` times the import job as the server runs it then the baseline COPY (the
 * imported rows deleted between rounds); PGlite with the product's settings (config.ts) unless
 * `BENCH_PGLITE_SETTINGS` (JSON) says others.
 */
async function child(kind: 'pglite' | 'postgres', file: string, dir: string, rounds: number) {
  let stopServer = () => {};
  let database: Database;
  if (kind === 'postgres') {
    const server = await startPostgres(findPostgresBin()!);
    stopServer = server.stop;
    const admin = new pg.Client({ connectionString: server.url('postgres') });
    await admin.connect();
    await admin.query('create database bench');
    await admin.end();
    database = await openDatabase({ kind: 'postgres', url: server.url('bench') });
  } else {
    database = await openDatabase({
      kind: 'pglite',
      dataDir: path.join(dir, `pglite-${randomUUID()}`),
      settings: pgliteSettings(),
    });
  }
  try {
    await database.migrate();
    const { db } = database;
    const [owner] = await db
      .insert(users)
      .values({ name: 'Bench', email: 'bench@example.test', passwordHash: 'x' })
      .returning();
    const [business] = await db
      .insert(businesses)
      .values({ ownerUuid: owner!.uuid, name: 'Bench Hotel', settings: {} as never })
      .returning();
    await db.insert(roomTypes).values(
      ['A', 'D', 'E', 'F', 'G'].map((code, i) => ({
        businessUuid: business!.uuid,
        name: code,
        code,
        rooms: 500,
        basePriceMinor: 10000,
        minPriceMinor: 5000,
        maxPriceMinor: 30000,
        sortOrder: i,
      })),
    );

    const log = { info() {}, warn() {}, error() {}, child: () => log } as never;
    const copyMs: number[] = [];
    const importMs: number[] = [];
    let rssBefore = 0;
    let firstPeakRssMb = 0;
    let job: typeof imports.$inferSelect | undefined;
    for (let round = 0; round < rounds; round += 1) {
      if (round > 0) {
        await db.delete(bookings);
        await db.execute(sql`vacuum analyze bookings`);
      }
      const upload = await storeUpload(database, file, business!.uuid);
      rssBefore = process.memoryUsage().rss;
      const started = performance.now();
      job = await runImport(database, log, {
        upload,
        owner: owner!.uuid,
        business: business!.uuid,
      });
      importMs.push(performance.now() - started);
      // Before any baseline COPY: a server's memory after an import, not after the benchmark's
      // own loading of the file into the database.
      if (round === 0) firstPeakRssMb = peakRssMb();
      copyMs.push(await baselineCopy(db, kind, file));
    }

    const reference = await references(database);
    const result: ChildResult = {
      inserted: job!.inserted,
      importMs,
      copyMs,
      ...reference,
      rssBeforeMb: mib(rssBefore),
      peakRssMb: peakRssMb(),
      firstPeakRssMb,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await database.close();
    stopServer();
  }
}

export default async function importBench(report: Report) {
  const rows = report.quick ? 30_000 : 120_000;
  const rounds = report.quick ? 1 : 3;
  const section = report.section(
    'import',
    'Import and server memory (`bench/import.bench.ts`)',
    `${rows.toLocaleString('en')} generated "Hotel booking demand" rows (all of one hotel, all ` +
      'valid) through the real import job (the worker, as `POST …/bookings/import` queues it), ' +
      "from the job's start to its success: counting, parsing, validating, mapping, writing, " +
      'committing. The **baseline** is a `COPY` of the same file into a plain table of 32 text ' +
      'columns without any index, on the same database, just after each import. The imported ' +
      'rows are deleted between rounds. Peak memory is the RSS high-water mark ' +
      '(`VmHWM`) of the process that opened the database (PGlite on a ' +
      'new data folder, as a first start) and ran the imports, each database in a process of its own.',
    HISTORY,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-bench-'));
  try {
    const file = path.join(dir, 'hotel_bookings.csv');
    // One hotel for every row, so that all of them are imported.
    await writeHotelBookingDemandCsv(file, rows, 42, 1);
    const kinds: ('pglite' | 'postgres')[] = ['pglite'];
    if (findPostgresBin()) kinds.push('postgres');
    else
      section.notes.push(
        'PostgreSQL: skipped (no binaries in /usr/lib/postgresql/*/bin or PG_BIN)',
      );
    for (const kind of kinds) {
      const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const r = inChild([kind, file, dir, String(rounds)]);
      if (r.inserted !== rows) throw new Error(`${label}: ${r.inserted} of ${rows} rows imported`);
      const copy = { measured: 'COPY into a plain table', values: r.copyMs };
      addRow(section, {
        database: label,
        measured: `import of ${rows.toLocaleString('en')} rows`,
        unit: 'ms',
        values: r.importMs,
        baseline: copy,
        goal: kind === 'postgres' ? { ratioAtMost: 5 } : undefined,
        comment:
          kind === 'postgres'
            ? `the floor alone is ${(r.tableCopyMs / median(r.copyMs)).toFixed(1)}×; see the notes`
            : undefined,
      });
      for (const [measured, ms] of [
        ['floor: the imported rows COPYed into `bookings` itself', r.tableCopyMs],
        ['tried: COPY into an unlogged staging table, then one `INSERT … SELECT`', r.stagedMs],
        ['tried: COPY into `bookings` without its 2 secondary indexes, rebuilt after', r.rebuiltMs],
      ] as const) {
        addRow(section, { database: label, measured, unit: 'ms', values: [ms], baseline: copy });
      }
      section.notes.push(
        `${label}: of the staged rows' \`INSERT … SELECT\` (${Math.round(r.insertMs)} ms under ` +
          `EXPLAIN ANALYZE), the per-row checks of the two foreign keys (business, room type) ` +
          `took ${Math.round(r.foreignKeysMs)} ms; the rest is the heap and the four indexes.`,
      );
      addRow(section, {
        database: label,
        measured: 'peak RSS of the process after the first import',
        unit: 'MB',
        values: [r.firstPeakRssMb],
        goal: { under: 400 },
      });
      if (rounds > 1) {
        addRow(section, {
          database: label,
          measured: `peak RSS after ${rounds} imports (${r.rssBeforeMb} MB before the last)`,
          unit: 'MB',
          values: [r.peakRssMb],
        });
      }
    }
    section.notes.push(WHY_NOT_FIVE_TIMES);
    if (!report.quick) {
      // PGlite's memory setting (config.ts), measured against PostgreSQL's default.
      const settings = { shared_buffers: '128MB' };
      const r = inChild(['pglite', file, dir, '1'], {
        BENCH_PGLITE_SETTINGS: JSON.stringify(settings),
      });
      const copy = { measured: 'COPY into a plain table', values: r.copyMs };
      const measured = "PGlite with `shared_buffers=128MB` (PostgreSQL's default)";
      addRow(section, {
        database: 'PGlite',
        measured: `${measured}: the import`,
        unit: 'ms',
        values: r.importMs,
        baseline: copy,
      });
      addRow(section, {
        database: 'PGlite',
        measured: `${measured}: peak RSS after the import`,
        unit: 'MB',
        values: [r.firstPeakRssMb],
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `child` in a process of its own and answers its result. */
function inChild(args: string[], env: Record<string, string> = {}): ChildResult {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, 'child', ...args],
    { encoding: 'utf8', maxBuffer: 1 << 24, env: { ...process.env, ...env } },
  );
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`import child ${args[0]} failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(line.slice(7)) as ChildResult;
}

const WHY_NOT_FIVE_TIMES =
  'Import within 5× of COPY on PostgreSQL: not reachable by loading the rows differently. Merely ' +
  'COPYing the same rows into `bookings` (the floor) costs 8–10× the baseline: each row is ' +
  'checked against two foreign keys and enters four indexes (the primary key, the unique external ' +
  'id the upsert needs, the stay and booked-at indexes every analytics and price query reads). ' +
  'The two ways the issue suggests are measured in the same run ("tried"): an unlogged staging ' +
  'table then one `INSERT … SELECT` pays the same checks and indexes after a second copy; ' +
  'dropping the two secondary indexes and rebuilding them is a little faster here only because ' +
  "the table holds this import alone — in production `bookings` holds every hotel's bookings, " +
  'a rebuild costs in proportion to all of them, and `DROP INDEX` locks the table (ACCESS ' +
  "EXCLUSIVE) against every hotel's reads for the whole import. Neither is adopted. What the " +
  'import adds to the floor is its own work (reading, validating and mapping in JavaScript, ' +
  'overlapped with the COPY).';

const HISTORY = `
2026-11-21 (issue 6, load 2–6), import ÷ COPY: PGlite 7.7 s and 6.1 s (14–16×), PostgreSQL 3.6 s
and 2.8 s (14–16×); the reference (the rows COPYed into \`bookings\` itself) 8–10× the baseline;
peak RSS PGlite 885–921 MB (734–866 MB before the import), PostgreSQL 301–308 MB (165–172 MB
before). What made it faster then: a CSV reader with a split fast path (csv-parse took 4.5 s, the
reader 0.2–0.6 s), day-number arithmetic with per-file caches in the mapper (2.4 s → 0.5 s), on
PostgreSQL COPY straight into \`bookings\` inside the one transaction instead of staging and moving
(the move alone took 4–8 s), \`bookings.import_id\` not a foreign key, no index spent on rows
without an external id.

Peak memory on PGlite (issue 15): 870–920 MB came from PGlite's initdb (about 600 MB of
WebAssembly memory while it runs) in the server's own process on a first start, and from
\`shared_buffers\` at PostgreSQL's 128MB. Now the data folder is created in a short-lived process
of its own and \`PGLITE_SHARED_BUFFERS\` defaults to 16MB: 390–430 MB after the import in runs of
this benchmark (the higher figures when other jobs load the machine). Tried without gain, one
import each: \`shared_buffers=8MB\` (389 MB against 390 MB, the COPY into \`bookings\` slower) and,
with 16MB, \`work_mem=1MB\`, \`maintenance_work_mem=8MB\`, \`wal_buffers=512kB\`,
\`temp_buffers=1MB\` (404 MB).
`;

if (process.argv[1] === import.meta.filename && process.argv[2] === 'child') {
  const [kind, file, dir, rounds] = process.argv.slice(3);
  await child(kind as 'pglite' | 'postgres', file!, dir!, Number(rounds));
}
