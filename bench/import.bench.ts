// Import benchmark (issue 6): 120 000 generated "Hotel booking demand" rows through the real import
// job, on PGlite and on a throwaway PostgreSQL server, next to a COPY of the same file into a plain
// table of the same database (the baseline), with the process's peak memory. Each database runs
// in a child process of its own, so the peak memory is that run's alone.
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
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { businesses, imports, roomTypes, users } from '../apps/api/src/db/schema';
import { jobRunner } from '../apps/api/src/core/jobs';
import { unitOfWork } from '../apps/api/src/core/unit-of-work';
import { IMPORT_JOB, registerImportJobs } from '../apps/api/src/modules/imports/jobs';
import { findPostgresBin, startPostgres } from '../apps/api/test/postgres-server';
import { writeHotelBookingDemandCsv } from '../apps/api/test/booking-factories';

const ROWS = 120_000;
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface ChildResult {
  database: string;
  rows: number;
  inserted: number;
  skipped: number;
  rejected: number;
  importMs: number;
  copyMs: number;
  /** The imported rows COPYed back into an emptied `bookings`: what the table alone costs. */
  tableCopyMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** One database: the baseline COPY, then the import job as the server runs it. */
async function child(kind: 'pglite' | 'postgres', file: string, dir: string) {
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

    // Baseline: COPY of the same file into a plain table (32 text columns, no index).
    const columns = Array.from({ length: 32 }, (_, i) => `c${i} text`).join(', ');
    await db.execute(sql.raw(`create table copy_baseline (${columns})`));
    const copyStarted = performance.now();
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
    const copyMs = performance.now() - copyStarted;
    await db.execute(sql.raw('drop table copy_baseline'));

    // The import, as `POST …/bookings/import` queues it and the job mechanism runs it.
    const id = randomUUID();
    const upload = path.join(dir, `${id}.csv`);
    fs.copyFileSync(file, upload);
    const rssBefore = process.memoryUsage().rss;
    await db.insert(imports).values({
      id,
      businessUuid: business!.uuid,
      createdBy: owner!.uuid,
      format: 'hotel-booking-demand',
      mode: 'skip_invalid',
      hotel: 'City Hotel',
      fileName: 'bench.csv',
      fileSize: fs.statSync(upload).size,
      filePath: upload,
    });
    const log = { info() {}, warn() {}, error() {}, child: () => log } as never;
    const worker = jobRunner({ database, log, pollMs: 20 });
    registerImportJobs(worker, { database, unitOfWork: unitOfWork(db), log });
    await worker.enqueue(db, IMPORT_JOB, { importId: id }, { maxAttempts: 1 });
    const importStarted = performance.now();
    await worker.start();
    let job;
    for (;;) {
      [job] = await db.select().from(imports).where(eq(imports.id, id));
      if (job!.status === 'succeeded' || job!.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const importMs = performance.now() - importStarted;
    await worker.stop();
    if (job!.status !== 'succeeded') throw new Error(`import failed: ${JSON.stringify(job)}`);
    const peakRss = process.resourceUsage().maxRSS * 1024;

    // Reference: the same rows COPYed into `bookings` itself (its indexes, keys and checks).
    const bookingColumns =
      'business_uuid, room_type_uuid, external_id, arrival, departure, rooms, adults, children, ' +
      'status, booked_at, cancelled_at, total_amount_minor, currency, channel, segment, ' +
      'country, guest_name, import_id';
    const exported = `copy (select ${bookingColumns} from bookings) to stdout`;
    const reload = `copy bookings (${bookingColumns}) from stdin`;
    let tableCopyMs: number;
    if (kind === 'postgres') {
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      const client = await pool.connect();
      try {
        const chunks: Buffer[] = [];
        const out = client.query(copyTo(exported));
        for await (const chunk of out as AsyncIterable<Buffer>) chunks.push(chunk);
        await client.query('delete from bookings');
        const started = performance.now();
        await pipeline(Readable.from(chunks), client.query(copyFrom(reload)));
        tableCopyMs = performance.now() - started;
      } finally {
        client.release();
      }
    } else {
      const client = (db as unknown as { $client: PGlite }).$client;
      const result = await client.query(exported.replace('stdout', "'/dev/blob'"));
      await client.query('delete from bookings');
      const started = performance.now();
      await client.query(reload.replace('stdin', "'/dev/blob'"), [], { blob: result.blob! });
      tableCopyMs = performance.now() - started;
    }
    const result: ChildResult = {
      database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      rows: job!.processed,
      inserted: job!.inserted,
      skipped: job!.skipped,
      rejected: job!.rejected,
      importMs,
      copyMs,
      tableCopyMs,
      rssBeforeMb: Math.round(rssBefore / 1024 / 1024),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  } finally {
    await database.close();
    stopServer();
  }
}

async function parent() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-bench-'));
  try {
    const file = path.join(dir, 'hotel_bookings.csv');
    // One hotel for every row, so that all of them are imported.
    await writeHotelBookingDemandCsv(file, ROWS, 42, 1);
    console.log(
      `${ROWS.toLocaleString('en')} generated "Hotel booking demand" rows (${mib(fs.statSync(file).size)}), ` +
        `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${mib(os.totalmem())} RAM, Node ${process.version}`,
    );
    const kinds: ('pglite' | 'postgres')[] = ['pglite'];
    if (findPostgresBin()) kinds.push('postgres');
    else console.log('PostgreSQL: skipped (no binaries in /usr/lib/postgresql/*/bin or PG_BIN)');
    for (const kind of kinds) {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', import.meta.filename, 'child', kind, file, dir],
        { encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) {
        console.log(`${kind}: failed\n${run.stdout}\n${run.stderr}`);
        process.exitCode = 1;
        continue;
      }
      const r = JSON.parse(line.slice(7)) as ChildResult;
      const rate = (rows: number, ms: number) =>
        `${Math.round(rows / (ms / 1000)).toLocaleString('en')} rows/s`;
      console.log(
        `${r.database.padEnd(10)} import ${(r.importMs / 1000).toFixed(1)} s (${rate(r.rows, r.importMs)}; ` +
          `${r.inserted} inserted, ${r.skipped} other hotel, ${r.rejected} rejected) · ` +
          `COPY baseline ${(r.copyMs / 1000).toFixed(2)} s (${rate(ROWS, r.copyMs)}) · ` +
          `${(r.importMs / r.copyMs).toFixed(1)}× COPY · peak RSS ${r.peakRssMb} MB ` +
          `(${r.rssBeforeMb} MB before the import)\n${''.padEnd(11)}reference: the imported rows ` +
          `COPYed into bookings itself ${(r.tableCopyMs / 1000).toFixed(2)} s ` +
          `(${(r.tableCopyMs / r.copyMs).toFixed(1)}× the baseline)`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] as 'pglite' | 'postgres', process.argv[4]!, process.argv[5]!);
} else {
  await parent();
}
