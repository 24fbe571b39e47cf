import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { translationChunkOf } from './src/lib/i18n/namespaces';
import { precompress } from './vite/precompress';
import { pureSchemas } from './vite/pure-schemas';

const MUI_BASICS = new RegExp(
  `/node_modules/(@emotion/|@mui/(system|utils|styled-engine)/|@mui/material/(${[
    'styles|zero-styled|DefaultPropsProvider|utils|internal|transitions|useLazyRipple|SvgIcon',
    'ButtonBase|Button|IconButton|Typography|Paper|Card|CardContent|Alert|CircularProgress|Link',
    'Box|Stack|FormControl|FormLabel|FormHelperText|InputBase|InputLabel|OutlinedInput',
    'InputAdornment|TextareaAutosize',
  ].join('|')})/)`,
);

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
        codeSplitting: {
          groups: [
            // Each half of a language (the guest pages' namespaces, the rest) is one request.
            { test: /\/locales\/.+\.json$/, name: translationChunkOf },
            // The MUI building blocks nearly every page draws, the sign-in page too: one chunk
            // rather than thirty small ones, each a request that compresses on its own.
            { test: MUI_BASICS, name: 'mui' },
          ],
        },
      },
    },
  },
});
