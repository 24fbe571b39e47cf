import { expect, test, type Locator, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes, type Locale } from '../support/auth';
import { night } from '../support/calendar';
import { captureScreens } from '../support/screens';
import { label } from '../support/shell';

// Issue 24, points 5 and 6: the price calendar starts where the owner works. On a desktop it opens
// with today at the start of the nights in view (left to right and right to left), "Today" brings
// it back after scrolling away, and the week view is the week of the selected night or of today.
// On a phone the nights are a list that fits the screen, two taps select a range that "Set price"
// prices at once, and the hint speaks of taps; a desktop's hint speaks of Shift, drag and arrows.
// "Today" is read from the page (the header marked `aria-current="date"`): the server's clock is
// the real one, and today is where the property is.

const words = (locale: Locale, key: string) => label(locale, 'priceCalendar', key);

/** The grid's scrolling area and its corner, which stays put over the row headers. */
const scroller = (page: Page) => page.getByRole('grid').locator('xpath=..');
const corner = (page: Page) => page.getByRole('grid').locator('[data-corner]');
/** A night's header (a column's head on a desktop, a row's head on a phone). */
const nightHeader = (page: Page, date: string) =>
  page.getByRole('grid').locator(`th[data-night="${date}"]`);
const todayHeader = (page: Page) => page.getByRole('grid').locator('th[aria-current="date"]');
/** A price of the grid by its night (the first room type's, on a phone the one shown). */
const priceOn = (page: Page, date: string) =>
  page.getByRole('grid').locator(`[role="gridcell"][data-date="${date}"]`).first();

/**
 * `header` shows whole inside the scrolling area and is not under its sticky corner: beside it on
 * a desktop (whichever side the reading direction puts it), under it on a phone.
 */
async function expectInView(page: Page, header: Locator) {
  await expect(header).toBeVisible();
  await expect
    .poll(async () => {
      const [box, area, stuck] = await Promise.all([
        header.boundingBox(),
        scroller(page).boundingBox(),
        corner(page).boundingBox(),
      ]);
      if (!box || !area || !stuck) return 'not drawn';
      const inside =
        box.x >= area.x - 1 &&
        box.x + box.width <= area.x + area.width + 1 &&
        box.y >= area.y - 1 &&
        box.y + box.height <= area.y + area.height + 1;
      const clear =
        box.y >= stuck.y + stuck.height - 1 ||
        box.x >= stuck.x + stuck.width - 1 ||
        box.x + box.width <= stuck.x + 1;
      return inside && clear ? 'in view' : 'out of view';
    })
    .toBe('in view');
}

/**
 * The night's header is the first one shown after the corner (the start of what shows): a night
 * early in its month, so that the month's end does not stop the scrolling before it.
 */
async function expectFirstShown(page: Page, date: string, rtl = false) {
  await expectInView(page, nightHeader(page, date));
  const [box, stuck] = await Promise.all([
    nightHeader(page, date).boundingBox(),
    corner(page).boundingBox(),
  ]);
  const gap = rtl ? stuck!.x - (box!.x + box!.width) : box!.x - (stuck!.x + stuck!.width);
  expect(Math.abs(gap)).toBeLessThan(2);
}

test.describe('on a desktop', () => {
  test('the calendar opens on today, Today comes back to it and the week follows the selection', async ({
    page,
    request,
  }) => {
    // Long journeys; with SCREENS=1 each also draws its screen eight times.
    test.setTimeout(180_000);
    await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));

    await page.goto('/pricing-central');
    // A month of prices from the real engine: give a busy machine time for the first one.
    await expect(todayHeader(page)).toHaveCount(1, { timeout: 30_000 });
    const today = (await todayHeader(page).getAttribute('data-night'))!;
    await expectInView(page, todayHeader(page));
    // The hint speaks of a mouse and a keyboard.
    await expect(page.getByText(words('pt', 'selection.none'))).toBeVisible();

    // Scrolled away to the month's start, "Hoje" brings today back; and from another month too.
    await scroller(page).evaluate((box) => (box.scrollLeft = 0));
    await page.getByRole('button', { name: words('pt', 'nav.today') }).click();
    await expectInView(page, todayHeader(page));
    await page.getByRole('button', { name: words('pt', 'nav.nextMonth') }).click();
    await expect(todayHeader(page)).toHaveCount(0);
    await page.getByRole('button', { name: words('pt', 'nav.today') }).click();
    await expectInView(page, todayHeader(page));

    // A week without a selection is today's week.
    await page.getByRole('button', { name: words('pt', 'nav.week'), exact: true }).click();
    await expect(page.getByRole('grid').locator('th[data-night]')).toHaveCount(7);
    await expect(todayHeader(page)).toHaveAttribute('data-night', today);

    // A night in the address opens at the start of the nights shown; its week is the week shown
    // once it is selected.
    await page.goto(`/pricing-central?date=${night(8)}`);
    await expectFirstShown(page, night(8));
    await priceOn(page, night(12)).click();
    await page.getByRole('button', { name: words('pt', 'nav.week'), exact: true }).click();
    await expect(page.getByRole('grid').locator('th[data-night]')).toHaveCount(7);
    await expect(nightHeader(page, night(12))).toBeVisible();

    // Keyboard: the focused night is the one shown first, and the arrows still go on from it.
    await page.goto(`/pricing-central?date=${night(8)}`);
    await priceOn(page, night(8)).focus();
    await page.keyboard.press('ArrowRight');
    await expect(priceOn(page, night(9))).toBeFocused();

    await captureScreens(page, 'price-calendar-open', async () => {
      await page.goto('/pricing-central');
      await expectInView(page, todayHeader(page));
    });
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`in ${locale} it opens on today too, with the mouse and keyboard hint`, async ({
      page,
      request,
    }) => {
      await signIn(
        page,
        await newOwnerWithProperty(request, { language: locale, roomTypes: twoRoomTypes }),
      );
      await page.goto(`/pricing-central?date=${night(8)}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectFirstShown(page, night(8), locale === 'ar');
      await expect(page.getByText(words(locale, 'selection.none'))).toBeVisible();
      await page.goto('/pricing-central');
      await expectInView(page, todayHeader(page));
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the nights fit the screen, two taps select a range and Set price prices it all', async ({
    page,
    request,
  }) => {
    // Long journeys; with SCREENS=1 each also draws its screen eight times.
    test.setTimeout(180_000);
    await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));

    await page.goto('/pricing-central');
    // A month of prices from the real engine: give a busy machine time for the first one.
    await expect(todayHeader(page)).toHaveCount(1, { timeout: 30_000 });
    await expectInView(page, todayHeader(page));
    // Nothing wider than the screen: no sideways scrolling of the page, nor of the nights.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
    await expect
      .poll(() => scroller(page).evaluate((box) => box.scrollWidth - box.clientWidth))
      .toBeLessThanOrEqual(0);
    await expect(page.getByText(words('pt', 'selection.noneTouch'))).toBeVisible();

    // "Hoje" after scrolling the list away.
    await scroller(page).evaluate((box) => (box.scrollTop = 0));
    await page.getByRole('button', { name: words('pt', 'nav.today') }).tap();
    await expectInView(page, todayHeader(page));

    // Tap the 10th, then the 13th of next month: four nights, priced at once.
    await page.goto(`/pricing-central?date=${night(1)}`);
    await expectInView(page, nightHeader(page, night(1)));
    // The night's own price, so no guard against a price far from the recommendation stops it.
    const price = /\d+(?:,\d+)?/.exec((await priceOn(page, night(10)).textContent()) ?? '')![0];
    await priceOn(page, night(10)).tap();
    await expect(page.getByRole('button', { name: words('pt', 'actions.cancel') })).toBeVisible();
    await expect(
      page.getByText(/^A selecionar a partir de .* toque na última noite/),
    ).toBeVisible();
    await priceOn(page, night(13)).tap();
    await expect(page.getByText(/^Selecionado: .*Noites: 4 · Preços: 4$/)).toBeVisible();
    for (const day of [10, 11, 12, 13])
      await expect(priceOn(page, night(day))).toHaveAttribute('aria-selected', 'true');
    await expect(priceOn(page, night(14))).toHaveAttribute('aria-selected', 'false');

    await page.getByRole('button', { name: words('pt', 'actions.setPrice'), exact: true }).tap();
    const dialog = page.getByRole('dialog', { name: words('pt', 'setPrice.title') });
    await dialog.getByRole('textbox').first().fill(price);
    await dialog.getByRole('button', { name: words('pt', 'setPrice.submit') }).tap();
    await expect(dialog).toBeHidden();
    for (const day of [10, 11, 12, 13]) {
      await expect(priceOn(page, night(day))).toHaveAttribute(
        'aria-label',
        new RegExp(`: ${price}\\s€;.*${words('pt', 'cell.overridden')}`),
      );
    }
    await expect(priceOn(page, night(14))).not.toHaveAttribute(
      'aria-label',
      new RegExp(words('pt', 'cell.overridden')),
    );

    // A tap and Cancel leave nothing selected.
    await priceOn(page, night(20)).tap();
    await page.getByRole('button', { name: words('pt', 'actions.cancel') }).tap();
    await expect(
      page.getByRole('grid').locator('[role="gridcell"][aria-selected="true"]'),
    ).toHaveCount(0);

    await captureScreens(page, 'price-calendar-phone-range', async () => {
      await page.goto(`/pricing-central?date=${night(1)}`);
      await expect(priceOn(page, night(10))).toBeVisible({ timeout: 30_000 });
      await priceOn(page, night(3)).tap();
      await priceOn(page, night(6)).tap();
      await expect(priceOn(page, night(6))).toHaveAttribute('aria-selected', 'true');
      // The card at the top of the screen, under the app bar (a tap scrolls the page to its night).
      await page
        .getByRole('grid')
        .evaluate((grid) =>
          window.scrollBy(0, grid.closest('section')!.getBoundingClientRect().top - 80),
        );
    });
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`in ${locale} the hint speaks of taps and today is in view`, async ({ page, request }) => {
      await signIn(
        page,
        await newOwnerWithProperty(request, { language: locale, roomTypes: twoRoomTypes }),
      );
      await page.goto('/pricing-central');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectInView(page, todayHeader(page));
      await expect(page.getByText(words(locale, 'selection.noneTouch'))).toBeVisible();
      await expect(page.getByText(words(locale, 'selection.none'))).toHaveCount(0);
    });
  }
});
