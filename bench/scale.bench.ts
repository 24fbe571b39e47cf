// Scale benchmark (issue 31): the nightly work of many properties on one PostgreSQL server and two
// server processes. N properties (1 000 by default, then 2× and 4×), each with 10 room types,
// rules, seasons, occupancy levels, a year of stays, its prices published and a webhook; midnight
// brought to all of them at once; timed until every property's roll, price changes and delivery
// are done, with the CPU and memory of the servers and of PostgreSQL meanwhile.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { findPostgresBin, freePort, startPostgres } from '../apps/api/test/postgres-server';
import { peakRssMb, signedInApp } from './databases';
import { seedBusiness } from './prices-api.bench';
import { addRow, type Report, type Section } from './report';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/api/src/main.ts');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The time zones the properties are spread over, in turn. */
const ZONES = ['Europe/Lisbon', 'Europe/Paris', 'Africa/Casablanca', 'Asia/Dubai'];
/** Server processes on the one database, as docs/deployment.md deploys them. */
const INSTANCES = 2;
/** How long a roll of every property may take before the benchmark gives up. */
const GIVE_UP_MS = 60 * 60 * 1000;

/** How a copied column is written: an expression of the template's column (`t.<name>`). */
type Mapped = Record<string, (column: string) => string>;

/** The copy `i` of a template's id: `md5(id:i)`, a uuid of its own, the same wherever it is met. */
const copied = (column: string) => `md5(${column}::text || ':' || i)::uuid`;
const eachCopied = (column: string) => `array(select ${copied('x')} from unnest(${column}) x)`;
const zoneOfCopy = `(array[${ZONES.map((z) => `'${z}'`).join(', ')}])[i % ${ZONES.length} + 1]`;
const emptied = () => 'null';

/**
 * What a property is made of, in the order its rows refer to each other, and how each copy's
 * columns are written: every id the rows own or point to becomes its copy's, so each copy has its
 * own owner, room types and changes; each copy takes a time zone of `ZONES` in turn, and its
 * bookings' local dates follow it. Pointers to what is not copied (deliveries, imports) are
 * emptied; audit, notifications and jobs are not copied (the instances queue each roll).
 */
const propertyTables: [table: string, key: string, mapped: Mapped][] = [
  ['users', 'uuid', { uuid: copied, email: () => `'owner-' || i || '@scale.test'` }],
  [
    'businesses',
    'uuid',
    { uuid: copied, owner_uuid: copied, name: () => `'Hotel ' || i`, timezone: () => zoneOfCopy },
  ],
  [
    'room_types',
    'business_uuid',
    { uuid: copied, business_uuid: copied, derived_from_uuid: copied },
  ],
  ['sazonalities', 'business_uuid', { id: copied, business_uuid: copied, room_uuids: eachCopied }],
  [
    'fluctuation_groups',
    'business_uuid',
    { uuid: copied, business_uuid: copied, room_uuids: eachCopied },
  ],
  [
    'rate_plans',
    'business_uuid',
    { uuid: copied, business_uuid: copied, derived_from_uuid: copied, room_uuids: eachCopied },
  ],
  [
    'rate_rule_changes',
    'business_uuid',
    {
      id: copied,
      business_uuid: copied,
      room_uuids: eachCopied,
      decided_by: copied,
      sent_room_uuid: copied,
    },
  ],
  [
    'bookings',
    'business_uuid',
    {
      id: copied,
      business_uuid: copied,
      room_type_uuid: copied,
      import_id: emptied,
      booked_on: () => `(t.booked_at at time zone ${zoneOfCopy})::date`,
      cancelled_on: () => `(t.cancelled_at at time zone ${zoneOfCopy})::date`,
    },
  ],
  [
    'price_overrides',
    'business_uuid',
    { business_uuid: copied, room_type_uuid: copied, created_by: copied },
  ],
  ['webhooks', 'business_uuid', { business_uuid: copied }],
  [
    'price_changes',
    'business_uuid',
    {
      id: copied,
      business_uuid: copied,
      room_type_uuid: copied,
      decided_by: copied,
      delivery_id: emptied,
    },
  ],
  [
    'published_prices',
    'business_uuid',
    { business_uuid: copied, room_type_uuid: copied, change_id: copied },
  ],
];

/**
 * Copies the template property to the copies `from` … `to` − 1, one `insert … select` a table
 * over `generate_series`, its columns read from the catalogue.
 */
async function copyProperty(client: pg.Client, template: string, from: number, to: number) {
  const { rows: owner } = await client.query<{ owner_uuid: string }>(
    'select owner_uuid from businesses where uuid = $1',
    [template],
  );
  for (const [table, key, mapped] of propertyTables) {
    const { rows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = $1
          and is_generated = 'NEVER' and identity_generation is null
        order by ordinal_position`,
      [table],
    );
    const columns = rows.map((r) => r.column_name);
    const values = columns.map((c) => mapped[c]?.(`t.${c}`) ?? `t.${c}`);
    await client.query(
      `insert into ${table} (${columns.join(', ')})
         select ${values.join(', ')}
           from generate_series($1::int, $2::int - 1) i cross join ${table} t
          where t.${key} = $3`,
      [from, to, table === 'users' ? owner[0]!.owner_uuid : template],
    );
  }
  await client.query('analyze');
}

/** A webhook receiver on 127.0.0.1 that answers 200 and notes when each property's delivery came. */
async function startReceiver() {
  const arrived = new Map<string, number>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const uuid = (JSON.parse(body) as { business: { uuid: string } }).business.uuid;
      arrived.set(uuid, performance.now());
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/tarifa`,
    arrived,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A server process (`npm start` without the web build) on `url`, answering on its port. */
async function startInstance(url: string, dataDir: string, web: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: web,
      DEMO: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an instance exited:\n${errors}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { child, base: `http://127.0.0.1:${port}` };
    await sleep(100);
  }
}

type Instance = Awaited<ReturnType<typeof startInstance>>;

async function stopInstance({ child }: Instance) {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU seconds (user + system) a process has used, from /proc; 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL processes now (the postmaster and every backend). */
function postgresPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    });
}

/** The memory PostgreSQL's processes hold, MB: their proportional set sizes, shared memory split. */
function postgresPssMb(): number {
  let kb = 0;
  for (const pid of postgresPids()) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024);
}

/** The figures of one roll of every property. */
interface Roll {
  properties: number;
  seconds: number;
  jobsPerSecond: number;
  jobs: Map<string, number>;
  slowestSeconds: number;
  medianLagSeconds: number;
  serverCpu: number;
  postgresCpu: number;
  serverPeakMb: number[];
  postgresMb: number;
  databaseMb: number;
  /** An owner's settings edit to its recomputation done: a few seconds into the roll, and quiet. */
  editSeconds: { during: number; quiet: number };
}

/**
 * The template property through the API, as an owner makes it (`seedBusiness`), with its prices
 * approved at once and delivered to `receiver`; its first recomputation drained. Answers its uuid.
 */
async function makeTemplate(url: string, receiver: string): Promise<string> {
  const database = await openDatabase({ kind: 'postgres', url });
  const { app, call } = await signedInApp(database, new Date(), { WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    const { uuid } = await seedBusiness(database, call);
    await call('PUT', `/api/v1/businesses/${uuid}/tariff-configuration/settings`, {
      settings: { autoApprove: true },
    });
    await call('PUT', `/api/v1/businesses/${uuid}/webhook`, { url: receiver });
    await app.jobs.drain();
    return uuid;
  } finally {
    await app.close();
    await database.close();
  }
}

/** Every property's last priced night forgotten, as if yesterday's horizon ended before it. */
async function forgetLastNight(client: pg.Client) {
  const last = `(select business_uuid, max(night) as night from published_prices group by 1) last`;
  for (const table of ['published_prices', 'price_changes']) {
    await client.query(`
      delete from ${table} p using ${last}
       where p.business_uuid = last.business_uuid and p.night = last.night`);
  }
}

/** When, after midnight, the owner's edit is made. */
const EDIT_AFTER_MS = 5_000;

/**
 * The owner of the template property signed in on an instance: each call of the answer changes
 * Monday's percent in the property's settings (another each time) and answers the seconds until
 * the recomputation it queued has succeeded — when the owner's calendar shows the new prices.
 */
async function ownerEdit(client: pg.Client, base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.test', password: 'Correct-Horse-42' }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const { rows } = await client.query<{ uuid: string }>(
    `select b.uuid from businesses b join users u on u.uuid = b.owner_uuid
      where u.email = 'bench@example.test'`,
  );
  const business = rows[0]!.uuid;
  let monday = 0;
  return async () => {
    monday += 1;
    const started = performance.now();
    const { rows: clock } = await client.query<{ now: Date }>('select now()');
    const answer = await fetch(
      `${base}/api/v1/businesses/${business}/tariff-configuration/settings`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          settings: {
            weekdayAdjustments: { mon: monday, tue: 0, wed: 0, thu: 0, fri: 8, sat: 15, sun: -5 },
          },
        }),
      },
    );
    if (answer.status !== 200) throw new Error(`the edit: ${answer.status} ${await answer.text()}`);
    for (;;) {
      const { rows: done } = await client.query<{ n: number }>(
        `select count(*)::int as n from jobs where type = 'prices.recompute' and business_uuid = $1
            and created_at >= $2 and status = 'succeeded'`,
        [business, clock[0]!.now],
      );
      if (done[0]!.n > 0) return (performance.now() - started) / 1000;
      await sleep(100);
    }
  };
}

/** Waits until each of the `properties` has its roll queued (the instances queue them at start). */
async function rollsQueued(client: pg.Client, properties: number) {
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from jobs where type = 'prices.roll' and status = 'queued'`,
    );
    if (rows[0]!.n >= properties) return;
    await sleep(200);
  }
}

/**
 * The roll of every property: the instances started, each property's last night forgotten,
 * midnight brought to all (their rolls made due), then timed until every roll has succeeded, no
 * job is due or running and every property's delivery has arrived.
 */
async function rollAll(
  url: string,
  work: string,
  web: string,
  client: pg.Client,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  properties: number,
): Promise<Roll> {
  await forgetLastNight(client);
  const instances: Instance[] = [];
  try {
    for (let n = 0; n < INSTANCES; n += 1) {
      instances.push(await startInstance(url, path.join(work, `data-${n}`), web));
    }
    await rollsQueued(client, properties);
    receiver.arrived.clear();
    const pids = instances.map(({ child }) => child.pid!);
    const edit = await ownerEdit(client, instances[0]!.base);
    const serverCpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const postgresCpu = () => postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0);
    const cpu = { servers: serverCpu(), postgres: postgresCpu() };
    const started = performance.now();
    const { rows: at } = await client.query<{ midnight: Date }>(`
      with due as (update jobs set run_at = now() where type = 'prices.roll' and status = 'queued')
      select now() as midnight`);
    const midnight = at[0]!.midnight;
    // The owner edits the settings a few seconds into the roll, and again once all is quiet.
    const editDuring = sleep(EDIT_AFTER_MS).then(edit);
    for (;;) {
      if (performance.now() - started > GIVE_UP_MS) throw new Error('the roll did not end');
      const { rows } = await client.query<{ rolled: number; busy: number }>(
        `select count(*) filter (where type = 'prices.roll' and status = 'succeeded'
                                   and updated_at >= $1)::int as rolled,
                count(*) filter (where status = 'running'
                                    or (status = 'queued' and run_at <= now()))::int as busy
           from jobs`,
        [midnight],
      );
      if (rows[0]!.rolled >= properties && rows[0]!.busy === 0) {
        if (receiver.arrived.size >= properties) break;
      }
      await sleep(250);
    }
    const seconds = (performance.now() - started) / 1000;
    const editSeconds = { during: await editDuring, quiet: await edit() };
    const { rows: done } = await client.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from jobs
        where status = 'succeeded' and updated_at >= $1 group by type order by 2 desc`,
      [midnight],
    );
    const jobs = new Map(done.map((row) => [row.type, row.n]));
    const lags = [...receiver.arrived.values()]
      .map((at) => (at - started) / 1000)
      .sort((a, b) => a - b);
    const {
      rows: [size],
    } = await client.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    return {
      properties,
      seconds,
      jobsPerSecond: [...jobs.values()].reduce((a, b) => a + b, 0) / seconds,
      jobs,
      slowestSeconds: lags.at(-1)!,
      medianLagSeconds: lags[lags.length >> 1]!,
      serverCpu: serverCpu() - cpu.servers,
      postgresCpu: postgresCpu() - cpu.postgres,
      serverPeakMb: pids.map((pid) => peakRssMb(pid)),
      postgresMb: postgresPssMb(),
      databaseMb: Math.round(Number(size!.bytes) / 1024 / 1024),
      editSeconds,
    };
  } finally {
    for (const child of instances) await stopInstance(child);
  }
}

/** The section's rows: each size's roll against one property alone × N, then against the first. */
function record(section: Section, rolls: Roll[], alone: Roll[]) {
  const first = rolls[0]!;
  const aloneSeconds = alone.map((roll) => roll.seconds);
  for (const roll of rolls) {
    const n = roll.properties;
    const factor = n / first.properties;
    const label = `${n.toLocaleString('en').replace(',', ' ')} properties`;
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: midnight to every delivery`,
      unit: 's',
      values: [roll.seconds],
      ...(roll === first
        ? {
            baseline: {
              measured: `one property alone × ${n}`,
              values: aloneSeconds.map((s) => s * n),
            },
            ...(n === 1000 ? { goal: { under: 300 } } : {}),
          }
        : {
            baseline: { measured: `${first.properties} properties`, values: [first.seconds] },
            goal: { ratioAtMost: Math.round(factor * 1.1 * 10) / 10 },
          }),
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: slowest property's lag (median ${roll.medianLagSeconds.toFixed(0)} s)`,
      unit: 's',
      values: [roll.slowestSeconds],
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: an owner's settings edit to its recomputation, ${EDIT_AFTER_MS / 1000} s into the roll`,
      unit: 's',
      values: [roll.editSeconds.during],
      baseline: { measured: 'the same edit once all is quiet', values: [roll.editSeconds.quiet] },
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: jobs done a second`,
      unit: 'jobs/s',
      values: [roll.jobsPerSecond],
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: CPU of the ${INSTANCES} servers`,
      unit: 's',
      values: [roll.serverCpu],
      baseline: { measured: 'of PostgreSQL', values: [roll.postgresCpu] },
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: peak RSS of the busiest server`,
      unit: 'MB',
      values: [Math.max(...roll.serverPeakMb)],
    });
    addRow(section, {
      database: 'PostgreSQL',
      measured: `${label}: PostgreSQL's memory (PSS) / its database`,
      unit: 'MB',
      values: [roll.postgresMb],
      baseline: { measured: 'database on disk', values: [roll.databaseMb] },
    });
    section.notes.push(
      `${label}: ${[...roll.jobs].map(([type, count]) => `${count} × \`${type}\``).join(', ')} ` +
        `in ${roll.seconds.toFixed(0)} s; CPU ${(roll.serverCpu + roll.postgresCpu).toFixed(0)} ` +
        `core-seconds of the ${(2 * roll.seconds).toFixed(0)} the two cores had.`,
    );
  }
}

export default async function scale(report: Report) {
  const base = report.quick ? 40 : Number(process.env.SCALE_PROPERTIES ?? 1000);
  const factors = (process.env.SCALE_FACTORS ?? '1,2,4').split(',').map(Number);
  const section = report.section(
    'scale',
    'The nightly work at scale (`bench/scale.bench.ts`)',
    `A throwaway PostgreSQL server and ${INSTANCES} server processes (\`node --import tsx ` +
      'apps/api/src/main.ts`, as deployed, the demo off) on its one database, on this machine. ' +
      'One property is made through the API as an owner makes it — 10 room types (two derived), ' +
      'weekday and lead-time rules, three seasons, two occupancy groups, 4 000 stays over a year, ' +
      'some manual prices, `autoApprove` on, a webhook to a receiver on 127.0.0.1 that answers ' +
      '200 — and its prices published; then copied in SQL, each copy with its own owner, ids and one of four time zones, to N properties ' +
      `(${base} by default, then ${factors.slice(1).join('× and ')}×). The last night of every ` +
      "property's horizon is removed, as if yesterday's horizon ended a night earlier, so each roll " +
      'has a new night to price, approve, publish and deliver, besides recomputing its whole ' +
      'horizon (3 650 nights of room types). **Midnight** is brought to every property at once ' +
      '(their `prices.roll` jobs made due): the worst case, a thousand properties in one time zone. ' +
      "Timed until every roll has succeeded, no job is due or running, and every property's " +
      "delivery has reached the receiver; the **slowest property's lag** is its delivery's arrival " +
      "after midnight. CPU is the servers' and PostgreSQL's user + system seconds over the roll " +
      "(of 2 cores); memory the servers' peak RSS and PostgreSQL's proportional set size at " +
      'the end. The **baseline** of the first size is one property rolled alone, times N (the ' +
      'same work one after another); of the larger sizes, the first size (linear growth: 2×, 4×).',
  );
  const bin = findPostgresBin();
  if (!bin) {
    section.notes.push('Skipped: no PostgreSQL binaries on this machine.');
    return;
  }
  const server = await startPostgres(bin);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-scale-'));
  const web = path.join(work, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Tarifa</title>');
  const receiver = await startReceiver();
  const admin = new pg.Client({ connectionString: server.url('postgres') });
  await admin.connect();
  await admin.query('create database scale');
  await admin.end();
  const url = server.url('scale');
  const sqlClient = new pg.Client({ connectionString: url });
  try {
    const template = await makeTemplate(url, receiver.url);
    await sqlClient.connect();
    // One property alone, three times: the same work without the others.
    const alone: Roll[] = [];
    for (let run = 0; run < 3; run += 1) {
      alone.push(await rollAll(url, work, web, sqlClient, receiver, 1));
    }
    const rolls: Roll[] = [];
    let made = 1;
    for (const factor of factors) {
      const properties = base * factor;
      const started = performance.now();
      await copyProperty(sqlClient, template, made, properties);
      made = properties;
      console.log(
        `  ${properties} properties made in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      const roll = await rollAll(url, work, web, sqlClient, receiver, properties);
      rolls.push(roll);
      console.log(
        `  ${properties} properties rolled in ${roll.seconds.toFixed(0)} s, ` +
          `${roll.jobsPerSecond.toFixed(1)} jobs/s, slowest ${roll.slowestSeconds.toFixed(0)} s`,
      );
    }
    record(section, rolls, alone);
  } finally {
    await sqlClient.end().catch(() => {});
    await receiver.close();
    server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
