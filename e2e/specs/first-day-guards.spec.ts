import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, type Locale, type Owner } from '../support/auth';
import { night } from '../support/calendar';
import { changesMatching } from '../support/price-changes';
import { captureScreens } from '../support/screens';
import { fill, label, shellReady } from '../support/shell';

// Issue 24, points 3 and 4: a mistyped manual price (45 € under a 60 € minimum on three nights)
// or one far from the recommendation is confirmed before it is saved, naming the nights and the
// bound; "approve all" says how many of the changes are manual prices outside bounds; and the
// night's panel follows a manual price and a decision at once, without a reload.

/** One room type, 100 € a night recommended (no rule applies), 60 € at least, 180 € at most. */
const double = {
  name: 'Quarto Duplo',
  code: 'DBL',
  rooms: 10,
  basePrice: 100,
  minPrice: 60,
  maxPrice: 180,
};

/** The double's cell on a night (`YYYY-MM-DD`), whatever the language. */
const cellOn = (page: Page, date: string) =>
  page.locator(`[role="gridcell"][data-row="0"][data-date="${date}"]`);

async function ownerInDecember(request: APIRequestContext, language: Locale): Promise<Owner> {
  const owner = await newOwnerWithProperty(request, { language, roomTypes: [double] });
  // The property's first prices are proposed (a job after the room types are saved).
  await expect.poll(() => pendingTotal(request, owner), { timeout: 30_000 }).toBeGreaterThan(300);
  return owner;
}

const pendingTotal = (request: APIRequestContext, owner: Owner) =>
  changesMatching(request, owner, 'status=pending');

/** The manual prices of the double on `from`…`to`, as the API has them (null: none). */
async function manualPrices(request: APIRequestContext, owner: Owner, from: string, to: string) {
  const res = await request.get(
    `/api/v1/businesses/${owner.businessUuid}/prices?from=${from}&to=${to}`,
    { headers: owner.headers },
  );
  const { prices } = (await res.json()) as { prices: { override: { price: number } | null }[] };
  return prices.map((cell) => cell.override?.price ?? null);
}

/** Opens the calendar on next month and selects the double's nights `first`…`last`. */
async function selectNights(page: Page, first: number, last: number) {
  await page.goto(`/pricing-central?date=${night(1)}`);
  await shellReady(page);
  await cellOn(page, night(first)).click();
  await cellOn(page, night(last)).click({ modifiers: ['Shift'] });
}

/** Types `price` in "Set price" and submits it; answers the dialog. */
async function typePrice(page: Page, locale: Locale, price: string) {
  await page
    .getByRole('button', { name: label(locale, 'priceCalendar', 'actions.setPrice'), exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(price);
  await dialog
    .getByRole('button', { name: label(locale, 'priceCalendar', 'setPrice.submit'), exact: true })
    .click();
  return dialog;
}

test.describe('guard rails before a manual price is saved', () => {
  // Screenshots take eight renders a screen: far longer than the journey itself.
  test.setTimeout(process.env.SCREENS === '1' ? 900_000 : 120_000);

  test('45 € under a 60 € minimum on three nights asks first, naming them and the bound (pt)', async ({
    page,
    request,
  }) => {
    const owner = await ownerInDecember(request, 'pt');
    await signIn(page, owner);
    await selectNights(page, 24, 26);
    const dialog = await typePrice(page, 'pt', '45');

    await expect(dialog.getByRole('heading')).toHaveText(
      label('pt', 'priceCalendar', 'guard.title'),
    );
    const month = new Intl.DateTimeFormat('pt-PT', { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${night(24)}T00:00:00Z`),
    );
    await expect(dialog.getByTestId('price-guard')).toContainText(
      new RegExp(
        `Quarto Duplo: 45\\s€ em 24\\s?–\\s?26 de ${month} \\(3 noites\\) .*mínimo.*60\\s€`,
      ),
    );
    // Going back and cancelling saves nothing.
    await page.getByRole('button', { name: label('pt', 'priceCalendar', 'guard.back') }).click();
    await page
      .getByRole('button', { name: label('pt', 'priceCalendar', 'actions.cancel') })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await manualPrices(request, owner, night(24), night(26))).toEqual([null, null, null]);

    // Confirmed, it is saved, and flagged on the calendar.
    await typePrice(page, 'pt', '45');
    await page.getByRole('button', { name: label('pt', 'priceCalendar', 'guard.confirm') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await manualPrices(request, owner, night(24), night(26))).toEqual([45, 45, 45]);
    await expect(cellOn(page, night(25)).locator('[data-mark="out-of-bounds"]')).toBeVisible();

    await captureScreens(page, 'price-calendar-manual-price-guard', async (locale) => {
      await selectNights(page, 27, 29);
      await typePrice(page, locale, '45');
      await expect(page.getByTestId('price-guard')).toBeVisible();
    });
  });

  test('a price 40 % above the recommendation asks with the default threshold, and the night’s panel follows at once (pt)', async ({
    page,
    request,
  }) => {
    const owner = await ownerInDecember(request, 'pt');
    await signIn(page, owner);
    await page.goto(`/pricing-central?date=${night(1)}`);
    await shellReady(page);

    // The night's panel: the first price to publish, 100 €, waiting for approval.
    await cellOn(page, night(20)).click();
    const panel = page.getByRole('region', { name: /^Quarto Duplo, / });
    const box = panel.getByTestId('pending-change');
    await expect(box).toContainText(/100\s€/);

    await panel
      .getByRole('button', { name: label('pt', 'priceCalendar', 'actions.setPriceNight') })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill('140');
    await dialog
      .getByRole('button', { name: label('pt', 'priceCalendar', 'setPrice.submit') })
      .click();
    await expect(dialog.getByTestId('price-guard')).toContainText(
      /140\s€ .*mais de 30\s?% acima do preço recomendado \(100\s€\)/,
    );
    await dialog
      .getByRole('button', { name: label('pt', 'priceCalendar', 'guard.confirm') })
      .click();
    await expect(dialog).toHaveCount(0);

    // No reload: the panel now holds the change that proposes 140 €, not the old 100 €.
    await expect(box).toContainText(/140\s€/);
    await expect(box).not.toContainText(/100\s€/);
    await expect(cellOn(page, night(20))).toHaveAttribute('data-pending', 'true');

    // Approved from the panel, the change leaves it at once.
    await box.getByTestId('approve-pending-change').click();
    await expect(panel.getByTestId('pending-change')).toHaveCount(0);
    await expect(cellOn(page, night(20))).not.toHaveAttribute('data-pending', 'true');
  });

  test('approve all says how many manual prices are below their minimum; the calendar shows what is left (en)', async ({
    page,
    request,
  }) => {
    const owner = await ownerInDecember(request, 'en');
    await signIn(page, owner);
    await selectNights(page, 24, 26);
    const dialog = await typePrice(page, 'en', '45');
    await expect(dialog.getByRole('heading')).toHaveText(
      label('en', 'priceCalendar', 'guard.title'),
    );
    await expect(dialog.getByTestId('price-guard')).toContainText(
      /Quarto Duplo: €45 on 24\s?–\s?26 December \(3 nights\) is below this room’s minimum of €60\./,
    );
    await dialog
      .getByRole('button', { name: label('en', 'priceCalendar', 'guard.confirm') })
      .click();
    await expect(dialog).toHaveCount(0);

    await page.goto('/pricing-central/price-changes');
    await page.getByTestId('approve-matching').click();
    const confirm = page.getByRole('dialog');
    const outside = fill(label('en', 'priceChanges', 'confirm.manualBelowMin_other'), { n: '3' });
    await expect(confirm.getByTestId('manual-outside-bounds')).toHaveText(outside);
    await captureScreens(page, 'price-changes-approve-all', async () => {
      await page.goto('/pricing-central/price-changes');
      await page.getByTestId('approve-matching').click();
      await expect(page.getByTestId('manual-outside-bounds')).toBeVisible();
    });
    if (process.env.SCREENS === '1') {
      await page.goto('/pricing-central/price-changes');
      await page.getByTestId('approve-matching').click();
    }
    await confirm.getByRole('button', { name: /^Approve all/ }).click();
    await expect(confirm).toHaveCount(0);
    await expect.poll(() => pendingTotal(request, owner)).toBe(0);

    // The night's panel after approving everything: nothing waits, as the list says.
    await page.goto(`/pricing-central?date=${night(1)}`);
    await cellOn(page, night(24)).click();
    await expect(page.getByRole('region', { name: /^Quarto Duplo, / })).toBeVisible();
    await expect(page.getByTestId('pending-change')).toHaveCount(0);
    await expect(cellOn(page, night(24))).not.toHaveAttribute('data-pending', 'true');
  });

  test('the threshold is a setting of price setup: at 50 % a price 40 % above goes through (en)', async ({
    page,
    request,
  }) => {
    const owner = await ownerInDecember(request, 'en');
    await signIn(page, owner);
    await page.goto('/pricing-central/price-setup');
    const field = page.getByRole('textbox', {
      name: label('en', 'property', 'settings.manualPrices.warnPercent'),
    });
    await expect(field).toHaveValue('30');
    await captureScreens(page, 'price-setup-manual-prices', async () => {
      await page.goto('/pricing-central/price-setup');
      await page.locator('input[name="manualPriceWarnPercent"]').scrollIntoViewIfNeeded();
    });
    if (process.env.SCREENS === '1') {
      await page.goto('/pricing-central/price-setup');
    }
    await field.fill('501');
    await page.getByRole('button', { name: label('en', 'property', 'settings.save') }).click();
    await expect(field).toHaveAccessibleDescription(/500/);
    await field.fill('50');
    await page.getByRole('button', { name: label('en', 'property', 'settings.save') }).click();
    await expect
      .poll(async () => {
        const res = await request.get(`/api/v1/businesses/${owner.businessUuid}`, {
          headers: owner.headers,
        });
        const { business } = (await res.json()) as {
          business: { tariffConfiguration: { settings: { manualPriceWarnPercent: number } } };
        };
        return business.tariffConfiguration.settings.manualPriceWarnPercent;
      })
      .toBe(50);

    await selectNights(page, 20, 20);
    await typePrice(page, 'en', '140');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await manualPrices(request, owner, night(20), night(20))).toEqual([140]);
  });

  test('the confirmation reads right to left in Arabic', async ({ page, request }) => {
    const owner = await ownerInDecember(request, 'ar');
    await signIn(page, owner);
    await selectNights(page, 24, 26);
    const dialog = await typePrice(page, 'ar', '45');
    await expect(dialog.getByRole('heading')).toHaveText(
      label('ar', 'priceCalendar', 'guard.title'),
    );
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const guard = dialog.getByTestId('price-guard');
    await expect(guard).toContainText('Quarto Duplo');
    await expect(guard).toContainText('الحد الأدنى لهذه الغرفة');
    await expect(guard).toContainText(/ليالٍ/);
    await dialog.getByRole('button', { name: label('ar', 'priceCalendar', 'guard.back') }).click();
    await expect(dialog.getByRole('textbox')).toHaveValue('45');
  });
});
