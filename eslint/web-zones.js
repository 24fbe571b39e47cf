// @ts-check
import { readdirSync } from 'node:fs';

/**
 * The web app's boundaries (docs/architecture.md, "Web app"). The folders of apps/web/src are
 * layers, each importing only those below it:
 *
 *   app/, layouts/  →  features/<name>/  →  components/  →  api/  →  lib/  →  packages
 *
 * - a feature never imports another feature, layouts/ or app/; what two features share lives in
 *   components/, api/ or lib/;
 * - components/ and testing/ import no feature, layouts/ or app/;
 * - api/ (the server state: query keys, fetchers, hooks) imports only lib/ and packages;
 * - lib/ (generic helpers) imports only lib/ and packages.
 *
 * An import is refused by alias (`@/layouts/…`) and by a relative path that lands in the refused
 * folder (`../../../layouts/…` from features/<name>/pages/). One block per folder and depth: the
 * options of `no-restricted-imports` are not merged, and a relative path is only known to land in
 * a folder given the file's depth.
 */
const webSrc = 'apps/web/src';
const features = readdirSync(new URL(`../${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const depths = [1, 2, 3, 4, 5, 6];
const up = (times) => `(\\.\\./){${times}}`;
/** The files `depth` folders below `folder` (1: the folder's own files). */
const filesAt = (folder, depth) => [`${webSrc}/${folder}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
/** The import sources that reach one of `folders` of src/ from a file `depth` folders below src/. */
const reaching = (folders, depth) =>
  [`^@/(${folders.join('|')})(/|$)`, `^${up(depth)}(${folders.join('|')})(/|$)`].join('|');

/** The import sources that reach another feature from features/<feature>/ at `depth` folders down. */
const otherFeature = (feature, depth) => ({
  regex: [
    `^@/features/(?!${feature}(/|$))`,
    `^${up(depth)}(?!${feature}(/|$))[^./]`,
    `^${up(depth + 1)}features/(?!${feature}(/|$))`,
  ].join('|'),
  message: `features/${feature} must not import another feature: move what they share to lib/ or components/.`,
});
const shell = (feature, depth) => ({
  regex: reaching(['layouts', 'app'], depth + 1),
  message: `features/${feature} must not import layouts/ or app/ (they compose the features): move what it needs to lib/, api/ or components/.`,
});

/** What each lower layer must not import, and why. */
const layers = {
  lib: {
    refused: ['features', 'components', 'layouts', 'app', 'api'],
    message: 'lib/ holds generic helpers: it imports only lib/ and packages.',
  },
  api: {
    refused: ['features', 'components', 'layouts', 'app'],
    message:
      'api/ holds the server state (query keys, fetchers, hooks): it imports only lib/ and packages.',
  },
  components: {
    refused: ['features', 'layouts', 'app'],
    message: 'components/ serve every feature and import no feature, layouts/ or app/.',
  },
  testing: {
    refused: ['features', 'layouts', 'app'],
    message: 'testing/ serves every feature and imports no feature, layouts/ or app/.',
  },
};

export const webZones = [
  ...features.flatMap((feature) =>
    depths.map((depth) => ({
      files: filesAt(`features/${feature}`, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [otherFeature(feature, depth), shell(feature, depth)] },
        ],
      },
    })),
  ),
  ...Object.entries(layers).flatMap(([folder, { refused, message }]) =>
    depths.map((depth) => ({
      files: filesAt(folder, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: reaching(refused, depth), message }] },
        ],
      },
    })),
  ),
];
