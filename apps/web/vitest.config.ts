import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // A worker's test files share their modules (React, MUI, the translations), each file in a
    // fresh jsdom: 195 s → 98 s. What a module keeps between files (the session's snapshot) is
    // reset after each test (testing/setup.ts).
    isolate: false,
    globals: true,
    setupFiles: ['src/testing/browser-language.ts', 'src/testing/setup.ts'],
  },
});
