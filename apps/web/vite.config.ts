import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { translationChunkOf } from './src/lib/i18n/namespaces';
import { precompress } from './vite/precompress';
import { pureSchemas } from './vite/pure-schemas';

// The API runs on :3000 (npm start); `npm run dev` serves the web app on :5173 with /api proxied.
export default defineConfig({
  plugins: [react(), pureSchemas(), precompress()],
  // `@/lib/api` is apps/web/src/lib/api: how a file reaches outside its own folder (docs/architecture.md).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Read by scripts/check-budgets.mjs: which chunks each page needs.
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Each half of a language (the guest pages' namespaces, the rest) is one request.
        codeSplitting: { groups: [{ test: /\/locales\/.+\.json$/, name: translationChunkOf }] },
      },
    },
  },
});
