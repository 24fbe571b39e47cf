// @ts-check
import { readdirSync } from 'node:fs';

/**
 * The API's module graph (docs/architecture.md, "The module graph"): which modules each module of
 * apps/api/src/modules may import. Every module may also import the layers below the modules —
 * core/, db/, lib/ and plugins/ — and its own files; nothing else. The graph is one-way (no cycle):
 * the engine's inputs (pricing-inputs) read the modules that own its tables through their small
 * readers, and everything that runs the engine sits above it. Test files are not held to it (a
 * test may set up a world through any module).
 *
 * @type {Record<string, string[]>}
 */
export const moduleGraph = {
  admin: ['auth', 'mail'],
  alerts: ['analytics', 'pricing-inputs', 'mail'],
  analytics: ['pricing-inputs'],
  audit: [],
  autopilot: ['pricing-inputs', 'businesses'],
  auth: ['mail'],
  bookings: [],
  budgets: ['analytics', 'businesses'],
  businesses: ['plans'],
  digest: ['mail', 'price-changes'],
  channels: ['pricing-inputs', 'bookings'],
  events: ['businesses'],
  forecast: [],
  health: [],
  imports: ['bookings'],
  mail: [],
  market: ['businesses'],
  members: ['mail'],
  notifications: [],
  plans: [],
  portfolio: [
    'analytics',
    'price-changes',
    'businesses',
    'pricing-inputs',
    'budgets',
    'rate-plans',
    'restrictions',
  ],
  'rate-plans': ['businesses'],
  'rate-rules': ['pricing-inputs', 'businesses', 'rate-plans'],
  'price-changes': ['pricing-inputs', 'businesses'],
  privacy: ['bookings'],
  prices: ['pricing-inputs', 'businesses', 'price-changes'],
  'pricing-inputs': ['businesses', 'events', 'market', 'rate-plans'],
  publishing: ['price-changes', 'pricing-inputs', 'channels'],
  restrictions: ['pricing-inputs'],
  support: [],
  tokens: ['auth'],
  users: ['auth'],
};

/** The one composition module (the demo world is built through every module): may import any. */
export const composition = 'demo';

/** The folders of apps/api/src below the modules, which every module may import. */
export const layersBelow = ['core', 'db', 'lib', 'plugins'];

const apiSrc = 'apps/api/src';
const folders = readdirSync(new URL(`../${apiSrc}/modules`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A module the graph does not list may import no other module until it is listed. */
const allowedOf = (module) =>
  module === composition ? folders : [module, ...(moduleGraph[module] ?? [])];

const oneOf = (names) => `(?:${names.join('|')})(?:/|$)`;

/** An import source from modules/<module>/ that reaches another module or a folder not allowed. */
const notAllowed = (module) => ({
  regex: [
    `^\\.\\./(?!${oneOf(allowedOf(module))})[^./]`,
    `^\\.\\./\\.\\./(?!${oneOf(layersBelow)})[^./]`,
  ].join('|'),
  message:
    module === composition
      ? `modules/${module} may import any module and ${layersBelow.join(', ')}; nothing else of the app.`
      : `modules/${module} may import only ${[...(moduleGraph[module] ?? []), ...layersBelow].join(', ')} (eslint/api-modules.js, docs/architecture.md).`,
});

/** The import sources from a folder `depth` levels under apps/api/src that leave core/db/lib. */
const outsideCore = (depth, message) => ({
  regex: `^(?:\\.\\./){${depth}}(?!${oneOf(['core', 'db', 'lib'])})[^./]`,
  message,
});

const noTests = ['**/*.test.ts'];

const moduleBlocks = folders.map((module) => ({
  files: [`${apiSrc}/modules/${module}/*.ts`],
  ignores: noTests,
  rules: { 'no-restricted-imports': ['error', { patterns: [notAllowed(module)] }] },
}));

const coreMessage = 'core/ is below every module: it imports only core, db and lib.';
const coreBlocks = [1, 2].map((depth) => ({
  files: [`${apiSrc}/core/${'*/'.repeat(depth - 1)}*.ts`],
  ignores: noTests,
  rules: {
    'no-restricted-imports': ['error', { patterns: [outsideCore(depth, coreMessage)] }],
  },
}));

/**
 * Plugins (authentication, entitlements, errors…) are cross-cutting and sit below the modules:
 * they import only core, db and lib.
 */
export const pluginsBlock = {
  files: [`${apiSrc}/plugins/*.ts`],
  ignores: noTests,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          outsideCore(1, 'plugins/ sit below the modules: they import only core, db and lib.'),
        ],
      },
    ],
  },
};

export const apiModules = [...moduleBlocks, ...coreBlocks, pluginsBlock];
