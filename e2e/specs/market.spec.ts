import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { cell, inWords, night } from '../support/calendar';

// Competitor rates end to end, in Portuguese (the default): three competitors mapped to the double
// room (through the API), their rates for one night imported from a CSV on the Market page, the
// market step switched on there, and the night's explanation on the price calendar naming the
// market median. The double costs 100 (70…180); the rates 140, 150 and 160 make a median of 150,
// and the default band (−10 %) raises the price to 135.

test('an owner imports competitor rates, turns the market step on and sees the median in a price’s explanation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes, plan: 'pro' });
  const base = `/api/v1/businesses/${owner.businessUuid}`;
  const business = await (await request.get(base, { headers: owner.headers })).json();
  const double = business.business.tariffConfiguration.roomsTariff.find(
    (room: { code: string }) => room.code === 'DBL',
  ).uuid as string;
  for (const name of ['Hotel Alfa', 'Hotel Beta', 'Hotel Gama']) {
    const created = await request.post(`${base}/competitors`, {
      headers: owner.headers,
      data: { name, roomMappings: [{ category: 'Duplo', roomUuid: double }] },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  const observed = new Date().toISOString();
  const csv = [
    'competitor,category,date,price,sold_out,observed_at',
    `Hotel Alfa,Duplo,${night(12)},150,,${observed}`,
    `Hotel Beta,Duplo,${night(12)},140,,${observed}`,
    `Hotel Gama,Duplo,${night(12)},160,,${observed}`,
  ].join('\n');

  await signIn(page, owner);
  await page.goto('/pricing-central/market');
  await expect(page.getByRole('heading', { name: 'Mercado', level: 1 })).toBeVisible();
  await page.getByTestId('rates-file').setInputFiles({
    name: 'tarifas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByTestId('import-report')).toContainText('3 de 3 tarifas importadas');

  await page.getByRole('switch', { name: 'Manter os preços perto do mercado' }).check();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Definições de mercado guardadas.')).toBeVisible();

  await page.goto(`/pricing-central?date=${night(1)}`);
  await cell(page, 'Quarto Duplo', 12).click();
  const explanation = page.getByRole('region', { name: `Quarto Duplo, ${inWords(12)}` });
  await expect(explanation).toContainText('mediana do mercado');
  await expect(explanation).toContainText('(3 concorrentes)');
  await expect(explanation.getByTestId('price-chain')).toContainText('135');
  await expect(explanation.getByTestId('market-details')).toContainText('3 concorrentes');
});
