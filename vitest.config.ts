import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Three projects: pure packages, the API (through app.inject() on PGlite, or with TEST_DB=postgres
 * on a throwaway PostgreSQL server), and the web app's components in jsdom.
 */
export default defineConfig({
  test: {
    // One test file per core at once: left to itself, Vitest ran one file at a time on a 2-core
    // machine (the lane took 7.7 minutes instead of about 5).
    maxWorkers: os.availableParallelism(),
    // `npm test` asks for a JSON report to total the lanes (scripts/test.mjs).
    reporters: process.env.TEST_REPORT ? ['default', 'json'] : ['default'],
    outputFile: process.env.TEST_REPORT ? { json: process.env.TEST_REPORT } : undefined,
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // Property tests beside the end-to-end lane on two cores: 2 s alone, up to 10 s there.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          // Two server processes on one database need a database server: the scale-out tests (and
          // nginx in front of two instances) run in the PostgreSQL lane only (an embedded PGlite folder belongs to one process). The
          // embedded database's own folder test is PGlite's: the PostgreSQL lane has nothing to add.
          exclude:
            process.env.TEST_DB === 'postgres'
              ? [...configDefaults.exclude, 'apps/api/src/db/client.test.ts']
              : [
                  ...configDefaults.exclude,
                  'apps/api/src/scale-out.test.ts',
                  'apps/api/src/digest-scale-out.test.ts',
                  'apps/api/src/nginx.test.ts',
                ],
          environment: 'node',
          // A worker's test files share their modules (each file still opens its own app and
          // database): importing the app once per worker instead of once per file took the
          // lane from 337 s to 261 s. Nothing here mocks modules or keeps state between files.
          isolate: false,
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
