import { expect, test, type Locator } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { cell, inWords, monthDigits, night, year } from '../support/calendar';

// A local event through the seasons area, in Portuguese: the owner adds a fair with +15 % on three
// nights of next month; the price calendar marks those nights, raises their price by 15 % (the
// double's base price is 100 and nothing else moves it) and names the fair in the explanation.

const screenshots = 'test-results/screenshots';

/** Types a date (`dd/mm/yyyy` digits) into one of the dialog's date fields. */
async function typeDate(scope: Locator, label: string, digits: string) {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Dia' }).click();
  await scope.page().keyboard.press('ControlOrMeta+a');
  await scope.page().keyboard.type(digits);
}

test('an owner adds an event with +15 %; its nights cost 15 % more and their explanation names it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));
  const calendar = `/pricing-central?date=${night(1)}`;

  await page.goto(calendar);
  await expect(cell(page, 'Quarto Duplo', 12)).toContainText('100');

  await page.goto('/pricing-central/sazonalities');
  await page.getByRole('button', { name: 'Adicionar evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar evento' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Feira do Mar');
  await typeDate(dialog, 'Primeira noite', `11${monthDigits}${year}`);
  await typeDate(dialog, 'Última noite', `13${monthDigits}${year}`);
  await dialog.getByRole('textbox', { name: 'Ajuste de preço' }).fill('15');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  await page.goto(calendar);
  // 100 × 1.15 = 115 on the fair's nights; the night after it is back at 100.
  await expect(cell(page, 'Quarto Duplo', 12)).toContainText('115');
  await expect(cell(page, 'Quarto Duplo', 14)).toContainText('100');
  await expect(cell(page, 'Quarto Duplo', 12)).toHaveAccessibleName(/Evento: Feira do Mar/);
  await cell(page, 'Quarto Duplo', 12).click();
  await expect(page.getByRole('region', { name: `Quarto Duplo, ${inWords(12)}` })).toContainText(
    'Feira do Mar +15%',
  );
  await page.screenshot({ path: `${screenshots}/events-calendar-pt.png`, fullPage: true });
});
