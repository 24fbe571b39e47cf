import { expect, test } from '@playwright/test';
import { seriousViolations, settled } from '../support/a11y';
import { newOwnerWithProperty, signIn, signUp } from '../support/auth';
import { shellReady, type Locale } from '../support/shell';

const pages = [
  '/dashboards',
  '/faq',
  '/pages/pricing',
  '/pages/typography',
  '/pages/icons',
  '/extensions/tour',
  '/extensions/swiper',
];

const variants: { locale: Locale; scheme: 'light' | 'dark' }[] = [
  { locale: 'pt', scheme: 'light' },
  { locale: 'ar', scheme: 'dark' },
];

for (const { locale, scheme } of variants) {
  test.describe(`${locale}, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    // One owner walks every page (a sign-up per page cost the lane a minute): each page is a step
    // of the report, and a page with violations does not hide the pages after it.
    test('the main pages have no serious or critical violation', async ({
      page,
      context,
      request,
    }) => {
      // Seven pages and their checks in one test: the time of seven.
      test.slow();
      await signIn(
        context,
        await newOwnerWithProperty(request, { language: locale, property: 'Casa do Mar' }),
      );
      for (const url of pages) {
        await test.step(url, async () => {
          await page.goto(url);
          await shellReady(page);
          await expect(page.locator('main h1')).toBeVisible();
          expect.soft(await seriousViolations(page), url).toEqual([]);
        });
      }
    });

    test('the open menus, search and preferences have none either', async ({
      page,
      context,
      request,
    }) => {
      await signIn(
        context,
        await newOwnerWithProperty(request, { language: locale, property: 'Casa do Mar' }),
      );
      await page.goto('/dashboards');
      await shellReady(page);

      await page.keyboard.press('Control+k');
      // Found in every language (the English names and paths are keywords too).
      await page.keyboard.type('pricing');
      await expect(page.getByRole('listbox')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.locator('header button[aria-haspopup="dialog"]').last().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      // axe reads colours as painted: wait for the opening transition to finish.
      await expect(page.locator('.MuiDrawer-paper, .MuiDialog-paper').last()).toHaveCSS(
        'opacity',
        '1',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      await page.locator('header button[aria-haspopup="menu"]').last().click();
      await expect(page.getByRole('menu')).toBeVisible();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('the blank layout pages have none', async ({ page, context, request }) => {
  await signIn(context, await signUp(request));
  for (const url of ['/not-authorized', '/this-page-does-not-exist']) {
    await page.goto(url);
    await expect(page.locator('main h1')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('the navigation and its menus work from the keyboard alone', async ({
  page,
  context,
  request,
}) => {
  await signIn(
    context,
    await newOwnerWithProperty(request, { language: 'en', property: 'Casa do Mar' }),
  );
  await page.goto('/faq');
  await shellReady(page);
  // The first stop skips to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();

  // From there every menu entry can be reached with Tab, and shows where the focus is.
  const target = page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sales Analytics' });
  for (let i = 0; i < 40 && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=sales-analytics/);

  // The skip link lands in the page's content.
  await page.reload();
  await shellReady(page);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();

  // A menu of the navbar opens, moves and closes with the keyboard.
  const language = page.getByRole('button', { name: 'Language' });
  await language.focus();
  await page.keyboard.press('Enter');
  // The current language has the focus; the arrows move on.
  await expect(page.getByRole('menuitem', { name: 'English' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Français' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(language).toBeFocused();
});
