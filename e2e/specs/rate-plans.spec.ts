import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { cell, night } from '../support/calendar';
import { changesMatching } from '../support/price-changes';
import { startReceiver } from '../support/webhook';

// A non-refundable rate, from the price-setup page to the channel manager, in Portuguese: the owner
// adds it (10 % below the base rate), switches the calendar to it and reads why a night costs what
// it does, approves the base prices, and a receiver inside this test (checking every signature)
// gets each night's base price with every plan's price beside it. Then the owner changes the plan:
// the change waits on the price-changes page as one entry, and approving it sends every night again.

const screenshots = 'test-results/screenshots';

test('an owner sells a non-refundable rate: the calendar switches to it, and approving sends every plan', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const hook = await startReceiver();
  try {
    const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
    const api = `/api/v1/businesses/${owner.businessUuid}`;
    const connected = await request.put(`${api}/webhook`, {
      headers: owner.headers,
      data: { url: hook.url('/tarifa') },
    });
    expect(connected.status()).toBe(200);
    hook.useSecret((await connected.json()).secret as string);
    await signIn(page, owner);

    // The plan, on the price-setup page: 10 % below the base rate, non-refundable.
    await page.goto('/pricing-central/price-setup');
    await page.getByRole('button', { name: 'Adicionar plano tarifário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo plano tarifário' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Não reembolsável');
    await dialog.getByRole('textbox', { name: 'Código' }).fill('NR');
    await dialog.getByRole('textbox', { name: 'Ajuste' }).fill('-10');
    await dialog.getByRole('combobox', { name: 'Cancelamento' }).click();
    await page.getByRole('option', { name: 'Não reembolsável' }).click();
    await dialog.getByRole('button', { name: 'Adicionar plano tarifário' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Não reembolsável').first()).toBeVisible();

    // The calendar, switched to it: 100 € − 10 % on a plain night, explained through the plan.
    await page.goto(`/pricing-central?date=${night(1)}`);
    await page.getByRole('combobox', { name: 'Tarifa' }).click();
    await page.getByRole('option', { name: 'Não reembolsável' }).click();
    await expect(page).toHaveURL(/plan=NR/);
    await expect(page.getByRole('alert')).toContainText('seguem');
    await expect(cell(page, 'Quarto Duplo', 12)).toHaveText(/90/);
    await expect(page.getByRole('button', { name: 'Definir preço' })).toHaveCount(0);
    await cell(page, 'Quarto Duplo', 12).click();
    await expect(page.getByTestId('price-chain')).toContainText('Não reembolsável');
    await expect(page.getByTestId('price-chain')).toContainText('90');
    await page.screenshot({ path: `${screenshots}/rate-plan-calendar-pt.png`, fullPage: true });

    // Approving the base prices publishes them with every plan's.
    await expect
      .poll(() => changesMatching(request, owner, 'status=pending'), { timeout: 30_000 })
      .toBeGreaterThan(700);
    await page.goto('/pricing-central/price-changes');
    await page.getByTestId('approve-matching').click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Aprovar todas/ })
      .click();
    await expect
      .poll(() => hook.prices.get(`DBL|${night(12)}`)?.price, { timeout: 30_000 })
      .toBe(100);
    const delivered = hook.prices.get(`DBL|${night(12)}`)!;
    expect(delivered.rates.map((r) => `${r.ratePlanCode}/${r.guests}=${r.price}`)).toEqual([
      'BAR/1=100',
      'BAR/2=100',
      'NR/1=90',
      'NR/2=90',
    ]);
    expect([...hook.plans]).toEqual(['BAR', 'NR']);

    // Once published, a change of the plan waits for the owner as one entry, then goes out whole.
    await page.goto('/pricing-central/price-setup');
    await page.getByRole('button', { name: 'Editar Não reembolsável' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('textbox', { name: 'Ajuste' }).fill('-12');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(edit).toBeHidden();
    await page.goto('/pricing-central/price-changes');
    const card = page.getByRole('region', {
      name: 'As suas tarifas mudaram: aprove-as para as publicar',
    });
    await expect(card).toContainText('Não reembolsável (NR)');
    await expect(card).toContainText(/Ajuste: [-−]10\s?% → [-−]12\s?%/);
    await page.screenshot({ path: `${screenshots}/rate-rule-change-pt.png`, fullPage: true });
    expect(
      hook.prices.get(`DBL|${night(12)}`)!.rates.find((r) => r.ratePlanCode === 'NR')!.price,
    ).toBe(90);
    await card.getByRole('button', { name: 'Aprovar e publicar' }).click();
    await expect(card).toBeHidden();
    await expect
      .poll(
        () =>
          hook.prices
            .get(`DBL|${night(12)}`)
            ?.rates.find((r) => r.ratePlanCode === 'NR' && r.guests === 2)?.price,
        { timeout: 30_000 },
      )
      .toBe(88);
  } finally {
    await hook.close();
  }
});
