// `npm run dev`: the API (restarting on change) and Vite's dev server with hot reload, together.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/api/src/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '--workspace', '@tarifa/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
