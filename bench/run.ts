// `npm run bench`: every `bench/*.bench.ts`, each on PGlite and on a throwaway PostgreSQL server
// where it measures the server, then the test suite's latest lane times and the web half's
// Lighthouse scores; writes `bench/RESULTS.md`. `npm run bench -- import analytics` runs only the
// sections whose name holds one of the words (the file keeps the others' earlier figures);
// `BENCH_QUICK=1` takes fewer runs and smaller sizes, while developing. The scale benchmark (over
// an hour) runs only when named: `npm run bench -- scale`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { findPostgresBin } from '../apps/api/test/postgres-server';
import { collector, machineNow, writeResults, type Report } from './report';
import { lighthouseSection, testSuiteSection } from './extra-sections';

const dir = import.meta.dirname;
const root = path.resolve(dir, '..');
const subset = process.argv.slice(2);
const quick = process.env.BENCH_QUICK === '1';
/** Sections that run only when a word names them. */
const onRequest = new Set(['scale']);
const chosen = (name: string) =>
  subset.length === 0 ? !onRequest.has(name) : subset.some((word) => name.includes(word));

/** A benchmark file: a default export that measures and records into the report. */
type Bench = { default: (report: Report) => Promise<void> };

/** The order of the sections in RESULTS.md; a new benchmark file comes after these. */
const ORDER = [
  'pricing-engine',
  'prices-api',
  'rate-sheet',
  'analytics',
  'import',
  'startup',
  'noisy-neighbour',
  'channels',
  'scale',
];
const rank = (file: string) => {
  const i = ORDER.indexOf(file.replace(/\.bench\.ts$/, ''));
  return i === -1 ? ORDER.length : i;
};
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const sections: { name: string; run: (report: Report) => Promise<void> }[] = [
  ...benches.map((file) => ({
    name: file.replace(/\.bench\.ts$/, ''),
    run: async (report: Report) => ((await import(path.join(dir, file))) as Bench).default(report),
  })),
  { name: 'test-suite', run: testSuiteSection },
  { name: 'lighthouse', run: lighthouseSection },
];
const torun = sections.filter((s) => chosen(s.name));
if (torun.length === 0) {
  console.error(
    `No benchmark matches ${subset.join(' ')}: ${sections.map((s) => s.name).join(', ')}`,
  );
  process.exit(1);
}

const bin = findPostgresBin();
const postgres = bin
  ? execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim()
  : 'PostgreSQL: no binaries (its rows are skipped)';
const pglite = (
  JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string }
).version;
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: root,
  encoding: 'utf8',
}).trim();
const machine = machineNow(postgres, pglite, commit);
console.log(
  `${machine.cores} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, ${postgres}, ` +
    `PGlite ${pglite}, load ${machine.loadAtStart}${quick ? ', quick mode' : ''}`,
);

const report = collector(quick);
const started = performance.now();
for (const [i, section] of torun.entries()) {
  const at = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\n[${i + 1}/${torun.length}] ${section.name} (${at} s in)`);
  await section.run(report);
}
const seconds = (performance.now() - started) / 1000;
const file = path.join(dir, 'RESULTS.md');
await writeResults(file, machine, {
  sections: report.sections,
  order: sections.flatMap((s) => s.name),
  subset,
  quick,
  seconds,
});
console.log(`\n${Math.round(seconds)} s; written ${path.relative(root, file)}`);
