import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on :3000 (npm start); `npm run dev` serves the web app on :5173 with /api proxied.
export default defineConfig({
  plugins: [react()],
  // `@/lib/api` is apps/web/src/lib/api: how a file reaches outside its own folder (docs/architecture.md).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
  },
});
