// The app as `npm start` runs it, on a fresh embedded database for every end-to-end run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = path.join(os.tmpdir(), `tarifa-e2e-${process.env.PORT ?? '3100'}`);
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
await import('../apps/api/src/main');
