import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes, type Owner } from '../support/auth';

// Bookings through the UI (issue 6), in Portuguese (the default): a CSV imported through the
// wizard, a booking added, edited and cancelled through the dialogs, and an integration token
// created, used and revoked. The property and its room types are created through the API.

interface ApiBooking {
  externalId: string | null;
  roomCode: string;
  arrival: string;
  departure: string;
  adults: number;
  status: string;
  totalAmount: number;
  guestName: string | null;
  country: string | null;
  channel: string | null;
}

async function bookingsOf(request: APIRequestContext, owner: Owner, query = '') {
  const response = await request.get(`/api/v1/businesses/${owner.businessUuid}/bookings${query}`, {
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { bookings: ApiBooking[]; total: number };
}

/** A number as the app shows it: formatted by the browser's Intl, in Portuguese as in Portugal. */
const number = (page: Page, n: number) =>
  page.evaluate((value) => new Intl.NumberFormat('pt-PT').format(value), n);
const nextYear = new Date().getFullYear() + 1;

/** Types a date (`dd/mm/yyyy` digits) into one of the booking form's date fields. */
async function typeDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(digits);
}

test('an owner imports a CSV through the wizard, follows its progress and finds the bookings', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);

  // A Tarifa file written for this test: 3 000 bookings, one of them with a room code the
  // property does not have (row 11 of the file, counting the header as row 1).
  const rows = 3000;
  const lines = [
    'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name',
  ];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 27) + 1).padStart(2, '0');
    const next = String((i % 27) + 2).padStart(2, '0');
    const room = i === 9 ? 'XYZ' : i % 3 === 0 ? 'STE' : 'DBL';
    lines.push(
      `E-${i},${room},${nextYear}-05-${day},${nextYear}-05-${next},1,2,0,confirmed,,,${100 + (i % 50)}.50,EUR,Direct,Leisure,PT,Hóspede ${i}`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tarifa-import-'));
  const file = path.join(dir, 'reservas.csv');
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);

  // No bookings yet: the page guides to the import.
  await page.goto('/pricing-central/bookings');
  await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ainda não há reservas' })).toBeVisible();
  await page.getByRole('link', { name: 'Importar ficheiro' }).last().click();
  await expect(page.getByRole('heading', { name: 'Importar reservas', level: 1 })).toBeVisible();

  // Step 1: the file. Its start is read to guess the format and check the room codes.
  await page.getByLabel('Escolher ficheiro').setInputFiles(file);
  await expect(page.getByText('reservas.csv')).toBeVisible();
  await expect(page.getByText(/Tamanho: \d/)).toBeVisible();
  await expect(
    page.getByRole('radio', { name: /Tarifa.*reconhecido pelas colunas/ }),
  ).toBeChecked();
  const mapping = page.getByRole('table', { name: 'Códigos de quarto do ficheiro' });
  await expect(mapping.getByRole('row', { name: /^DBL/ })).toContainText('Quarto Duplo');
  await expect(mapping.getByRole('row', { name: /^STE/ })).toContainText('Suite');
  await expect(mapping.getByRole('row', { name: /^XYZ/ })).toContainText(
    'Desconhecido: linhas recusadas',
  );
  await page.getByRole('radio', { name: /Importar as linhas corretas/ }).check();
  await page.screenshot({ path: 'test-results/e2e/bookings-import-check.png', fullPage: true });

  // Step 2: importing — the file is sent, then its rows are read, with a progress bar (a quiet
  // machine may read 3 000 rows before the page polls: then the result is already there).
  await page.getByRole('button', { name: 'Importar reservas' }).click();
  await expect(
    page.getByRole('progressbar').first().or(page.getByText('Importação concluída')),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/bookings-import-progress.png', fullPage: true });

  // The result: what was added, what was refused and why.
  await expect(
    page
      .getByRole('heading', { name: 'Importação concluída' })
      .or(page.getByText('Importação concluída')),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/pricing-central\/bookings\/import\?import=[0-9a-f-]{36}$/);
  const counts = page.getByRole('group', { name: 'Resultado da importação' });
  await expect(counts).toContainText(`Reservas novas${await number(page, rows - 1)}`);
  await expect(counts).toContainText('Linhas recusadas1');
  const errors = page.getByRole('table', { name: 'Linhas com erros' });
  await expect(errors.getByRole('row', { name: /^11 room_code/ })).toContainText(
    'Nenhum tipo de quarto da sua propriedade tem este código.',
  );
  await page.screenshot({ path: 'test-results/e2e/bookings-import-result.png', fullPage: true });

  // The error report is a CSV made in the browser: row, column, what is wrong.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descarregar o relatório de erros' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('reservas-erros.csv');
  const report = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(report.split('\r\n')).toEqual([
    'Linha,Coluna,O que está errado',
    '11,room_code,Nenhum tipo de quarto da sua propriedade tem este código.',
    '',
  ]);

  // The result is still there after a reload, and in the recent imports.
  await page.reload();
  await expect(page.getByText('Importação concluída')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Importações recentes' })
      .getByRole('link', { name: /reservas\.csv/ }),
  ).toBeVisible();

  // The bookings are in the list, paged by the server, and found by guest name.
  await page.getByRole('link', { name: 'Ver as reservas' }).click();
  await expect(page).toHaveURL(/\/pricing-central\/bookings$/);
  const table = page.getByRole('grid', { name: 'Reservas' });
  await expect(page.getByText(`1-10 de ${await number(page, rows - 1)}`)).toBeVisible();
  // By reference (the file's external_id): the last row of the file.
  await page.getByRole('searchbox', { name: 'Procurar hóspede ou referência' }).fill('E-2999');
  await expect(page).toHaveURL(/q=E-2999/);
  await expect(table.getByRole('row', { name: /Hóspede 2999 Ref\. E-2999/ })).toBeVisible();
  await expect(page.getByText('1-1 de 1')).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/bookings-list-search.png', fullPage: true });

  const { total } = await bookingsOf(request, owner);
  expect(total).toBe(rows - 1);
});

test('an owner adds a booking, edits it and cancels it, which keeps it as cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);
  await page.goto('/pricing-central/bookings');
  await expect(page.getByRole('heading', { name: 'Ainda não há reservas' })).toBeVisible();

  // Add: checked before sending, then saved.
  await page.getByRole('button', { name: 'Adicionar reserva' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova reserva' });
  await dialog.getByRole('button', { name: 'Adicionar reserva' }).click();
  await expect(
    dialog.getByRole('textbox', { name: 'Valor total (EUR)' }),
  ).toHaveAccessibleDescription('Preencha este campo.');
  await dialog.getByRole('combobox', { name: 'Tipo de quarto' }).click();
  await page.getByRole('option', { name: 'Suite (STE)' }).click();
  await typeDate(page, 'Chegada', `1006${nextYear}`);
  await typeDate(page, 'Partida', `1306${nextYear}`);
  await expect(dialog.getByText('Noites: 3')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Valor total (EUR)' }).fill('450,50');
  await dialog.getByRole('textbox', { name: 'Nome do hóspede' }).fill('Maria Silva');
  await dialog.getByRole('combobox', { name: 'Canal' }).fill('Direto');
  await dialog.getByRole('combobox', { name: 'País do hóspede' }).fill('Portu');
  await page.getByRole('option', { name: 'Portugal' }).click();
  await page.screenshot({ path: 'test-results/e2e/bookings-add.png', fullPage: true });
  await dialog.getByRole('button', { name: 'Adicionar reserva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Reserva adicionada.')).toBeVisible();

  const table = page.getByRole('grid', { name: 'Reservas' });
  const row = table.getByRole('row', { name: /Maria Silva/ });
  await expect(row).toContainText('Suite');
  await expect(row).toContainText('Confirmada');
  await expect(row).toContainText('450,50');
  await expect(row).toContainText(new RegExp(`10/06/${nextYear}\\s?–\\s?13/06/${nextYear}`));

  // Edit: more guests, another total.
  await row.getByRole('button', { name: 'Editar a reserva de Maria Silva' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar reserva' });
  await expect(edit.getByRole('combobox', { name: 'País do hóspede' })).toHaveValue('Portugal');
  await edit.getByRole('textbox', { name: 'Adultos' }).fill('3');
  await edit.getByRole('textbox', { name: 'Valor total (EUR)' }).fill('520');
  await edit.getByRole('button', { name: 'Guardar' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Reserva guardada.')).toBeVisible();
  await expect(row).toContainText('520,00');

  // Cancel: asked first; the booking stays, as cancelled.
  await row.getByRole('button', { name: 'Cancelar a reserva de Maria Silva' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancelar esta reserva?' });
  await expect(confirm).toContainText('Continua na lista');
  await confirm.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Reserva cancelada.')).toBeVisible();
  await expect(row).toContainText('Cancelada');
  await expect(row.getByRole('button', { name: /Cancelar a reserva/ })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/e2e/bookings-cancelled.png', fullPage: true });

  // Filtered by status: only confirmed bookings → none.
  await page.getByRole('combobox', { name: 'Estado' }).click();
  await page.getByRole('option', { name: 'Confirmada' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(page.getByText('Nenhuma reserva corresponde a estes filtros.')).toBeVisible();

  const { bookings } = await bookingsOf(request, owner);
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({
    roomCode: 'STE',
    arrival: `${nextYear}-06-10`,
    departure: `${nextYear}-06-13`,
    adults: 3,
    status: 'cancelled',
    totalAmount: 520,
    guestName: 'Maria Silva',
    country: 'PT',
    channel: 'Direto',
  });
});

test('an integration token is shown once, reads the bookings, and stops working when revoked', async ({
  page,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);
  await page.goto('/my-property/menu');
  // The property's own menu page offers it as a card (the side menu has its own entry too).
  await page
    .getByRole('main')
    .getByRole('link', { name: /Ligações/ })
    .click();
  await expect(page).toHaveURL(/\/my-property\/integrations$/);
  await expect(page.getByRole('heading', { name: 'Ligações', level: 1 })).toBeVisible();
  await expect(
    page.getByText(/enviar e ler as reservas de Quinta do Mar e ler os seus preços/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Criar token' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo token de integração' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Channel manager');
  await dialog.getByRole('button', { name: 'Criar token' }).click();
  const shown = page.getByRole('dialog', { name: 'Token “Channel manager” criado' });
  await expect(shown.getByText('Copie-o agora')).toBeVisible();
  const secret = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(secret).toMatch(/^trf_/);
  await page.screenshot({ path: 'test-results/e2e/bookings-token-created.png', fullPage: true });
  await shown.getByRole('button', { name: 'Já o copiei' }).click();
  await expect(shown).toBeHidden();

  // Listed by its beginning only; never used yet.
  const tokens = page.getByRole('table', { name: 'Tokens de integração' });
  const row = tokens.getByRole('row', { name: /Channel manager/ });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Nunca usado');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another system uses it on this property's bookings…
  const withToken = { Authorization: `Bearer ${secret}` };
  const read = await request.get(`/api/v1/businesses/${owner.businessUuid}/bookings`, {
    headers: withToken,
  });
  expect(read.status(), await read.text()).toBe(200);
  expect(await read.json()).toEqual({ bookings: [], total: 0 });
  // …and the page says when it was last used.
  await page.reload();
  await expect(row).not.toContainText('Nunca usado');

  // Revoked after asking: refused from then on.
  await row.getByRole('button', { name: 'Revogar o token Channel manager' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revogar “Channel manager”?' });
  await confirm.getByRole('button', { name: 'Revogar token' }).click();
  await expect(page.getByText('Token “Channel manager” revogado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ainda não há tokens' })).toBeVisible();
  const refused = await request.get(`/api/v1/businesses/${owner.businessUuid}/bookings`, {
    headers: withToken,
  });
  expect(refused.status()).toBe(401);
});
