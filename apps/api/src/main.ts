import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { moveUploadsIntoDatabase } from './core/files/folders';
import { openDatabase } from './db/client';
import { ensureSuperAdmin } from './modules/admin/bootstrap';
import { demoAtStart } from './modules/demo/seed';

/** Entry point of `npm start`: configuration, database, migrations, then listen. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: `${config.dataDir}/pglite`, settings: config.pglite },
  );
  await database.migrate();
  const app = await buildApp({ config, database });
  // Uploads an older version kept in DATA_DIR, before any job reads them (docs/architecture.md).
  await moveUploadsIntoDatabase(database.db, config.dataDir, app.log);
  // Before the super-admin: the demo is seeded only on a database without any user.
  if (config.demo) await demoAtStart(app);
  if (config.admin) {
    const { outcome, user } = await ensureSuperAdmin(database.db, config.admin);
    app.log.info({ email: user.email, outcome }, 'super-admin from ADMIN_EMAIL');
  }

  // The stop (docs/deployment.md, "Stopping"): from the signal on, every new request answers 503
  // (readiness first); the jobs get the grace period to finish, then those still running are
  // handed back to the queue; requests in flight finish; then the database closes.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal, graceSeconds: config.shutdownGraceSeconds },
      'shutting down: finishing in-flight requests and jobs',
    );
    const limitMs = (config.shutdownGraceSeconds + 10) * 1000;
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${limitMs / 1000} s, exiting`);
      process.exit(1);
    }, limitMs);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost =
    config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(
    `Tarifa is ready on http://${shownHost}:${config.port} (database: ${database.kind})`,
  );
}

main().catch((err) => {
  console.error('Tarifa failed to start:', err);
  process.exit(1);
});
