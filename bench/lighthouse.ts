// Lighthouse 12 on the built web app, as served by `npm start`: /login, and signed in as the demo
// owner, /dashboards and /pricing-central, each with the desktop preset and then the mobile one
// (a slow 4G line and a slower CPU, simulated). It starts the real server on a temporary data folder
// (DEMO=true) and a free port, drives the machine's Chromium (never a downloaded one), and stops
// everything. It builds nothing: build the web app first (`npm run build`).
//
//   npm run lighthouse                     the scores, one line per page
//   LIGHTHOUSE_REPORTS=dir npm run lighthouse   also each page's full HTML report in dir
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

const root = path.resolve(import.meta.dirname, '..');
const webDist = path.resolve(root, process.env.WEB_DIST || 'apps/web/dist');
/** The demo owner (`apps/api/src/modules/demo/generator.ts`). */
const demo = { email: 'demo@tarifa.app', password: 'Demo-Tarifa-2025' };
const pages = [
  { page: '/login', signedIn: false },
  { page: '/dashboards', signedIn: true },
  { page: '/pricing-central', signedIn: true },
];
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse's two presets: desktop, and its default, a phone on a slow 4G line. */
const presets = ['desktop', 'mobile'] as const;

export interface LighthouseScore {
  page: string;
  preset: (typeof presets)[number];
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** First and largest contentful paint and total blocking time, in milliseconds. */
  firstPaint: number;
  largestPaint: number;
  blocking: number;
  /** What the page transferred, in bytes (compressed as it travelled), and of it the API's answers. */
  transferred: number;
  apiTransferred: number;
}

/** `npm start` on a temporary data folder and a free port, with the demo; resolves its address. */
async function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    base: await listening.catch(async (error) => (await stop(), Promise.reject(error))),
    stop,
  };
}

/** Signs the demo owner in through the API and stores the session as the web app does. */
async function signIn(base: string, debuggingPort: number) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  if (!res.ok) throw new Error(`demo sign-in: ${res.status} ${await res.text()}`);
  const session = (await res.json()) as Record<string, unknown>;
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/api/health`);
    // The keys the web app reads (apps/web/src/lib/storage.ts); this file is not compiled for the DOM.
    const items = {
      accessToken: String(session.accessToken),
      userData: JSON.stringify(session.userData),
      userAbilityRules: JSON.stringify(session.userAbilityRules),
    };
    await page.evaluate(
      `for (const [key, value] of Object.entries(${JSON.stringify(items)})) localStorage.setItem(key, value)`,
    );
    await page.close();
  } finally {
    // Only the connection closes: the browser is chrome-launcher's.
    await browser.close();
  }
}

/**
 * Performance, accessibility and best-practices scores (0–100) of the three pages, with
 * Lighthouse's desktop settings (Tarifa is a back-office app): each page loaded cold, once.
 */
export async function lighthouseScores(): Promise<LighthouseScore[]> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${path.relative(root, webDist)}: run \`npm run build\` first`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-lighthouse-'));
  const reports = process.env.LIGHTHOUSE_REPORTS;
  const server = await startServer(path.join(dir, 'data'));
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags,
    });
    const scores: LighthouseScore[] = [];
    let sessionStored = false;
    for (const { page, signedIn } of pages) {
      if (signedIn && !sessionStored) {
        await signIn(server.base, chrome.port);
        sessionStored = true;
      }
      for (const preset of presets) {
        const result = await lighthouse(
          `${server.base}${page}`,
          {
            port: chrome.port,
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            // The session stored above stays; caches are still cleared, so each page loads cold.
            disableStorageReset: signedIn,
            output: 'html',
            logLevel: 'error',
          },
          // Without a configuration Lighthouse runs its mobile preset.
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page} (${preset})`);
        const { categories, finalDisplayedUrl, audits } = result.lhr;
        if (new URL(finalDisplayedUrl).pathname !== page) {
          throw new Error(`${page} ended on ${finalDisplayedUrl}: the sign-in did not hold`);
        }
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
        const requests =
          (
            audits['network-requests']?.details as
              { items?: { url: string; transferSize?: number }[] } | undefined
          )?.items ?? [];
        const bytes = (items: typeof requests) =>
          items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
        scores.push({
          page,
          preset,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          firstPaint: metric('first-contentful-paint'),
          largestPaint: metric('largest-contentful-paint'),
          blocking: metric('total-blocking-time'),
          transferred: bytes(requests),
          apiTransferred: bytes(
            requests.filter((item) => new URL(item.url).pathname.startsWith('/api/')),
          ),
        });
        if (reports) {
          fs.mkdirSync(reports, { recursive: true });
          const name = `${page.slice(1).replaceAll('/', '-')}-${preset}`;
          fs.writeFileSync(path.join(reports, `${name}.html`), String(result.report));
        }
      }
    }
    return scores;
  } finally {
    chrome?.kill();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const scores = await lighthouseScores();
  console.log(
    'page               preset   performance  accessibility  best practices  FCP ms  LCP ms  TBT ms  KB (API)',
  );
  for (const s of scores) {
    console.log(
      `${s.page.padEnd(18)} ${s.preset.padEnd(8)} ${String(s.performance).padStart(11)}  ${String(s.accessibility).padStart(13)}  ${String(s.bestPractices).padStart(14)}  ${String(s.firstPaint).padStart(6)}  ${String(s.largestPaint).padStart(6)}  ${String(s.blocking).padStart(6)}  ${Math.round(s.transferred / 1024)} (${Math.round(s.apiTransferred / 1024)})`,
    );
  }
  const missed = scores.filter((s) => s.performance < 90 || s.accessibility < 95);
  if (missed.length)
    console.log(
      `\nGoal (performance ≥ 90, accessibility ≥ 95) missed on ${missed.map((s) => `${s.page} (${s.preset})`).join(', ')}`,
    );
}
