// Builds the web app when its output (WEB_DIST, default apps/web/dist) is missing or older than any
// of its sources, so `npm start` and the end-to-end tests always serve what the work tree holds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, process.env.WEB_DIST || 'apps/web/dist');
const builtIndex = path.join(outDir, 'index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((max, entry) => Math.max(max, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt >= changedAt) process.exit(0);

console.log(
  builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…',
);
const result = spawnSync(
  'npm',
  ['run', 'build', '--workspace', '@tarifa/web', '--', '--outDir', outDir, '--emptyOutDir'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
