import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { cell, night } from '../support/calendar';
import { addSeason, changesMatching } from '../support/price-changes';
import { startReceiver } from '../support/webhook';

// From a recommendation to the systems that sell the rooms, in Portuguese: the owner connects a
// webhook on the Integrations page (its secret shown once), a season moves some nights' prices,
// the price-changes page lists them with their reason, the owner approves them all, and a receiver
// inside this test (which checks every signature with that secret) gets the new prices while the
// calendar's published prices follow.

const screenshots = 'test-results/screenshots';

test('an owner approves the changes a season made; the calendar and the channel manager follow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hook = await startReceiver();
  try {
    const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
    const api = `/api/v1/businesses/${owner.businessUuid}`;
    await signIn(page, owner);

    // The webhook, through the Integrations page: its secret is shown this once.
    await page.goto('/my-property/integrations');
    const card = page.getByTestId('webhook-card');
    await card.getByRole('textbox', { name: 'Endereço do webhook' }).fill(hook.url('/tarifa'));
    await card.getByRole('button', { name: 'Ligar' }).click();
    const secret = page.getByTestId('webhook-secret-once').getByRole('textbox');
    await expect(secret).toHaveValue(/^whsec_/);
    hook.useSecret(await secret.inputValue());
    await page.getByRole('button', { name: 'Já o copiei' }).click();

    // The property's first prices (the base prices) wait for approval; approved, they arrive.
    const total = (status: string) => changesMatching(request, owner, `status=${status}`);
    await expect.poll(() => total('pending'), { timeout: 30_000 }).toBeGreaterThan(700);
    const first = await request.post(`${api}/price-changes/approve`, {
      headers: owner.headers,
      data: { filter: {} },
    });
    expect(first.status()).toBe(200);
    await expect.poll(() => hook.prices.size, { timeout: 30_000 }).toBeGreaterThan(700);
    expect(hook.prices.get(`DBL|${night(12)}`)?.price).toBe(100);

    // A season: +25 % on the 10th to the 14th.
    await addSeason(request, owner, {
      name: 'Festival de Verão',
      from: night(10),
      to: night(14),
      percent: 25,
    });
    await expect.poll(() => total('pending'), { timeout: 30_000 }).toBe(10);

    // The calendar marks the season's nights: a change waits, the published price beside it.
    await page.goto(`/pricing-central?date=${night(1)}`);
    await expect(cell(page, 'Quarto Duplo', 12)).toHaveAttribute('data-pending', 'true');
    await expect(
      cell(page, 'Quarto Duplo', 12).locator('[data-mark="published-price"]'),
    ).toHaveText(/100/);
    await expect(cell(page, 'Quarto Duplo', 20)).not.toHaveAttribute('data-pending', 'true');

    // The price-changes page lists the ten, old → new, with the season as their reason.
    await page.goto('/pricing-central/price-changes');
    const table = page.getByTestId('price-changes-table');
    await expect(table.getByRole('row').filter({ hasText: 'Festival de Verão' })).toHaveCount(10);
    await expect(table).toContainText('125');
    await page.screenshot({ path: `${screenshots}/price-changes-pt.png`, fullPage: true });
    await page.getByTestId('approve-matching').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('10');
    await dialog.getByRole('button', { name: 'Aprovar todas (10)' }).click();
    await expect(page.getByText('Alterações de preço aprovadas: 10')).toBeVisible();
    await expect(page.getByText('Os preços estão em dia', { exact: false })).toBeVisible();

    // The receiver gets the new prices…
    await expect
      .poll(() => hook.prices.get(`DBL|${night(12)}`)?.price, { timeout: 30_000 })
      .toBe(125);
    await expect.poll(() => hook.prices.get(`STE|${night(14)}`)?.price).toBe(225);
    expect(hook.prices.get(`DBL|${night(20)}`)?.price).toBe(100);
    expect(hook.refused()).toBe(0);

    // …and the calendar's published prices follow: nothing waits, nothing differs.
    await page.goto(`/pricing-central?date=${night(1)}`);
    await expect(cell(page, 'Quarto Duplo', 12)).toBeVisible();
    await expect(cell(page, 'Quarto Duplo', 12)).not.toHaveAttribute('data-pending', 'true');
    await expect(
      cell(page, 'Quarto Duplo', 12).locator('[data-mark="published-price"]'),
    ).toHaveCount(0);
    expect(await total('published')).toBeGreaterThan(710);
  } finally {
    await hook.close();
  }
});
