import { expect, test } from '@playwright/test';
import { createProperty, newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { captureScreens } from '../support/screens';

// An owner on the Business plan (any number of properties) with two: the menu offers the
// portfolio, which shows both for this month with their figures and a totals row that adds them;
// choosing a property opens it. The copy of a setting is previewed from there.

/** `YYYY-MM-DD` of the browser's today plus `days`. */
const day = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

test('an owner of two properties sees both side by side, with totals, and opens one', async ({
  page,
  request,
}) => {
  test.setTimeout(process.env.SCREENS === '1' ? 300_000 : 120_000);
  const owner = await newOwnerWithProperty(request, {
    property: 'Quinta do Mar',
    roomTypes: twoRoomTypes,
  });
  const second = await createProperty(request, owner, { name: 'Casa da Serra' });
  const rooms = await request.post(
    `/api/v1/businesses/${second}/tariff-configuration/rooms-tariff`,
    {
      headers: owner.headers,
      data: { roomsTariff: [twoRoomTypes[0]] },
    },
  );
  expect(rooms.status(), await rooms.text()).toBe(200);
  // A stay in each, on tonight: this month's figures are not empty (today's night is in it).
  for (const [uuid, totalAmount] of [
    [owner.businessUuid, 240],
    [second, 150],
  ] as const) {
    const booked = await request.post(`/api/v1/businesses/${uuid}/bookings`, {
      headers: owner.headers,
      data: {
        bookings: [
          {
            roomCode: 'DBL',
            arrival: day(0),
            departure: day(1),
            rooms: 1,
            adults: 2,
            children: 0,
            status: 'confirmed',
            bookedAt: new Date().toISOString(),
            totalAmount,
            channel: 'Direct',
            guestName: 'Ana Costa',
          },
        ],
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
  }

  await signIn(page, owner);
  await page.goto('/dashboards');
  const nav = page.getByRole('navigation', { name: 'Navegação principal' });
  await nav.getByRole('link', { name: 'Portefólio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portefólio' })).toBeVisible();

  const table = page.getByRole('table', { name: 'As suas propriedades no período' });
  await expect(table.getByRole('button', { name: 'Abrir Quinta do Mar' })).toBeVisible();
  await expect(table.getByRole('button', { name: 'Abrir Casa da Serra' })).toBeVisible();
  // The totals row adds the two: 2 room nights, 390 € of revenue.
  const total = table.getByTestId('portfolio-total-EUR');
  await expect(total).toContainText('Total');
  await expect(total).toContainText('2 propriedades');
  await expect(total.getByRole('cell').first()).toHaveText('2');
  await expect(total).toContainText('390');

  // Quinta do Mar's summer season copied to Casa da Serra: previewed, then copied.
  const season = await request.post(
    `/api/v1/businesses/${owner.businessUuid}/tariff-configuration/sazonalities`,
    {
      headers: owner.headers,
      data: {
        sazonality: {
          name: 'Verão',
          color: '#ff9900',
          startDate: day(30),
          endDate: day(60),
          adjustmentType: 'percent',
          value: 20,
        },
      },
    },
  );
  expect(season.status(), await season.text()).toBe(201);
  const copyDialog = async () => {
    await page.getByRole('button', { name: 'Copiar uma configuração' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Copiar uma configuração para outras propriedades',
    });
    await dialog.getByRole('combobox', { name: 'Copiar de' }).click();
    await page.getByRole('option', { name: 'Quinta do Mar' }).click();
    await dialog.getByRole('checkbox', { name: 'Casa da Serra' }).check();
    await dialog.getByRole('button', { name: 'Ver o que muda' }).click();
    await expect(dialog.getByTestId('copy-target')).toContainText('Adicionar Verão');
    return dialog;
  };
  // In every language: Casa da Serra (the first) copied to Quinta do Mar would remove its season.
  await captureScreens(page, 'portfolio-copy', async () => {
    await page.goto('/portfolio');
    await page.getByTestId('portfolio-copy').click();
    await page.getByRole('dialog').getByRole('checkbox').check();
    await page.getByTestId('portfolio-copy-preview').click();
    await expect(page.getByTestId('copy-target')).toContainText('Verão');
  });
  await page.goto('/portfolio');
  const dialog = await copyDialog();
  await expect(dialog.getByTestId('copy-target')).toContainText('Pronta');
  await dialog.getByRole('button', { name: 'Copiar para uma propriedade' }).click();
  await expect(dialog.getByTestId('copy-target')).toContainText('Copiada');
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  const seasons = await request.get(`/api/v1/businesses/${second}`, { headers: owner.headers });
  const copied = (await seasons.json()) as {
    business: { tariffConfiguration: { sazonalities: { name: string; value: number }[] } };
  };
  expect(copied.business.tariffConfiguration.sazonalities).toMatchObject([
    { name: 'Verão', value: 20 },
  ]);

  // In every language: Casa da Serra's stay restrictions (its rules, two nights of its doubles)
  // previewed for Quinta do Mar, whose own night of its doubles they replace.
  await captureScreens(page, 'portfolio-copy-restrictions', async () => {
    for (const [uuid, payload] of [
      [second, { minStay: 3 }],
      [owner.businessUuid, { maxStay: 7 }],
    ] as const) {
      const business = await request.get(`/api/v1/businesses/${uuid}`, { headers: owner.headers });
      const { roomsTariff } = (
        (await business.json()) as {
          business: { tariffConfiguration: { roomsTariff: { uuid: string; code: string }[] } };
        }
      ).business.tariffConfiguration;
      const dbl = roomsTariff.find((room) => room.code === 'DBL')!.uuid;
      const set = await request.put(`/api/v1/businesses/${uuid}/restrictions/overrides`, {
        headers: owner.headers,
        data: { overrides: [{ roomUuid: dbl, from: day(10), to: day(11), ...payload }] },
      });
      expect(set.status(), await set.text()).toBe(200);
    }
    await page.goto('/portfolio');
    await page.getByTestId('portfolio-copy').click();
    const copy = page.getByRole('dialog');
    await copy.getByRole('combobox').nth(1).click();
    await page.getByRole('option').nth(3).click();
    await copy.getByRole('checkbox').check();
    await page.getByTestId('portfolio-copy-preview').click();
    await expect(copy.getByTestId('copy-target').getByRole('listitem')).toHaveCount(1);
  });

  await captureScreens(page, 'portfolio', async () => {
    await page.goto('/portfolio');
    await expect(page.getByTestId('portfolio-total-EUR')).toBeVisible();
  });

  // A property's name opens it: it becomes the selected one.
  await page.goto('/portfolio');
  await page.getByRole('button', { name: 'Abrir Casa da Serra' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole('button', { name: /Casa da Serra/ }).first()).toBeVisible();
});
