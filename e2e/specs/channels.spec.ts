// An owner connects the property to Channex (a local double written from Channex's documentation,
// on 127.0.0.1), confirms the suggested mapping, approves the first prices and sees them arrive:
// they are said to go to the sales channels, then "sent"; the connection turns to "all received"
// and its log shows the push.
import { expect, test } from '@playwright/test';
import {
  startChannexServer,
  type ChannexServer,
} from '../../apps/api/test/channels/channex-server';
import { channexPort } from '../playwright.config';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { changesMatching } from '../support/price-changes';
import { captureScreens } from '../support/screens';
import { shellReady } from '../support/shell';

let channex: ChannexServer;
let propertyId: string;
const plans = new Map<string, string>();

// One Channex double on a port the app knows beforehand: this file's tests share it, in one worker.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  channex = await startChannexServer({ port: channexPort, applyDelayMs: 1 });
  propertyId = channex.addProperty({ title: 'Quinta do Mar' });
  for (const room of twoRoomTypes) {
    const id = channex.addRoomType({ propertyId, title: room.name });
    plans.set(room.code, channex.addRatePlan({ roomTypeId: id, title: 'Best available rate' }));
  }
});
test.afterAll(() => channex.close());

test('connect to Channex, map, approve, and see the prices arrive', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  // The first prices are proposed in the background.
  await expect
    .poll(() => changesMatching(request, owner, 'status=pending'), { timeout: 90_000 })
    .toBeGreaterThan(0);
  await signIn(page, owner);
  await page.goto('/my-property/integrations');
  await shellReady(page);
  await expect(page.getByRole('heading', { name: 'Ligações', level: 1 })).toBeVisible();
  await expect(page.getByText('Ainda não há ligações')).toBeVisible();

  // Add the connection: the key is tried with Channex first.
  await page.getByRole('button', { name: 'Adicionar ligação' }).first().click();
  const add = page.getByRole('dialog', { name: 'Nova ligação' });
  await add.getByLabel('Nome').fill('Booking e Expedia via Channex');
  await add.getByLabel('ID da propriedade na Channex').fill(propertyId);
  await add.getByLabel('Chave API').fill('wrong-key-0000');
  await add.getByRole('button', { name: 'Testar e ligar' }).click();
  await expect(
    add.getByText('O fornecedor recusou estes dados de acesso.', { exact: false }),
  ).toBeVisible();
  await add.getByLabel('Chave API').fill(channex.apiKey);
  await add.getByRole('button', { name: 'Testar e ligar' }).click();
  await expect(add).toBeHidden();
  const card = page.getByRole('article', { name: /Booking e Expedia via Channex/ });
  await expect(card.getByText('À espera do mapeamento')).toBeVisible();
  await expect(card.getByText(`termina em …${channex.apiKey.slice(-4)}`)).toBeVisible();

  // The mapping is suggested from Channex's room types (same names): confirm it.
  await card.getByRole('button', { name: 'Mapear quartos' }).click();
  const mapping = page.getByRole('dialog', { name: /Mapeamento de/ });
  await expect(mapping.getByText('Quarto Duplo').first()).toBeVisible();
  await mapping.getByRole('button', { name: 'Confirmar e começar a enviar' }).click();
  await expect(mapping).toBeHidden();
  await expect(card.getByText('A enviar')).toBeVisible();

  // The owner approves the first prices: they go to the sales channels on their own.
  await page.goto('/pricing-central/price-changes');
  await shellReady(page);
  await page.getByTestId('approve-matching').click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: /^Aprovar todas/ }).click();
  await expect(
    page.getByText(/^Alterações de preço aprovadas: \d+ — a enviar para os seus canais de venda$/),
  ).toBeVisible();
  await expect
    .poll(
      () =>
        channex.requests.filter(
          (r) => r.path.startsWith('/api/v1/restrictions') && r.method === 'POST',
        ).length,
      {
        timeout: 60_000,
      },
    )
    .toBeGreaterThan(0);
  await channex.settled();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  expect(channex.rateOf(plans.get('DBL')!, tomorrow)).toBeGreaterThan(0);
  // Each approved price now reads "sent": Channex took it.
  await expect
    .poll(() => changesMatching(request, owner, 'stage=sent'), { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(await changesMatching(request, owner, 'stage=not_sent')).toBe(0);

  await page.goto('/my-property/integrations');
  await shellReady(page);
  await expect(card.getByText('Tudo recebido')).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Registo' }).click();
  const log = page.getByRole('dialog', { name: /Registo de/ });
  await expect(log.getByText(/Envio/).first()).toBeVisible();
  await log.getByRole('button', { name: 'Fechar' }).click();

  await captureScreens(page, 'connections', async () => {
    await page.goto('/my-property/integrations');
    await shellReady(page);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});
