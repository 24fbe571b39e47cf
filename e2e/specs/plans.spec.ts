import { expect, test } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';

// Plans in Chromium, in Portuguese (the default): an owner on the free Starter plan opens the
// heat map and is offered the upgrade instead, chooses Pro on the pricing page (no payment is
// taken), and the heat map opens. The owner and the property are created through the API.

const screenshots = 'test-results/screenshots';

test('a Starter owner meets the upgrade page, chooses Pro, then sees the heat map', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes, plan: 'starter' });
  await signIn(page, owner);

  await page.goto('/pricing-central/bi?view=heat-map');
  const upgrade = page.getByRole('region', { name: 'Mapa de calor faz parte do plano Pro' });
  await expect(upgrade).toBeVisible();
  await expect(upgrade).toContainText('O seu plano Essencial não o inclui');
  // The menu marks the Pro entries the plan lacks.
  await expect(page.getByRole('link', { name: /Mapa de calor/ }).first()).toContainText('Pro');
  await page.screenshot({ path: `${screenshots}/plans-upgrade-pt.png`, fullPage: true });

  await upgrade.getByRole('link', { name: 'Ver o plano Pro' }).click();
  await expect(page).toHaveURL(/\/pages\/pricing$/);
  await expect(page.getByRole('region', { name: 'Essencial' })).toContainText('O seu plano');
  await page
    .getByRole('region', { name: 'Pro' })
    .getByRole('button', { name: 'Escolher Pro' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Mudar para Pro?' });
  await expect(dialog).toContainText('Hoje não é cobrado nenhum pagamento.');
  await page.screenshot({ path: `${screenshots}/plans-confirm-pt.png` });
  await dialog.getByRole('button', { name: 'Mudar para Pro' }).click();
  await expect(page.getByText('Está agora no plano Pro.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pro' })).toContainText('O seu plano');

  // The choice is recorded on the server, and the heat map opens.
  const subscription = await request.get('/api/v1/subscription', { headers: owner.headers });
  expect((await subscription.json()).subscription).toMatchObject({
    plan: 'pro',
    interval: 'monthly',
  });
  await page
    .getByRole('link', { name: /Mapa de calor/ })
    .first()
    .click();
  await expect(page).toHaveURL(/view=heat-map/);
  const heatMap = page.getByRole('region', { name: `Ocupação, ${new Date().getFullYear()}` });
  await expect(heatMap).toBeVisible();
  // The nights answered (no booking yet: the view says so, where a refusal would be an error).
  await expect(heatMap).toContainText('Sem reservas neste período');
  await expect(page.getByRole('region', { name: /faz parte do plano/ })).toHaveCount(0);
});
