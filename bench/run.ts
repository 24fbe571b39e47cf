// `npm run bench`: each benchmark prints its figures next to a baseline measured in the same run.
// The benchmarks arrive with the capabilities they measure (pricing engine, imports, analytics).
import fs from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const benches = fs.readdirSync(dir).filter((f) => f.endsWith('.bench.ts'));
if (benches.length === 0) console.log('No benchmarks yet.');
for (const file of benches) {
  console.log(`\n== ${file}`);
  await import(path.join(dir, file));
}
