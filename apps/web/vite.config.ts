import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite/precompress';
import { pureSchemas } from './vite/pure-schemas';

const MUI_BASICS = new RegExp(
  `/node_modules/@mui/material/(${[
    'styles|zero-styled|DefaultPropsProvider|utils|transitions|useLazyRipple|SvgIcon',
    'ButtonBase|Button|IconButton|Typography|Paper|Card|CardContent|Alert|CircularProgress|Link',
    'Box|Stack|FormControl|FormLabel|FormHelperText|InputBase|InputLabel|OutlinedInput',
    'InputAdornment|TextareaAutosize',
  ].join('|')})/`,
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
    // No preload list in the entry (every page's chunks by name: 5 KB gzip the sign-in page would
    // carry): a page's chunk asks for its own imports as it arrives.
    modulePreload: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The MUI building blocks nearly every page draws, the sign-in page too: one chunk
            // rather than thirty small ones, each a request that compresses on its own.
            { test: MUI_BASICS, name: 'mui' },
          ],
        },
      },
    },
  },
});
