import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createProperty, newOwnerWithProperty, signUp, submitSignInForm } from '../support/auth';

// Properties and tariff configuration through the UI (issue 5), in Portuguese (the default).

// A 1×1 PNG, for the gallery.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiBusiness {
  uuid: string;
  name: string;
  city: string | null;
  version: number;
  tariffConfiguration: {
    roomsTariff: {
      uuid: string;
      name: string;
      code: string;
      rooms: number;
      basePrice: number;
      minPrice: number;
      maxPrice: number;
      derivedFrom: { roomUuid: string; type: string; value: number } | null;
    }[];
    settings: { weekdayAdjustments: Record<string, number> };
  };
}

/** What the API holds now, read with the page's own token. */
async function businessesOf(page: Page, request: APIRequestContext): Promise<ApiBusiness[]> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const response = await request.get('/api/v1/businesses', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { businesses: ApiBusiness[] }).businesses;
}

async function addRoomType(
  page: Page,
  room: {
    name: string;
    code: string;
    rooms: string;
    prices: [string, string, string] | [string, string];
  },
  follows?: { parent: string; offset: string; explanation: RegExp },
) {
  await page.getByRole('button', { name: 'Adicionar tipo de quarto' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo tipo de quarto' });
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(room.name);
  await dialog.getByRole('textbox', { name: 'Código' }).fill(room.code);
  await dialog.getByRole('textbox', { name: 'Número de quartos' }).fill(room.rooms);
  if (follows) {
    await dialog.getByRole('radio', { name: 'Segue o preço de outro tipo de quarto' }).check();
    await dialog.getByRole('combobox', { name: 'Segue' }).click();
    await page.getByRole('option', { name: follows.parent }).click();
    await dialog.getByRole('textbox', { name: 'Diferença' }).fill(follows.offset);
    // The offset is explained in plain words, on the parent's price.
    await expect(dialog.getByRole('status')).toHaveText(follows.explanation);
    await dialog.getByRole('textbox', { name: 'Mínimo', exact: true }).fill(room.prices[0]);
    await dialog.getByRole('textbox', { name: 'Máximo', exact: true }).fill(room.prices[1]);
  } else {
    await dialog.getByRole('textbox', { name: 'Preço base' }).fill(room.prices[0]);
    await dialog.getByRole('textbox', { name: 'Mínimo', exact: true }).fill(room.prices[1]);
    await dialog.getByRole('textbox', { name: 'Máximo', exact: true }).fill(room.prices[2]!);
  }
  await dialog.getByRole('button', { name: 'Adicionar tipo de quarto' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: room.name })).toBeVisible();
}

test('a new owner creates a property through the onboarding, two room types, and its prices', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await signUp(request);
  await page.goto('/login');
  await submitSignInForm(page, account);

  // No property yet: the dashboard guides to create one.
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo à Tarifa!' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome da propriedade' }).fill('Casa do Rio');
  await expect(page.getByRole('combobox', { name: 'Moeda' })).toHaveValue(/EUR/);
  // The country is guessed from the browser's language (pt-PT).
  await expect(page.getByRole('combobox', { name: 'País' })).toHaveValue('Portugal');
  await page.getByRole('button', { name: 'Criar e continuar' }).click();

  // Then its room types: one with its own prices, one that follows it.
  await expect(page.getByRole('heading', { name: 'Que quartos tem Casa do Rio?' })).toBeVisible();
  await addRoomType(page, {
    name: 'Quarto duplo',
    code: 'dbl',
    rooms: '8',
    prices: ['100', '70', '200'],
  });
  await addRoomType(
    page,
    { name: 'Quarto individual', code: 'sgl', rooms: '4', prices: ['50', '180'] },
    {
      parent: 'Quarto duplo',
      offset: '-10',
      explanation: /Quando Quarto duplo custa \D*100,00\D*, Quarto individual custa \D*90,00/,
    },
  );
  await expect(page.getByRole('article', { name: 'Quarto individual' })).toContainText(
    'Segue Quarto duplo: menos 10',
  );
  await page.screenshot({ path: 'test-results/e2e/property-rooms.png', fullPage: true });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'A sua propriedade está pronta' })).toBeVisible();

  // The navbar now shows the property.
  await expect(page.getByRole('button', { name: /Propriedade: Casa do Rio/ })).toBeVisible();

  let [business] = await businessesOf(page, request);
  expect(business).toMatchObject({ name: 'Casa do Rio' });
  const rooms = business!.tariffConfiguration.roomsTariff;
  const double = rooms.find((r) => r.code === 'DBL')!;
  expect(double).toMatchObject({ rooms: 8, basePrice: 100, minPrice: 70, maxPrice: 200 });
  expect(rooms.find((r) => r.code === 'SGL')).toMatchObject({
    rooms: 4,
    basePrice: 90,
    minPrice: 50,
    maxPrice: 180,
    derivedFrom: { roomUuid: double.uuid, type: 'percent', value: -10 },
  });

  // Prices: a new base price, and more on Saturdays, with the example following along.
  await page.getByRole('link', { name: 'Configurar preços' }).click();
  await expect(page).toHaveURL(/\/pricing-central\/price-setup$/);
  await page.getByRole('textbox', { name: 'Preço base de Quarto duplo' }).fill('120');
  await expect(page.getByText(/^Agora \D*108,00/)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar preços' }).click();
  await expect(page.getByText('Guardado.')).toBeVisible();

  await page.getByRole('textbox', { name: 'sábado', exact: true }).fill('15');
  await expect(page.getByTestId('example-price')).toHaveText(/138,00/);
  await page.getByRole('radio', { name: /Valores inteiros/ }).check();
  await page.getByRole('button', { name: 'Guardar regras' }).click();
  await expect(page.getByText('Guardado.').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/property-prices.png', fullPage: true });

  [business] = await businessesOf(page, request);
  expect(business!.tariffConfiguration.roomsTariff.find((r) => r.code === 'DBL')).toMatchObject({
    basePrice: 120,
  });
  expect(business!.tariffConfiguration.settings).toMatchObject({
    weekdayAdjustments: { sat: 15, fri: 0 },
    rounding: { mode: 'integer' },
  });
});

test('a stale edit in a second tab is reported, not saved over the first', async ({
  context,
  request,
}) => {
  const account = await newOwnerWithProperty(request, {
    property: { name: 'Quinta do Vale', city: 'Évora' },
  });

  const first = await context.newPage();
  await first.goto('/login');
  await submitSignInForm(first, account);
  await expect(first).toHaveURL(/\/dashboards$/);
  const second = await context.newPage();

  for (const page of [first, second]) {
    await page.goto('/my-property');
    await expect(page.getByRole('textbox', { name: 'Cidade' })).toHaveValue('Évora');
  }

  await first.getByRole('textbox', { name: 'Cidade' }).fill('Porto');
  await first.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(first.getByText('Guardado.')).toBeVisible();

  await second.getByRole('textbox', { name: 'Cidade' }).fill('Lisboa');
  await second.getByRole('button', { name: 'Guardar', exact: true }).click();
  const conflict = second.getByRole('alert').filter({ hasText: 'foi alterada noutro lado' });
  await expect(conflict).toContainText(
    'Esta propriedade foi alterada noutro lado — recarregue para ver a versão mais recente.',
  );
  await second.screenshot({ path: 'test-results/e2e/property-conflict.png', fullPage: true });

  // Nothing was overwritten: the API still has the first tab's city.
  const [business] = await businessesOf(second, request);
  expect(business).toMatchObject({ name: 'Quinta do Vale', city: 'Porto', version: 2 });

  // Reload shows the latest.
  await conflict.getByRole('button', { name: 'Recarregar' }).click();
  await expect(second.getByRole('textbox', { name: 'Cidade' })).toHaveValue('Porto');
});

test('the switcher changes property (kept after a reload); the hub deletes only by name and restores', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await signUp(request);
  for (const name of ['Casa da Serra', 'Casa da Praia']) {
    await createProperty(request, account, { name });
  }
  await page.goto('/login');
  await submitSignInForm(page, account);
  await expect(page).toHaveURL(/\/dashboards$/);

  // The last created comes first, so it is selected; the switcher picks the other one.
  const switcher = (name: string) =>
    page.getByRole('button', { name: `Propriedade: ${name}. Mudar de propriedade` });
  await switcher('Casa da Praia').click();
  await page.getByRole('menuitem', { name: 'Casa da Serra' }).click();
  await expect(switcher('Casa da Serra')).toBeVisible();
  await page.reload();
  await expect(switcher('Casa da Serra')).toBeVisible();

  // A photo for the gallery, added on My Property.
  await page.goto('/my-property');
  await page.getByLabel('Adicionar fotografias').setInputFiles({
    name: 'quarto.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByRole('img', { name: 'Fotografia 1 de Casa da Serra' })).toBeVisible();
  await expect(page.getByText('Fotografias adicionadas: 1.')).toBeVisible();

  await page.goto('/my-property/menu');
  await expect(page.getByRole('heading', { name: 'Definições da propriedade' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Tipos de quarto/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/property-menu.png', fullPage: true });

  await page.getByRole('button', { name: 'Eliminar propriedade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eliminar Casa da Serra?' });
  const confirm = dialog.getByRole('button', { name: 'Eliminar', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Nome da propriedade' }).fill('Casa da');
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Nome da propriedade' }).fill('Casa da Serra');
  await confirm.click();
  await expect(
    page.getByText('A propriedade foi eliminada. Pode restaurá-la durante 30 dias.'),
  ).toBeVisible();
  await expect(switcher('Casa da Praia')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const list = async () =>
    (
      (await (
        await request.get('/api/v1/businesses', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { businesses: { name: string }[] }
    ).businesses.map((b) => b.name);
  expect(await list()).toEqual(['Casa da Praia']);

  await page.getByRole('button', { name: 'Restaurar Casa da Serra' }).click();
  await expect(page.getByText('A propriedade foi restaurada.')).toBeVisible();
  await expect(switcher('Casa da Serra')).toBeVisible();
  expect((await list()).sort()).toEqual(['Casa da Praia', 'Casa da Serra']);
});
