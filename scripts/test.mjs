// `npm test`: the three lanes — unit and integration (PGlite) first; then end to end in Chromium
// and the API again on a real PostgreSQL server side by side — and one closing line with the
// totals.
//
// Why side by side: the end-to-end lane leaves about a third of the machine's two cores idle (its
// specs wait on the browser and the app in turn), which the PostgreSQL lane fills; the unit lane
// keeps both cores busy on its own. The PostgreSQL lane's output is kept in
// test-results/pg.log and printed after the end-to-end lane's, whole, so neither interleaves.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const lanes = [
  { name: 'unit + integration (PGlite)', script: 'test:unit', report: 'unit.json', kind: 'vitest' },
  { name: 'end to end (Chromium)', script: 'test:e2e', report: 'e2e.json', kind: 'playwright' },
  {
    name: 'API on PostgreSQL',
    script: 'test:pg',
    report: 'pg.json',
    kind: 'vitest',
    // Runs beside the lane before it, its output kept until that lane's is printed.
    beside: true,
    log: 'pg.log',
  },
];

function counts(lane) {
  const file = path.join(results, lane.report);
  if (!fs.existsSync(file)) return { passed: 0, failed: 0, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (lane.kind === 'vitest') {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: unexpected, skipped };
}

/** Runs a lane's npm script; answers its exit status, its seconds, and (with `log`) its output. */
function runLane(lane) {
  fs.rmSync(path.join(results, lane.report), { force: true });
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', lane.script], {
    cwd: root,
    stdio: lane.log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TEST_REPORT: path.join(results, lane.report) },
  });
  let output = '';
  if (lane.log) {
    const log = fs.createWriteStream(path.join(results, lane.log));
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        log.write(chunk);
      });
    }
  }
  return new Promise((resolve) =>
    child.on('close', (status) =>
      resolve({ status, output, seconds: Math.round((performance.now() - started) / 1000) }),
    ),
  );
}

const total = { passed: 0, failed: 0, skipped: 0 };
let failedLane = false;
// Each lane's tests and seconds, for `npm run bench` (bench/RESULTS.md's "Test suite" section).
const times = [];
function record(lane, run) {
  if (lane.log) {
    console.log(`\n━━ ${lane.name} (ran beside the lane above) ━━`);
    process.stdout.write(run.output);
  }
  const c = counts(lane);
  times.push({ name: lane.name, tests: c.passed + c.failed, seconds: run.seconds });
  for (const key of Object.keys(total)) total[key] += c[key];
  if (run.status !== 0) {
    failedLane = true;
    // A lane that failed before reporting still counts as a failure.
    if (c.failed === 0) total.failed += 1;
    console.error(`✖ ${lane.name} failed (exit ${run.status})`);
  }
}

const started = performance.now();
for (let i = 0; i < lanes.length; i += 1) {
  const lane = lanes[i];
  const beside = lanes[i + 1]?.beside ? lanes[i + 1] : undefined;
  console.log(`\n━━ ${lane.name}${beside ? ` (with ${beside.name} beside it)` : ''} ━━`);
  const [run, besideRun] = await Promise.all([runLane(lane), beside && runLane(beside)]);
  record(lane, run);
  if (beside) {
    record(beside, besideRun);
    i += 1;
  }
}
const wallSeconds = Math.round((performance.now() - started) / 1000);

fs.writeFileSync(
  path.join(results, 'lanes.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: root,
        encoding: 'utf8',
      }).trim(),
      lanes: times,
      total: {
        tests: times.reduce((sum, lane) => sum + lane.tests, 0),
        // The suite's wall time (lanes side by side count once).
        seconds: wallSeconds,
      },
    },
    null,
    2,
  )}\n`,
);
console.log(`\nThe suite took ${Math.floor(wallSeconds / 60)} min ${wallSeconds % 60} s.`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedLane ? 1 : 0);
