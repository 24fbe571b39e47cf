import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn } from '../support/auth';
import { cell, night } from '../support/calendar';

// A one-night gap, in Portuguese: one room with a minimum stay of 3 nights, bookings that sell the
// 10th–11th and the 13th–14th of next month. The 12th fits no 3-night stay: the calendar marks it
// orphan (its minimum stay relaxed to 1, no "≥3" mark), its explanation says so, and once the owner
// approves the changes the pull API answers the published price with that minimum stay.

const booking = (arrival: string, departure: string) => ({
  roomCode: 'DBL',
  arrival,
  departure,
  rooms: 1,
  adults: 2,
  children: 0,
  status: 'confirmed',
  bookedAt: new Date().toISOString(),
  totalAmount: 200,
  channel: 'Direct',
  segment: 'Leisure',
  country: 'PT',
  guestName: 'Ana Costa',
});

test('a one-night gap between bookings is relaxed to one night and published so', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwnerWithProperty(request, {
    roomTypes: [
      { name: 'Quarto Duplo', code: 'DBL', rooms: 1, basePrice: 100, minPrice: 70, maxPrice: 180 },
    ],
  });
  const api = `/api/v1/businesses/${owner.businessUuid}`;
  const headers = owner.headers;

  const settings = await request.put(`${api}/tariff-configuration/settings`, {
    headers,
    data: {
      settings: {
        restrictions: {
          minStay: 3,
          minStayByWeekday: {
            mon: null,
            tue: null,
            wed: null,
            thu: null,
            fri: null,
            sat: null,
            sun: null,
          },
          maxStay: null,
          closedToArrival: [],
          closedToDeparture: [],
          orphanDiscountPercent: null,
        },
      },
    },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const bookings = await request.post(`${api}/bookings`, {
    headers,
    data: { bookings: [booking(night(10), night(12)), booking(night(13), night(15))] },
  });
  expect(bookings.status(), await bookings.text()).toBe(200);

  await signIn(page, owner);
  await page.goto(`/pricing-central?date=${night(1)}`);
  const gap = cell(page, 'Quarto Duplo', 12);
  await expect(gap.locator('[data-mark="orphan"]')).toBeVisible();
  await expect(gap.locator('[data-mark="min-stay"]')).toHaveCount(0);
  await expect(cell(page, 'Quarto Duplo', 20).locator('[data-mark="min-stay"]')).toHaveText('≥3');
  await gap.click();
  await expect(page.getByTestId('cell-restrictions')).toContainText('Estadia mínima: 1 noite');
  await expect(page.getByTestId('cell-restrictions')).toContainText('Noite isolada');

  // Approved (every pending change), then published: no webhook, so at once by the job.
  const pending = async () => {
    const res = await request.get(`${api}/price-changes?status=pending&pageSize=1`, { headers });
    return ((await res.json()) as { total: number }).total;
  };
  await expect.poll(pending, { timeout: 30_000 }).toBeGreaterThan(0);
  const approved = await request.post(`${api}/price-changes/approve`, {
    headers,
    data: { filter: {} },
  });
  expect(approved.status()).toBe(200);
  const published = async () => {
    const res = await request.get(`${api}/prices?from=${night(12)}&to=${night(12)}`, { headers });
    const [price] = (
      (await res.json()) as {
        prices: { publishedPrice: number | null; restrictions: { minStay: number } }[];
      }
    ).prices;
    return price && { publishedPrice: price.publishedPrice, minStay: price.restrictions.minStay };
  };
  await expect.poll(published, { timeout: 30_000 }).toEqual({ publishedPrice: 100, minStay: 1 });
  const csv = await request.get(`${api}/prices/export.csv?from=${night(12)}&to=${night(12)}`, {
    headers,
  });
  expect(await csv.text()).toMatch(
    new RegExp(`${night(12)},DBL,Quarto Duplo,100,[^,]+,1,,não,não,sim`),
  );
});
