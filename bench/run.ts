// `npm run bench`: each benchmark prints its figures next to a baseline measured in the same run.
// The benchmarks arrive with the capabilities they measure (pricing engine, imports, prices API,
// analytics). `npm run bench -- prices` runs only those whose file name contains `prices`.
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)));
if (benches.length === 0) console.log('No benchmarks yet.');
for (const file of benches) {
  console.log(`\n== ${file}`);
  await import(path.join(dir, file));
}
