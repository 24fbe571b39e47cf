// @ts-check
import { readdirSync } from 'node:fs';

/**
 * The web app's boundaries (docs/architecture.md, "Web app"): a feature never imports another
 * feature, and lib/, components/ and testing/ never import a feature; what two features share lives
 * in lib/ or components/. A feature's file is refused `@/features/<other>/…` and a relative path
 * into another feature (`../../<other>/…` from features/<name>/components/, `../../../features/…`).
 * One block per feature and folder depth: the options of `no-restricted-imports` are not merged,
 * and a relative path is only known to land in another feature given the file's depth.
 */
const webSrc = 'apps/web/src';
const features = readdirSync(new URL(`../${webSrc}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const up = (times) => `(\\.\\./){${times}}`;
/** The import sources that reach another feature from features/<feature>/ at `depth` folders down. */
const otherFeature = (feature, depth) => ({
  regex: [
    `^@/features/(?!${feature}(/|$))`,
    `^${up(depth)}(?!${feature}(/|$))[^./]`,
    `^${up(depth + 1)}features/(?!${feature}(/|$))`,
  ].join('|'),
  message: `features/${feature} must not import another feature: move what they share to lib/ or components/.`,
});
export const webZones = [
  ...features.flatMap((feature) =>
    [1, 2, 3, 4, 5, 6].map((depth) => ({
      files: [`${webSrc}/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': ['error', { patterns: [otherFeature(feature, depth)] }],
      },
    })),
  ),
  {
    files: [`${webSrc}/{lib,components,testing}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+)features/',
              message: 'lib/, components/ and testing/ serve every feature and import none.',
            },
          ],
        },
      ],
    },
  },
];
