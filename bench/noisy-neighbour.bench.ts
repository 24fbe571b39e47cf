// Noisy-neighbour benchmark (issue 25): tenant B's calendar reads and bookings import, quiet and
// then while tenant A does the worst its plan allows, with the event loop's delay meanwhile. The
// scenario is the test's (apps/api/test/noisy-neighbour.ts), on one app per database with its
// jobs in the background and the machine's clock.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { rowsOf, type Database } from '../apps/api/src/db/client';
import type { TestApp } from '../apps/api/test/helpers';
import {
  ended,
  heavyCalls,
  importStatus,
  noisyRoomTypes,
  noisyTenants,
  outsideLimits,
  pressTests,
  readCalendar,
  startImport,
  startSilentReceiver,
  testPresses,
  type Tenant,
} from '../apps/api/test/noisy-neighbour';
import { addDays } from '@tarifa/pricing';
import { addRow, type Report, type Row, type Section } from './report';
import { onEachDatabase } from './databases';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The value under which `p` of the samples lie (nearest rank). */
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** Waits until no job is due or running (the recomputations that saving room types started). */
async function settled(database: Database) {
  for (;;) {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        select count(*)::int as n from jobs
         where status = 'running' or (status = 'queued' and run_at <= now())`),
    );
    if (row!.n === 0) return;
    await sleep(100);
  }
}

/** How often B asks for its calendar. */
const READ_EVERY_MS = 100;

/**
 * B asks for its calendar every `READ_EVERY_MS` until `over()` (at least `atLeast` times), each
 * read timed from the moment it was due: a read that could not even start while the event loop
 * was held counts the wait (reads one after another would not, and would ask less often).
 * Answers the times and how many answers were not 200.
 */
async function readEvery(t: TestApp, b: Tenant, from: string, over: () => boolean, atLeast = 1) {
  const times: number[] = [];
  const reads: Promise<void>[] = [];
  let refused = 0;
  const start = performance.now();
  for (let i = 0; i < atLeast || !over(); i += 1) {
    const due = start + i * READ_EVERY_MS;
    if (due > performance.now()) await sleep(due - performance.now());
    reads.push(
      readCalendar(t, b, from).then((read) => {
        times.push(performance.now() - due);
        if (read.status !== 200) refused += 1;
      }),
    );
  }
  await Promise.all(reads);
  return { times, refused };
}

/** B's import, from its `POST` until `GET …/imports/{id}` says it succeeded, in seconds. */
async function timedImport(t: TestApp, b: Tenant, from: string) {
  const started = performance.now();
  const id = await startImport(t, b, from);
  for (;;) {
    const status = await importStatus(t, b, id);
    if (ended(status)) {
      if (status.status !== 'succeeded') throw new Error(`B's import ${status.status}`);
      return (performance.now() - started) / 1000;
    }
    await sleep(25);
  }
}

async function run(section: Section, label: string, database: Database, quick: boolean) {
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The guard off, as in the tests: B's reads are timed, not refused with 503 while the loop
    // is late (the delay itself is measured below).
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const t: TestApp = { app, database, close: () => app.close() };
  const receiver = await startSilentReceiver();
  try {
    const { a, b } = await noisyTenants(t, receiver);
    const from = addDays(new Date().toISOString().slice(0, 10), 1);
    await settled(database);

    // Quiet: B alone.
    const quiet = await readEvery(t, b, from, () => true, quick ? 20 : 60);
    if (quiet.refused > 0) throw new Error("B's quiet reads were refused");
    const quietReads = quiet.times;
    const quietImport = await timedImport(t, b, from);
    await settled(database);

    // Noisy: A's presses, then its heaviest calls at once, while B reads and imports.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const presses = await pressTests(t, a);
    let noiseOver = false;
    const noise = heavyCalls(t, a, from).finally(() => (noiseOver = true));
    const reading = readEvery(t, b, from, () => noiseOver);
    const noisyImport = await timedImport(t, b, from);
    const answers = [...presses, ...(await noise)];
    const noisy = await reading;
    loop.disable();
    const delay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
    const wrong = outsideLimits(answers);
    if (wrong.length > 0) throw new Error(`A was refused: ${JSON.stringify(wrong)}`);

    const refused = noisy.refused > 0 ? `; ${noisy.refused} of them refused (503)` : '';
    const p = (q: number) => ({
      noisy: [percentile(noisy.times, q)],
      quiet: [percentile(quietReads, q)],
    });
    const rows: Omit<Row, 'database'>[] = [
      {
        measured: `B's calendar read, p50 (${noisy.times.length} reads under noise${refused})`,
        unit: 'ms',
        values: p(0.5).noisy,
        baseline: { measured: `quiet (${quietReads.length} reads)`, values: p(0.5).quiet },
      },
      {
        measured: "B's calendar read, p99",
        unit: 'ms',
        values: p(0.99).noisy,
        baseline: { measured: 'quiet', values: p(0.99).quiet },
        goal: { ratioAtMost: 2 },
      },
      {
        measured: "B's import of 3 bookings, posted to succeeded",
        unit: 's',
        values: [noisyImport],
        baseline: { measured: 'quiet', values: [quietImport] },
        goal: { under: 5 },
      },
      {
        measured: 'event-loop delay p99 during the noise',
        unit: 'ms',
        values: [delay.p99],
        goal: { under: 200 },
      },
      { measured: 'event-loop delay, longest, during the noise', unit: 'ms', values: [delay.max] },
    ];
    for (const row of rows) addRow(section, { database: label, ...row });
    const byStatus = new Map<string, number>();
    for (const x of answers) {
      const key = `${x.call} ${x.status}`;
      byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
    }
    // How long each of A's heavy calls took, to its whole answer: what B's requests waited behind.
    const heavy = answers
      .filter((x) => !x.call.endsWith('/webhook/test'))
      .map((x) => `${x.call} ${(x.ms / 1000).toFixed(2)} s`);
    section.notes.push(
      `${label}: A was answered ${[...byStatus].map(([k, n]) => (n > 1 ? `${n} × ${k}` : k)).join(', ')}; its heavy calls took ${heavy.join(', ')}.`,
    );
  } finally {
    await app.close();
    await receiver.close();
  }
}

export default async function noisyNeighbour(report: Report) {
  const section = report.section(
    'noisy-neighbour',
    'Noisy neighbour (`bench/noisy-neighbour.bench.ts`)',
    `One app (\`buildApp\`, jobs in the background, the event-loop guard off) per database, two ` +
      `tenants. A (Business plan, ${noisyRoomTypes} room types) sets its webhook on a receiver on ` +
      `127.0.0.1 that never answers, presses "send a test" ${testPresses} times, then at once ` +
      'writes the largest manual prices allowed (20 000 cells), exports its price changes and ' +
      'imports a competitor-rates CSV of 49 000 rows. B (Starter, 2 room types) asks for its ' +
      `calendar (30 nights) every ${READ_EVERY_MS} ms, each read timed from when it was due ` +
      '(a read that could not start while the event loop was held counts that wait), and ' +
      'imports 3 bookings (`POST …/bookings/import`, then `GET …/imports/{id}` every 25 ms, ' +
      'timed to `succeeded`). The **baseline** is B alone on the same ' +
      'app just before; the event-loop delay (`monitorEventLoopDelay`) is measured over the noise.',
  );
  await onEachDatabase((label, database) => run(section, label, database, report.quick));
  section.notes.push(
    "What this shows: the job lanes keep B's import from queueing behind A's deliveries (the " +
      'test `apps/api/src/noisy-neighbour.test.ts` proves the order on both databases). With the ' +
      'export streamed in pages, the manual-price write answering JSON written straight from the ' +
      "engine's cells and the competitor CSV read in 64 KiB pieces, the event loop on PostgreSQL " +
      "stays under 200 ms at p99; B's reads still wait behind A's work, which shares the " +
      "machine's two cores with the database server and B. On PGlite every query runs on the " +
      "one event loop and one session serves everyone: B waits behind each of A's statements " +
      '(the 20 000-cell write and the 49 000-row import are one transaction each, all or nothing), ' +
      'so the goals are out of reach there by design — hosting several properties on one ' +
      'instance takes PostgreSQL (docs/deployment.md). Before (2026-11-27 09:40, with the ' +
      "write's answer through the serializer and the CSV read whole): PostgreSQL read p99 589 ms, " +
      'loop p99 219 ms; PGlite read p99 10.4 s, import 13.8 s. The figures were taken on two ' +
      'cores shared with other work (see the load above): the quiet and noisy phases ran seconds ' +
      'apart, and both move with it.',
  );
}
