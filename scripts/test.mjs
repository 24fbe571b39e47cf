// `npm test`: the three lanes — end to end in Chromium; unit and integration (PGlite); the API
// again on a real PostgreSQL server — and one closing line with the totals.
//
// How they share the machine's two cores (measured at 72b0689, each lane alone): one end-to-end
// worker keeps about one core busy (560 core-seconds over 543 s: a test waits on the browser and
// the app in turn), while the two Vitest lanes keep both busy (645 core-s over 335 s, 249 over
// 137 s). So the end-to-end lane, the longest, starts at once with one worker, and the Vitest lanes
// run beside it one after the other, in the core it leaves (a second end-to-end worker beside
// them oversubscribed the machine: its server-process tests timed out). Run in a row
// instead, the lanes took 16 to 18 minutes; side by side the machine is busy until the end.
// The end-to-end lane prints as it goes; a lane beside it keeps its output in test-results/
// (unit.log, pg.log), says in one line when it ends, and is printed whole after the end-to-end
// lane's, so no two interleave.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

/** Each lane: its npm script and report; `log`, a lane whose output is kept until the end. */
const endToEnd = {
  name: 'end to end (Chromium)',
  script: 'test:e2e',
  report: 'e2e.json',
  kind: 'playwright',
};
const unit = {
  name: 'unit + integration (PGlite)',
  script: 'test:unit',
  report: 'unit.json',
  kind: 'vitest',
  log: 'unit.log',
};
const postgres = {
  name: 'API on PostgreSQL',
  script: 'test:pg',
  report: 'pg.json',
  kind: 'vitest',
  log: 'pg.log',
};
const lanes = [endToEnd, unit, postgres];

/**
 * The first lines of an error, without colours and with only the first line of its stack (the
 * test's own): enough to say why in CI's last lines.
 */
function gist(message = '') {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '');
  const frame = (line) => /^\s*at /.test(line);
  const firstFrame = lines.findIndex(frame);
  return lines
    .filter((line, i) => !frame(line) || i === firstFrame)
    .slice(0, 8)
    .map((line) => `      ${line.slice(0, 240)}`)
    .join('\n');
}

/**
 * A lane's failed tests, from its report — each a name and the first lines of its error: the
 * last lines of a long log (all CI keeps) then say what failed and why.
 */
function failures(lane) {
  const file = path.join(results, lane.report);
  if (!fs.existsSync(file)) return [];
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (lane.kind === 'vitest') {
    return report.testResults.flatMap((suite) =>
      suite.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({
          name: `${path.relative(root, suite.name)} › ${test.fullName}`,
          why: gist(test.failureMessages?.[0]),
        })),
    );
  }
  const failed = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const test = spec.tests.find((one) => one.status === 'unexpected');
      if (test) {
        const error = test.results.flatMap((result) => result.errors ?? [])[0];
        failed.push({
          name: `${spec.file ?? file}:${spec.line} › ${spec.title}`,
          why: gist(error?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return failed;
}

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
/** Each lane's tests and seconds, for `npm run bench` (bench/RESULTS.md's "Test suite" section). */
const times = new Map();
const runs = new Map();

/** Runs a lane and notes its counts; a lane with a log says in one line that it ended. */
async function finish(lane) {
  const run = await runLane(lane);
  runs.set(lane, run);
  const c = counts(lane);
  times.set(lane, { name: lane.name, tests: c.passed + c.failed, seconds: run.seconds });
  for (const key of Object.keys(total)) total[key] += c[key];
  if (run.status !== 0) {
    failedLane = true;
    // A lane that failed before reporting still counts as a failure.
    if (c.failed === 0) total.failed += 1;
  }
  if (lane.log) {
    const verdict = run.status === 0 ? 'passed' : `FAILED (exit ${run.status})`;
    console.log(
      `\n── ${lane.name}: ${verdict}, ${c.passed} passed, ${c.failed} failed in ${run.seconds} s` +
        ` (its output follows the end-to-end lane's; test-results/${lane.log}) ──\n`,
    );
  }
}

console.log(`\n━━ ${endToEnd.name}, with ${unit.name} then ${postgres.name} beside it ━━`);
const started = performance.now();
await Promise.all([finish(endToEnd), finish(unit).then(() => finish(postgres))]);
const wallSeconds = Math.round((performance.now() - started) / 1000);

for (const lane of lanes) {
  const run = runs.get(lane);
  if (lane.log) {
    console.log(`\n━━ ${lane.name} (ran beside the end-to-end lane) ━━`);
    process.stdout.write(run.output);
  }
  if (run.status !== 0) console.error(`✖ ${lane.name} failed (exit ${run.status})`);
}

fs.writeFileSync(
  path.join(results, 'lanes.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: root,
        encoding: 'utf8',
      }).trim(),
      lanes: lanes.map((lane) => times.get(lane)),
      total: {
        tests: [...times.values()].reduce((sum, lane) => sum + lane.tests, 0),
        // The suite's wall time (lanes side by side count once).
        seconds: wallSeconds,
      },
    },
    null,
    2,
  )}\n`,
);
const failedTests = lanes.flatMap((lane) =>
  failures(lane).map(({ name, why }) => `  ✖ ${lane.name}: ${name}${why ? `\n${why}` : ''}`),
);
if (failedTests.length > 0) console.log(`\nFailed:\n${failedTests.join('\n')}`);
console.log(`\nThe suite took ${Math.floor(wallSeconds / 60)} min ${wallSeconds % 60} s.`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedLane ? 1 : 0);
