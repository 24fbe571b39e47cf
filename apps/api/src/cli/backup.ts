// `npm run backup -- [file]` and `npm run restore -- <file> [--force]` (docs/operations.md): the
// whole database the server's configuration names — DATABASE_URL, or the embedded database in
// DATA_DIR, which only one process may open: stop the server first in that case.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { BackupError, backupDatabase, backupTargetOf, restoreDatabase } from '../db/backup';

const usage = {
  backup: 'Usage: npm run backup -- [file]   (default: backups/tarifa-<database>-<time>.<ext>)',
  restore: 'Usage: npm run restore -- <file> [--force]',
};
type Command = keyof typeof usage;

function fail(message: string, command: Command): never {
  console.error(`${message}\n${usage[command]}`);
  process.exit(1);
}

async function main() {
  const command = process.argv[2];
  if (command !== 'backup' && command !== 'restore') {
    console.error(`${usage.backup}\n${usage.restore}`);
    process.exit(1);
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(3),
      allowPositionals: true,
      options: {
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message, command);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage[command]);
    return;
  }
  if (positionals.length > 1) fail('Give one file.', command);
  if (command === 'backup' && values.force) fail('--force is for restore only.', command);

  let config;
  try {
    // Only the database settings matter here; ADMIN_* belong to the server's start.
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, command);
    throw err;
  }
  const target = backupTargetOf(config);
  const described =
    target.kind === 'pglite'
      ? `the embedded database in ${target.dataDir}`
      : 'the PostgreSQL database';

  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file =
      positionals[0] ??
      path.join(
        'backups',
        `tarifa-${target.kind}-${stamp}.${target.kind === 'pglite' ? 'tar.gz' : 'dump'}`,
      );
    const bytes = await backupDatabase(target, file);
    console.log(`Backed up ${described} to ${file} (${(bytes / 1024).toFixed(0)} KiB).`);
    return;
  }

  const file = positionals[0];
  if (!file) fail('Which backup file?', command);
  const { setAside } = await restoreDatabase(target, file, { force: values.force });
  console.log(`Restored ${file} onto ${described}.`);
  if (setAside) console.log(`The database it replaced was moved to ${setAside}.`);
  console.log('Start the server: it applies any migration newer than the backup.');
}

main().catch((err) => {
  if (err instanceof BackupError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error('Failed:', err);
  process.exit(1);
});
