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
    // The suite runs this lane beside the end-to-end lane on two cores: a test that takes 3 s alone
    // can take 10 s there. What it waits for is still asserted.
    testTimeout: 20_000,
    globals: true,
    setupFiles: ['src/testing/browser-language.ts', 'src/testing/setup.ts'],
  },
});
