import { expect, test, type APIRequestContext } from '@playwright/test';
import { emailsTo, newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { night } from '../support/calendar';
import { addSeason, changesMatching } from '../support/price-changes';

// The morning digest, in Portuguese: a season leaves ten price changes waiting; the owner's hour
// is now, so the server writes the digest (the test server has no SMTP: it stays in the outbox,
// read as admin). Its first approve link opens in Chromium, signed out; one click approves the
// change, and the app, signed in, lists it approved and one change fewer waiting.

const screenshots = 'test-results/screenshots';

/** The newest digest e-mail to `email`, from the development outbox (as admin). */
async function digestFor(request: APIRequestContext, email: string) {
  return (await emailsTo(request, email)).find((e) => e.kind === 'digest');
}

test('the digest’s approve link approves the change in one click, once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  const api = `/api/v1/businesses/${owner.businessUuid}`;
  const total = (filter: string) => changesMatching(request, owner, filter);
  await expect.poll(() => total('status=pending'), { timeout: 30_000 }).toBeGreaterThan(700);
  const first = await request.post(`${api}/price-changes/approve`, {
    headers: owner.headers,
    data: { filter: {} },
  });
  expect(first.status()).toBe(200);
  await addSeason(request, owner, {
    name: 'Festival de Verão',
    from: night(10),
    to: night(14),
    percent: 25,
  });
  await expect.poll(() => total('status=pending'), { timeout: 30_000 }).toBe(10);

  // The digest at the hour it is now in the property's zone (Lisbon, the default).
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: 'Europe/Lisbon',
    }).format(new Date()),
  );
  const settings = await request.put('/api/v1/digest/settings', {
    headers: owner.headers,
    data: { enabled: true, hour },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  await expect
    .poll(async () => Boolean(await digestFor(request, owner.email)), { timeout: 60_000 })
    .toBe(true);
  const email = (await digestFor(request, owner.email))!;
  expect(email.text).toContain('Alterações de preço à espera (10)');

  const approve = /\n {2}Aprovar: (\S+)/.exec(email.text)![1]!;
  const link = new URL(approve);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(
    page.getByRole('heading', { name: 'Aprovar esta alteração de preço?' }),
  ).toBeVisible();
  await expect(page.getByText('Festival de Verão')).toHaveCount(0); // the summary, not a reason
  await expect(page.getByRole('cell', { name: 'Quinta do Mar' })).toBeVisible();
  await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Alteração aprovada' })).toBeVisible();
  await page.screenshot({ path: `${screenshots}/digest-link-pt.png` });
  expect(await total('status=pending')).toBe(9);

  // The same link again: refused, nothing moves.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('digest-refusal')).toHaveText(/já foi usada/);
  expect(await total('status=pending')).toBe(9);

  // In the app, signed in: one change fewer waits, and it is published.
  await signIn(page, owner);
  await page.goto('/pricing-central/price-changes');
  const table = page.getByTestId('price-changes-table');
  await expect(table.getByRole('row').filter({ hasText: 'Festival de Verão' })).toHaveCount(9);
  await page.goto('/pricing-central/price-changes?stage=not_sent&step=season');
  await expect(table.getByRole('row').filter({ hasText: 'Festival de Verão' })).toHaveCount(1);
});
