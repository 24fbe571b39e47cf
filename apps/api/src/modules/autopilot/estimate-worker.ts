import { parentPort, workerData } from 'node:worker_threads';
import { suggestSettings, type AutopilotHistory } from '@tarifa/autopilot';

// The estimate of one history, on a thread of its own (see `estimate.ts`).
parentPort!.postMessage(suggestSettings(workerData as AutopilotHistory));
