import { expect, test, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { cell, inWords, monthDigits, night, year } from '../support/calendar';

// The price calendar against the real engine, in Portuguese (the default): a season added through
// the UI moves the prices of its nights and names itself in their explanation; a manual price set
// on a selection shows in its cells and, once cleared, the recommended price is back. The property
// and its two room types are created through the API.

const screenshots = 'test-results/screenshots';

/** Types a date (`dd/mm/yyyy` digits) into one of the season form's date fields. */
async function typeDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(digits);
}

test('an owner sees the engine’s prices, moves them with a season and sets and clears a manual price', async ({
  page,
  request,
}) => {
  // One journey through the calendar, the seasons form and back: longer than the default 30 s.
  test.setTimeout(90_000);
  await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));
  const calendar = `/pricing-central?date=${night(1)}`;

  await page.goto(calendar);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(cell(page, 'Quarto Duplo', 12)).toBeVisible();
  const before = {
    season: (await cell(page, 'Quarto Duplo', 12).textContent()) ?? '',
    outside: (await cell(page, 'Quarto Duplo', 20).textContent()) ?? '',
  };
  expect(before.season).toMatch(/\d/);

  // A season through the Sazonalities page: +25 % on the 10th to the 14th.
  await page.goto('/pricing-central/sazonalities');
  await page.getByRole('navigation').getByRole('link', { name: 'Adicionar sazonalidade' }).click();
  await page.getByRole('textbox', { name: 'Nome' }).fill('Festival de Verão');
  await typeDate(page, 'Primeira noite', `10${monthDigits}${year}`);
  await typeDate(page, 'Última noite', `14${monthDigits}${year}`);
  await page.getByRole('textbox', { name: 'Alteração em %' }).fill('25');
  await page.getByRole('textbox', { name: 'Prioridade' }).fill('1');
  // The form says what the change does to the prices before it is saved.
  await expect(page.getByRole('status').filter({ hasText: /Noites que mudam: 5\b/ })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar sazonalidade' }).click();
  await expect(page).toHaveURL(/\/pricing-central\/sazonalities\?year=\d{4}$/);

  // Back in the calendar, the season's nights cost more; the others did not move.
  await page.goto(calendar);
  await expect(cell(page, 'Quarto Duplo', 12)).not.toHaveText(before.season);
  await expect(cell(page, 'Quarto Duplo', 20)).toHaveText(before.outside);
  await cell(page, 'Quarto Duplo', 12).click();
  await expect(page.getByRole('region', { name: `Quarto Duplo, ${inWords(12)}` })).toContainText(
    'Festival de Verão +25%',
  );
  await page.screenshot({ path: `${screenshots}/pricing-calendar-pt.png`, fullPage: true });

  // A manual price on both room types for the 20th to the 22nd, then cleared.
  const suiteBefore = (await cell(page, 'Suite', 22).textContent()) ?? '';
  await cell(page, 'Quarto Duplo', 20).click();
  await cell(page, 'Suite', 22).click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Definir preço', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Definir preço' });
  await dialog.getByRole('textbox', { name: /Preço por noite/ }).fill('155');
  await dialog.getByRole('button', { name: 'Definir preço' }).click();
  // 155 € is 55 % above the double's recommended 100 €: confirmed before it is saved.
  await page.getByRole('button', { name: 'Guardar mesmo assim' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  for (const room of ['Quarto Duplo', 'Suite'])
    for (const day of [20, 21, 22]) await expect(cell(page, room, day)).toContainText('155');

  await page.getByRole('button', { name: 'Limpar preço manual', exact: true }).click();
  await expect(cell(page, 'Quarto Duplo', 20)).toHaveText(before.outside);
  await expect(cell(page, 'Suite', 22)).toHaveText(suiteBefore);

  // The same calendar in Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.goto(calendar);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('grid')).toBeVisible();
  await page.screenshot({ path: `${screenshots}/pricing-calendar-ar.png`, fullPage: true });
});
