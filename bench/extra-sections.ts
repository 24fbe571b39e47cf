// The sections of RESULTS.md that `npm run bench` does not measure itself: the test suite's lane
// times (written by `npm test` to `test-results/lanes.json`) and the web pages' Lighthouse scores
// (`bench/lighthouse.ts`, when the web half of the suite is there).
import fs from 'node:fs';
import path from 'node:path';
import type { LighthouseScore } from './lighthouse';
import { addRow, type Report } from './report';

const root = path.resolve(import.meta.dirname, '..');

/** What `scripts/test.mjs` writes after each `npm test`. */
interface Lanes {
  date: string;
  commit: string;
  lanes: { name: string; tests: number; seconds: number }[];
  total: { tests: number; seconds: number };
}

export async function testSuiteSection(report: Report) {
  const file = path.join(root, 'test-results/lanes.json');
  const section = report.section(
    'test-suite',
    'Test suite (`npm test`)',
    'Not a benchmark (tests never assert times): the lane times of the latest `npm test` on this ' +
      'machine, from `test-results/lanes.json` (written by `scripts/test.mjs`). Goal: the whole ' +
      'suite under 15 minutes on the 2-core machine.',
    'Before the suite used both cores (2026-11-23, nothing else running): unit + integration on ' +
      'PGlite 472 s (one file at a time), then 379 s with `maxWorkers` = cores and PGlite started ' +
      'from a dump; the API on PostgreSQL 145 s → 115 s; end to end with one worker 10.9 min (two ' +
      'workers made it slower, 12.5 min, so it stayed at one). A signed-in page load took about ' +
      '2.7 s before its first heading, a second of it evaluating the entry chunk (all four ' +
      "languages' translations and the contract's schemas). 2026-11-27: test files sharing their " +
      'modules in a worker (`isolate: false`) took the unit lane from 609 s to 357 s and the ' +
      'PostgreSQL lane from 229 s to 160 s; the PostgreSQL lane then ran beside the end-to-end ' +
      'one: 16 min 59 s to 18 min 6 s in all. Measured alone (72b0689), the end-to-end lane kept ' +
      'about one core busy (560 core-s over 543 s) and the Vitest lanes both (645 over 335 s, ' +
      '249 over 137 s): the end-to-end lane now starts at once with the unit lane, then the ' +
      "PostgreSQL lane, beside it — 13 min 32 s (the lanes' seconds overlap; the whole suite's " +
      'is its wall time).',
  );
  if (!fs.existsSync(file)) {
    section.notes.push(
      'No `test-results/lanes.json` yet: run `npm test`, then `npm run bench -- test-suite`.',
    );
    return;
  }
  const lanes = JSON.parse(fs.readFileSync(file, 'utf8')) as Lanes;
  section.notes.push(`From the \`npm test\` of ${lanes.date} at commit ${lanes.commit}.`);
  for (const lane of lanes.lanes) {
    addRow(section, {
      measured: `${lane.name} (${lane.tests} tests)`,
      unit: 's',
      values: [lane.seconds],
    });
  }
  addRow(section, {
    measured: `the whole suite (${lanes.total.tests} tests)`,
    unit: 's',
    values: [lanes.total.seconds],
    goal: { under: 15 * 60 },
  });
}

/** What the web half's `bench/lighthouse.ts` answers. */
type Lighthouse = { lighthouseScores: () => Promise<LighthouseScore[]> };

export async function lighthouseSection(report: Report) {
  const section = report.section(
    'lighthouse',
    'Web pages (Lighthouse)',
    'Lighthouse on the built web app served by the API, driving the system Chromium: `/login`, ' +
      'and signed in as the demo owner `/dashboards` and `/pricing-central`, each with the desktop ' +
      "preset and then the mobile one (Lighthouse's default: a phone on a slow 4G line, a slower " +
      'CPU, both simulated), loaded cold. Goal: performance ≥ 90 and accessibility ≥ 95 on each.',
  );
  const file = path.join(import.meta.dirname, 'lighthouse.ts');
  if (!fs.existsSync(file)) {
    section.notes.push('Not run: `bench/lighthouse.ts` is not in this checkout.');
    return;
  }
  const { lighthouseScores } = (await import(file)) as Lighthouse;
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  for (const score of await lighthouseScores()) {
    const met = score.performance >= 90 && score.accessibility >= 95;
    section.notes.push(
      `\`${score.page}\`, ${score.preset}: performance ${score.performance}, accessibility ` +
        `${score.accessibility}, best practices ${score.bestPractices} (first paint ` +
        `${(score.firstPaint / 1000).toFixed(1)} s, largest ${(score.largestPaint / 1000).toFixed(1)} s, ` +
        `${score.blocking} ms blocked; ${kb(score.transferred)} transferred, of it ` +
        `${kb(score.apiTransferred)} from the API) — goal ${met ? '**met**' : '**not met**'}`,
    );
    console.log(`  ${section.notes.at(-1)}`);
  }
}
