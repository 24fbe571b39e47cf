import { expect, test, type APIRequestContext } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes, type Owner } from '../support/auth';
import { shellReady } from '../support/shell';

// The navbar bell (issue 13), in Portuguese: an import the owner started tells them it finished,
// and the notification leads to the bookings. The property, its room types and the import are
// made through the API.

interface ApiNotification {
  kind: string;
  readAt: string | null;
  params: Record<string, unknown>;
}

async function unreadKinds(request: APIRequestContext, owner: Owner): Promise<string[]> {
  const response = await request.get('/api/v1/notifications?unread=true', {
    headers: owner.headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  const { notifications } = (await response.json()) as { notifications: ApiNotification[] };
  return notifications.map((n) => n.kind).sort();
}

test('an import tells the owner through the bell, which opens the bookings and counts one less', async ({
  page,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  // Saving the room types proposes the first prices: one calm summary, the first price list.
  await expect.poll(() => unreadKinds(request, owner)).toEqual(['first_price_list']);

  const year = new Date().getFullYear() + 1;
  const csv = [
    'external_id,room_code,arrival,departure,rooms,adults,children,status,booked_at,cancelled_at,total_amount,currency,channel,segment,country,guest_name',
    `N-1,DBL,${year}-05-01,${year}-05-03,1,2,0,confirmed,,,200,EUR,Direct,Leisure,PT,Ana`,
    `N-2,STE,${year}-05-02,${year}-05-04,1,2,0,confirmed,,,400,EUR,Direct,Leisure,PT,Rui`,
    `N-3,DBL,${year}-05-05,${year}-05-06,1,1,0,confirmed,,,100,EUR,Direct,Leisure,FR,Léa`,
  ].join('\r\n');
  const started = await request.post(`/api/v1/businesses/${owner.businessUuid}/bookings/import`, {
    headers: owner.headers,
    multipart: {
      format: 'tarifa',
      mode: 'atomic',
      file: { name: 'reservas-maio.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\r\n`) },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  await expect
    .poll(() => unreadKinds(request, owner))
    .toEqual(['first_price_list', 'import_finished']);

  await signIn(page, owner);
  await page.goto('/dashboards');
  await shellReady(page);
  await page.getByRole('button', { name: 'Notificações: 2 por ler' }).click();
  const list = page.getByRole('dialog', { name: 'Notificações' });
  const imported = list.getByRole('menuitem', {
    name: /3 reservas importadas de reservas-maio\.csv/,
  });
  await expect(imported).toContainText('Quinta do Mar');
  await page.screenshot({ path: 'test-results/e2e/notifications-bell.png' });

  await imported.click();
  await expect(page).toHaveURL(/\/pricing-central\/bookings$/);
  await expect(page.getByRole('heading', { name: 'Reservas', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notificações: 1 por ler' })).toBeVisible();
  expect(await unreadKinds(request, owner)).toEqual(['first_price_list']);
});
