// Start-up benchmark: the real server process (`npm start`: `node --import tsx apps/api/src/main.ts`,
// the demo on, as an operator's first start) until `GET /api/health` answers, on an empty data
// folder (PGlite) or an empty database (PostgreSQL), then again on the one it left; next to Node
// with tsx starting a bare Fastify that answers the same path (the baseline). Alternating, a few
// times; the peak memory of each start read from /proc.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin, freePort, startPostgres } from '../apps/api/test/postgres-server';
import { peakRssMb } from './databases';
import { addRow, type Report, type Section } from './report';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/api/src/main.ts');
const bareServer =
  "import Fastify from 'fastify'; const app = Fastify();" +
  "app.get('/api/health', async () => ({ status: 'ok' }));" +
  "await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });";

/**
 * Starts `args` with `env` and a free PORT, polls `/api/health` until it answers 200, stops the
 * process (SIGTERM, as an operator) and answers the time to the first answer and the peak RSS.
 */
async function timedStart(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${errors}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return { ms: performance.now() - started, peakMb: peakRssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `runs` first starts (each on a new database from `fresh`) and restarts, alternating. */
async function measure(
  section: Section,
  label: string,
  runs: number,
  fresh: (run: number) => Promise<Record<string, string>>,
  web: string,
) {
  const times = { empty: [] as number[], existing: [] as number[], bare: [] as number[] };
  const peaks = { empty: [] as number[], existing: [] as number[] };
  for (let run = 0; run < runs; run += 1) {
    const env = { ...(await fresh(run)), WEB_DIST: web, LOG_LEVEL: 'warn' };
    times.bare.push(
      (await timedStart(['--import', 'tsx', '--input-type=module', '-e', bareServer], {})).ms,
    );
    for (const kind of ['empty', 'existing'] as const) {
      const { ms, peakMb } = await timedStart(['--import', 'tsx', main], env);
      times[kind].push(ms);
      peaks[kind].push(peakMb);
    }
  }
  const bare = { measured: 'Node + tsx + a bare Fastify', values: times.bare };
  const what = label === 'PGlite' ? 'data folder' : 'database';
  addRow(section, {
    database: label,
    measured: `first start, empty ${what} (migrations, demo seeded)`,
    unit: 'ms',
    values: times.empty,
    baseline: bare,
  });
  addRow(section, {
    database: label,
    measured: `start on the ${what} it left`,
    unit: 'ms',
    values: times.existing,
    baseline: bare,
  });
  addRow(section, {
    database: label,
    measured: 'peak RSS of the server, first start',
    unit: 'MB',
    values: peaks.empty,
  });
  addRow(section, {
    database: label,
    measured: 'peak RSS of the server, next start',
    unit: 'MB',
    values: peaks.existing,
  });
}

export default async function startup(report: Report) {
  const runs = report.quick ? 1 : 3;
  const section = report.section(
    'startup',
    'Start-up (`bench/startup.bench.ts`)',
    'The real server process (`node --import tsx apps/api/src/main.ts`, as `npm start` runs it ' +
      'without rebuilding the web app; a stand-in web build; the demo on, its default) timed from ' +
      'its spawn until `GET /api/health` answers 200: on an empty data folder (PGlite) or an empty ' +
      'database (PostgreSQL), which migrates and seeds the demo hotel with two years of bookings, ' +
      'then again on what it left. The **baseline**: Node with tsx starting a bare Fastify that ' +
      'answers the same path. Each server stops with SIGTERM, as an operator stops it. Peak RSS ' +
      'is `VmHWM` of the process just before it is stopped. No goal in the issue: recorded so ' +
      'that a slower start shows.',
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-bench-start-'));
  try {
    const web = path.join(dir, 'web');
    fs.mkdirSync(web);
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tarifa bench</title>');
    await measure(
      section,
      'PGlite',
      runs,
      async (run) => ({ DATA_DIR: path.join(dir, `data-${run}`) }),
      web,
    );
    const bin = findPostgresBin();
    if (!bin) {
      section.notes.push(
        'PostgreSQL: skipped (no binaries in /usr/lib/postgresql/*/bin or PG_BIN)',
      );
      return;
    }
    const server = await startPostgres(bin);
    try {
      await measure(
        section,
        'PostgreSQL',
        runs,
        async (run) => {
          const admin = new pg.Client({ connectionString: server.url('postgres') });
          await admin.connect();
          await admin.query(`create database start_${run}`);
          await admin.end();
          return {
            DATA_DIR: path.join(dir, `pg-data-${run}`),
            DATABASE_URL: server.url(`start_${run}`),
          };
        },
        web,
      );
    } finally {
      server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
