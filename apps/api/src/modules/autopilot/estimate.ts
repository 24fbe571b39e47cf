import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AutopilotHistory, Suggestion } from '@tarifa/autopilot';

/**
 * tsx's ES module API, found from here rather than from wherever the server was started (a bare
 * `import('tsx/…')` in the worker would resolve from its working directory). Its `import` build
 * sits beside the `require` build that `require.resolve` finds.
 */
const tsxApi = pathToFileURL(
  createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs'),
).href;

/**
 * The worker's code: the estimate's module loaded through tsx, as the server itself runs
 * (`node --import tsx`; hooks registered with `--import` do not reach a worker thread on Node 20).
 */
const boot = `
const { tsImport } = await import(${JSON.stringify(tsxApi)});
await tsImport(${JSON.stringify(new URL('./estimate-worker.ts', import.meta.url).href)}, import.meta.url);
`;

/**
 * `suggestSettings` of `history` on a worker thread: the estimate holds a core for a second or
 * more on a large hotel, and on the server's own thread that would hold every request behind it
 * (the event-loop guard would answer them 503). Aborting `signal` (the job's lease lost, the
 * server stopping) ends the thread and rejects with its reason.
 */
export function estimateApart(history: AutopilotHistory, signal: AbortSignal): Promise<Suggestion> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, type: 'module', workerData: history } as never);
    const stop = () => {
      void worker.terminate();
      reject(signal.reason as Error);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    worker.once('message', (suggestion: Suggestion) => {
      signal.removeEventListener('abort', stop);
      resolve(suggestion);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      signal.removeEventListener('abort', stop);
      reject(err);
    });
    worker.once('exit', (code) => {
      signal.removeEventListener('abort', stop);
      reject(new Error(`The estimate's thread stopped (${code})`));
    });
  });
}
