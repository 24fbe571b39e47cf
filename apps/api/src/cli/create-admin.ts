// `npm run create-admin -- --email a@b.c [--name N] [--password P]`: makes an account super-admin.
// The password comes from --password, else ADMIN_PASSWORD, else one is generated and printed (no
// prompt: this runs in scripts and CI too). It uses DATABASE_URL, or the embedded database in
// DATA_DIR — which only one process may open: stop the server first in that case.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ZEmail, ZPassword, ZPersonName } from '@tarifa/contract';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { ensureSuperAdmin } from '../modules/admin/bootstrap';

const usage =
  'Usage: npm run create-admin -- --email <address> [--name <name>] [--password <password>]';

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

/** 24 random characters from four classes: always passes the password rule. */
function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}-Aa1`;
}

async function main() {
  let args;
  try {
    args = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (err) {
    fail((err as Error).message);
  }
  if (args.help) {
    console.log(usage);
    return;
  }

  const email = ZEmail.safeParse(args.email ?? '');
  if (!email.success) fail('--email: a valid email address is required');
  const name = ZPersonName.safeParse(args.name ?? 'Administrator');
  if (!name.success) fail('--name: must be 1 to 120 characters');
  const given = args.password ?? (process.env.ADMIN_PASSWORD || undefined);
  if (given !== undefined) {
    const checked = ZPassword.safeParse(given);
    if (!checked.success) {
      fail(
        `password: ${checked.error.issues.map((issue) => issue.message).join('; ')} (at least 10 characters, of two kinds or more)`,
      );
    }
  }
  const password = given ?? generatePassword();

  let config;
  try {
    // Only the database settings matter here; ADMIN_* belong to the server's start.
    config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: 1 }
      : { kind: 'pglite', dataDir: `${config.dataDir}/pglite` },
  );
  try {
    await database.migrate();
    const { outcome, user } = await ensureSuperAdmin(database.db, {
      email: email.data,
      name: name.data,
      password,
    });
    if (outcome === 'unchanged') {
      console.log(`${user.email} already is a super-admin; nothing changed (password neither).`);
      return;
    }
    console.log(
      outcome === 'created'
        ? `Created super-admin ${user.email} (${user.uuid}).`
        : `${user.email} (${user.uuid}) is now a super-admin, with this password; all its sessions were signed out.`,
    );
    if (given === undefined) console.log(`Generated password: ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('create-admin failed:', err);
  process.exit(1);
});
