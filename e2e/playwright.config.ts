import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { adminCredentials } from './support/admin';

/**
 * End-to-end tests drive the real app (a `node` process: API, embedded database, built web app)
 * in the machine's Chromium — Playwright never downloads a browser here.
 *
 * Two servers, each on a fresh database: the specs run against one started with `DEMO=false`, as a
 * real installation would be (no demo account, no sample property); `specs/demo.spec.ts`, whose
 * subject is the demo, runs against one started with `DEMO=true` on the next port (E2E_DEMO_PORT).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const demoPort = Number(process.env.E2E_DEMO_PORT ?? port + 1);
export const baseURL = `http://127.0.0.1:${port}`;
export const demoBaseURL = `http://127.0.0.1:${demoPort}`;
/** Where the channels spec starts its Channex double (the app is told before it starts). */
export const channexPort = port + 20;
const channexURL = `http://127.0.0.1:${channexPort}`;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const server = (listen: number, demo: boolean) => ({
  command: `node --import tsx ${path.join(import.meta.dirname, 'server.ts')}`,
  url: `http://127.0.0.1:${listen}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // WEB_DIST, when set, names the build to serve (parallel runs each build their own).
  env: {
    PORT: String(listen),
    LOG_LEVEL: 'warn',
    DEMO: String(demo),
    // A super-admin the specs sign in as through the API (e.g. to read the outbox).
    ADMIN_EMAIL: adminCredentials.email,
    ADMIN_PASSWORD: adminCredentials.password,
    // Every spec signs in from one IP: the production limit would trip within a run.
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    // The publishing spec's webhook receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // The channels spec's Channex double listens there too, on a port known beforehand.
    CHANNEX_URL: channexURL,
    CHANNELS_ALLOW_PRIVATE: 'true',
    // Chromium shares the 2-core machine with the server: a CPU-starved second is not what the
    // specs test (the browser would resend, but a spec's own API calls would meet the 503).
    MAX_EVENT_LOOP_DELAY_MS: '5000',
    // The digest spec's owner is due at once: the server looks every few seconds, not 15 minutes.
    DIGEST_CHECK_SECONDS: '5',
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  },
});

export default defineConfig({
  testDir: path.join(import.meta.dirname, 'specs'),
  outputDir: path.join(import.meta.dirname, '../test-results/e2e'),
  // One test at a time by default: the suite is bound by the 2-core machine's CPU, and a second or
  // third worker beside the Vitest lanes oversubscribed it (load 15 to 20), so the server-process
  // tests there timed out starting their servers. Alone (`E2E_WORKERS=3 npm run test:e2e`) the
  // lane's waits overlap: 16.6 minutes with three workers against 21.7 with one on a busy machine.
  // Any file's tests may run side by side: every test makes its own owner; a file whose tests
  // share something says so (`test.describe.configure`), and the demo project's specs, which share
  // the demo hotel, run one at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // One more try for a test that failed: on the 2-core machine the three lanes share, a spec can
  // meet a starved moment (CI's run of 28 min had two such failures, each passing alone and in
  // the local runs before and after). A test that passes only on its retry is not hidden: the
  // suite's closing lines list it as flaky, with the first lines of its first error.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.TEST_REPORT
    ? [['list'], ['json', { outputFile: process.env.TEST_REPORT }]]
    : [['list']],
  // Room for a busy 2-core machine (CI shares it with the build): a slow step is not a failure;
  // what a test waits for is still asserted.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    locale: 'pt-PT',
    // No trace by default: recording one for every test cost the CPU-bound lane time, and CI
    // shows only the text. `npm run test:e2e -- <spec> --trace on` records one to look at.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'app', testIgnore: /demo\.spec\.ts$/ },
    { name: 'demo', testMatch: /demo\.spec\.ts$/, use: { baseURL: demoBaseURL }, workers: 1 },
  ],
  webServer: [server(port, false), server(demoPort, true)],
});
