// `npm run load`: the real server process on PostgreSQL with the demo property (two years of
// bookings), under autocannon on loopback — 200 connections for 60 s by default (LOAD_CONNECTIONS,
// LOAD_SECONDS). Each connection repeats what owners do most: the price calendar, the dashboard's
// analytics, the bookings list, a booking upserted by a channel manager, a sign-in. Prints and
// writes (test-results/load.json) throughput, p50/p99 latency, the answers that were not 2xx,
// errors and timeouts, the server's peak resident memory, and its jobs by status when the load
// stops and how long they took to drain (a failed one fails the run). Not part of `npm test`.
//
// Uses DATABASE_URL when given (an empty database: the demo is seeded on it), else a throwaway
// cluster from the machine's PostgreSQL binaries. Sign-ins are rate-limited per IP and email (10 a
// minute by default); every request here comes from one address and one account, so the run
// raises RATE_LIMIT_AUTH_PER_MINUTE to its maximum — the limiter still counts every attempt.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { findPostgresBin, startPostgres } from '../../apps/api/test/postgres-server';

const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 200);
const root = path.resolve(import.meta.dirname, '../..');
const demo = { email: 'demo@tarifa.app', password: 'Demo-Tarifa-2025' };

/** The database to load: DATABASE_URL, or a new one on a throwaway cluster. */
async function database(): Promise<{ url: string; stop: () => void }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: () => {} };
  const bin = findPostgresBin();
  if (!bin) throw new Error('No PostgreSQL binaries (set PG_BIN) and no DATABASE_URL');
  const server = await startPostgres(bin);
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('create database tarifa_load');
  await admin.end();
  return { url: server.url('tarifa_load'), stop: server.stop };
}

/** `npm start` on a random port; resolves once it listens (after seeding the demo). */
function startServer(databaseUrl: string, dir: string) {
  const web = path.join(dir, 'web');
  fs.mkdirSync(web, { recursive: true });
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tarifa</title>');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: web,
      DEMO: 'true',
      LOG_LEVEL: 'info',
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      // Only the start-up is kept: the request log of the run is read and dropped.
      if (output.length < 100_000) output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  return { child, listening, exited };
}

async function json(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Peak resident memory of a process (VmHWM), in MiB. */
function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Jobs due by type and status (`prices.recompute queued`…): those whose time has come, so a roll
 * waiting for the next midnight does not count as work owed.
 */
async function jobCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string; n: number }>(
      `select type || ' ' || status as key, count(*)::int as n from jobs
        where run_at <= now() group by 1 order by 1`,
    );
    return Object.fromEntries(rows.map((row) => [row.key, row.n]));
  } finally {
    await client.end();
  }
}

/** Seconds until no job is queued or running (at most 300; null if still busy then). */
async function drain(url: string): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    const owed = Object.entries(await jobCounts(url)).filter(
      ([key]) => key.endsWith(' queued') || key.endsWith(' running'),
    );
    if (owed.length === 0) return Math.round((Date.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return null;
}

const isoDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-load-'));
  const db = await database();
  const server = startServer(db.url, dir);
  try {
    const base = await server.listening;
    const { accessToken } = await json(base, 'POST', '/api/auth/login', demo);
    const token = accessToken as string;
    const { businesses } = await json(base, 'GET', '/api/v1/businesses', undefined, token);
    const business = (businesses as { uuid: string; tariffConfiguration: unknown }[])[0]!;
    const url = `/api/v1/businesses/${business.uuid}`;
    const { roomsTariff } = business.tariffConfiguration as { roomsTariff: { code: string }[] };
    const codes = roomsTariff.map((room) => room.code);

    // As a browser asks: answers compressed.
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br',
    };
    const get = (path: string) => ({ method: 'GET' as const, path, headers });
    const month = `from=${isoDay(0)}&to=${isoDay(30)}`;
    // The calendar as the web app asks for it.
    const calendar = `${month}&shape=grid`;
    let upserts = 0;
    // One connection's round: reads dominate, as in the app; a write and a sign-in in ten.
    const round = [
      get(`${url}/prices?${calendar}`),
      get(`${url}/analytics/kpis?from=${isoDay(-30)}&to=${isoDay(0)}&compare=last_year`),
      get(`${url}/prices?from=${isoDay(31)}&to=${isoDay(61)}&shape=grid`),
      get(`${url}/analytics/pickup?days=7`),
      get(`${url}/bookings?${month}`),
      get(`${url}/prices?${calendar}`),
      get(`${url}/analytics/kpis?from=${isoDay(0)}&to=${isoDay(30)}`),
      {
        method: 'POST' as const,
        path: `${url}/bookings`,
        headers,
        // 500 channel references: the first round inserts, later ones update the same bookings.
        setupRequest: (request: autocannon.Request) => {
          const n = upserts++;
          const arrival = 5 + (n % 60);
          return {
            ...request,
            body: JSON.stringify({
              bookings: [
                {
                  externalId: `LOAD-${n % 500}`,
                  roomCode: codes[n % codes.length],
                  arrival: isoDay(arrival),
                  departure: isoDay(arrival + 1 + (n % 3)),
                  totalAmount: 120 + (n % 80),
                  channel: 'Load test',
                },
              ],
            }),
          };
        },
      },
      get(`${url}/prices?${calendar}`),
      {
        method: 'POST' as const,
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demo),
      },
    ];

    console.log(`Loading ${base} with ${connections} connections for ${seconds} s…`);
    const result = await autocannon({ url: base, connections, duration: seconds, requests: round });
    const peak = peakRssMiB(server.child.pid!);
    // The work the load left to the job runner (price recomputations of the upserted nights):
    // queued means still owed when the load stopped; failed would be a recomputation lost.
    const jobs = await jobCounts(db.url);
    const drainedInSeconds = await drain(db.url);
    const summary = {
      connections,
      seconds,
      requests: result.requests.total,
      throughput: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      statusCodes: result.statusCodeStats,
      errors: result.errors,
      timeouts: result.timeouts,
      serverPeakRssMiB: Math.round(peak),
      jobs,
      jobsDrainedInSeconds: drainedInSeconds,
      node: process.version,
      cpus: os.availableParallelism(),
    };
    console.log(autocannon.printResult(result));
    console.log(JSON.stringify(summary, null, 2));
    fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'test-results/load.json'), JSON.stringify(summary, null, 2));
    const failedJobs = Object.entries(jobs)
      .filter(([key]) => key.endsWith(' failed'))
      .reduce((sum, [, n]) => sum + n, 0);
    const failures = result.non2xx + result.errors + result.timeouts + failedJobs;
    process.exitCode = failures === 0 ? 0 : 1;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    db.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
