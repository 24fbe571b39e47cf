// `npm test`: the three lanes in order — unit and integration (PGlite), the API again on a real
// PostgreSQL server, then end to end in Chromium — and one closing line with the totals.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const lanes = [
  { name: 'unit + integration (PGlite)', script: 'test:unit', report: 'unit.json', kind: 'vitest' },
  { name: 'API on PostgreSQL', script: 'test:pg', report: 'pg.json', kind: 'vitest' },
  { name: 'end to end (Chromium)', script: 'test:e2e', report: 'e2e.json', kind: 'playwright' },
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

const total = { passed: 0, failed: 0, skipped: 0 };
let failedLane = false;
// Each lane's tests and seconds, for `npm run bench` (bench/RESULTS.md's "Test suite" section).
const times = [];
for (const lane of lanes) {
  fs.rmSync(path.join(results, lane.report), { force: true });
  console.log(`\n━━ ${lane.name} ━━`);
  const started = performance.now();
  const run = spawnSync('npm', ['run', '--silent', lane.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_REPORT: path.join(results, lane.report) },
  });
  const c = counts(lane);
  times.push({
    name: lane.name,
    tests: c.passed + c.failed,
    seconds: Math.round((performance.now() - started) / 1000),
  });
  for (const key of Object.keys(total)) total[key] += c[key];
  if (run.status !== 0) {
    failedLane = true;
    // A lane that failed before reporting still counts as a failure.
    if (c.failed === 0) total.failed += 1;
    console.error(`✖ ${lane.name} failed (exit ${run.status})`);
  }
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
      lanes: times,
      total: {
        tests: times.reduce((sum, lane) => sum + lane.tests, 0),
        seconds: times.reduce((sum, lane) => sum + lane.seconds, 0),
      },
    },
    null,
    2,
  )}\n`,
);
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedLane ? 1 : 0);
