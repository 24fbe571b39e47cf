// Second test lane: the API integration tests against a real PostgreSQL server started from the
// machine's binaries (apps/api/test/postgres-server.ts). Without binaries it skips loudly, except in
// CI, where a missing server is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const candidates = process.env.PG_BIN
  ? [process.env.PG_BIN]
  : (fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : []).map((v) =>
      path.join('/usr/lib/postgresql', v, 'bin'),
    );
const found = candidates.some((dir) => fs.existsSync(path.join(dir, 'initdb')));

if (!found) {
  const message =
    'No PostgreSQL binaries (/usr/lib/postgresql/*/bin or PG_BIN): the PostgreSQL lane cannot run.';
  if (process.env.CI) {
    console.error(
      `\n✖ ${message}\n  Install them (apt-get install -y postgresql) — CI must test on both databases.\n`,
    );
    process.exit(1);
  }
  console.warn(
    `\n${'!'.repeat(78)}\n!! SKIPPED: ${message}\n!! Install postgresql to run it.\n${'!'.repeat(78)}\n`,
  );
  process.exit(0);
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
