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

/** What the sign-in and other guest pages draw beyond MUI_BASICS: kept out of the shared chunks. */
const GUEST_MATERIAL = new Set([
  'CssBaseline',
  'colors',
  'GlobalStyles',
  'InitColorSchemeScript',
  'internal',
  'ButtonGroup',
  'Select',
  'useMediaQuery',
]);
const GUEST_ICONS = new Set(['VisibilityOutlined.mjs', 'VisibilityOffOutlined.mjs', 'utils']);

/** A module of `@mui/<pkg>` whose first path part is not in `guest`. */
const signedInOnly = (pkg: string, guest: Set<string>) => (id: string) => {
  const at = id.indexOf(`/node_modules/@mui/${pkg}/`);
  if (at === -1) return false;
  const part = id.slice(at + `/node_modules/@mui/${pkg}/`.length).split('/')[0]!;
  return !guest.has(part);
};

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
            // React on its own: left to itself, the bundler put it in the chunk below, which the
            // entry then had to load for the sign-in page.
            { test: /\/node_modules\/(react|react-dom|scheduler)\//, name: 'react' },
            // The rest of MUI and the icons, which the signed-in pages draw and the sign-in page
            // does not: two chunks instead of about a hundred one-component ones, which over
            // HTTP/1.1's six connections held a signed-in page's first heading back by ~0.5 s.
            { test: signedInOnly('material', GUEST_MATERIAL), name: 'mui-more' },
            { test: signedInOnly('icons-material', GUEST_ICONS), name: 'icons' },
          ],
        },
      },
    },
  },
});
