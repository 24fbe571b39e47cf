import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** axe reads colours as painted: let opening transitions (fades, slides) finish first. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/**
 * What axe-core finds serious or critical on the page as it is, each violation with its rule and
 * elements, so a failure says what to fix (`specs/a11y.spec.ts` walks the main pages in light and
 * dark, left-to-right and right-to-left).
 */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    }));
}
