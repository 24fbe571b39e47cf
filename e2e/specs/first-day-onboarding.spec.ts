import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  newAccount,
  newOwnerWithProperty,
  signIn,
  submitSignInForm,
  twoRoomTypes,
  type RoomType,
} from '../support/auth';
import { captureScreens } from '../support/screens';
import { label, shellReady, type Locale } from '../support/shell';

// Issue 24, point 10 (the calm first day, and formats): a new owner in Portugal registers through
// the UI; onboarding proposes Portugal, the euro and Lisbon's time zone, and "Port" lists Portugal
// first; once the property has room types, the first screen shows one first price list to review
// and no urgent alert; a language chosen in the top bar is kept at the next sign-in; a price typed
// "89,50" shows back as "89,50" and check-in reads 15:00 in Portuguese.

test.use({ locale: 'pt-PT', timezoneId: 'Europe/Lisbon' });

const threeRoomTypes: RoomType[] = [
  ...twoRoomTypes,
  { name: 'Quarto Single', code: 'SGL', rooms: 4, basePrice: 80, minPrice: 55, maxPrice: 140 },
];

interface FirstList {
  changes: number;
  nights: number;
  roomTypes: number;
}

/** The property's first price list as the API answers it (null: none). */
async function firstListOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  businessUuid: string,
): Promise<FirstList | null> {
  const answer = await request.get(`/api/v1/businesses/${businessUuid}/price-changes/first-list`, {
    headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { firstList: FirstList | null }).firstList;
}

/** The words of a count in Portuguese ("365 noites"), as `Intl` writes the number. */
const counted = (count: number, words: string) =>
  `${new Intl.NumberFormat('pt-PT').format(count)} ${words}`;

const firstListRegion = (page: Page, locale: Locale = 'pt') =>
  page.getByRole('region', { name: label(locale, 'priceChanges', 'firstList.title') });

test('a new owner in Portugal: onboarding guesses Portugal, EUR and Lisbon; the first day shows one first price list and no urgent alert', async ({
  page,
  request,
}) => {
  // Registration, onboarding and two screens (eight pictures each with SCREENS=1).
  test.setTimeout(process.env.SCREENS === '1' ? 600_000 : 120_000);
  const account = newAccount('firstday');
  await page.goto('/register');
  // The browser speaks Portuguese: the page does too, with nothing stored yet.
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  await page
    .getByRole('textbox', { name: label('pt', 'auth', 'register.name') })
    .fill(account.name);
  await page
    .getByRole('textbox', { name: label('pt', 'auth', 'register.email') })
    .fill(account.email);
  await page
    .getByLabel(label('pt', 'auth', 'register.password'), { exact: true })
    .fill(account.password);
  await page.getByRole('button', { name: label('pt', 'auth', 'register.submit') }).click();

  await expect(
    page.getByRole('heading', { name: label('pt', 'property', 'onboarding.title') }),
  ).toBeVisible();
  const country = page.getByRole('combobox', { name: label('pt', 'property', 'fields.country') });
  await expect(country).toHaveValue('Portugal');
  await expect(
    page.getByRole('combobox', { name: label('pt', 'property', 'fields.currency') }),
  ).toHaveValue(/\(EUR\)$/);
  await expect(
    page.getByRole('combobox', { name: label('pt', 'property', 'fields.timezone') }),
  ).toHaveValue(/^Europe\/Lisbon/);

  await captureScreens(page, 'firstday-onboarding', async (locale) => {
    await page.reload();
    await expect(
      page.getByRole('heading', { name: label(locale, 'property', 'onboarding.title') }),
    ).toBeVisible({ timeout: 60_000 });
  });
  if (process.env.SCREENS === '1') {
    await page.evaluate(() => localStorage.setItem('language', 'pt'));
    await page.reload();
  }

  // Typing "Port" lists Portugal first (not tenth, out of sight).
  await country.fill('Port');
  await expect(page.getByRole('option').first()).toHaveText('Portugal');
  await page.getByRole('option', { name: 'Portugal' }).click();

  await page
    .getByRole('textbox', { name: label('pt', 'property', 'fields.name') })
    .fill('Casa Azul Ericeira');
  await page
    .getByRole('button', { name: label('pt', 'property', 'onboarding.createAndContinue') })
    .click();
  await expect(page.getByRole('heading', { name: /Casa Azul Ericeira/ })).toBeVisible();

  // The property as created, and its room types (through the API: the room editor has its spec).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { Authorization: `Bearer ${token}` };
  const listed = await request.get('/api/v1/businesses', { headers });
  const { businesses } = (await listed.json()) as {
    businesses: { uuid: string; country: string; currency: string; timezone: string }[];
  };
  expect(businesses).toHaveLength(1);
  expect(businesses[0]).toMatchObject({
    country: 'PT',
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
  });
  const businessUuid = businesses[0]!.uuid;
  const rooms = await request.post(
    `/api/v1/businesses/${businessUuid}/tariff-configuration/rooms-tariff`,
    { headers, data: { roomsTariff: threeRoomTypes } },
  );
  expect(rooms.status(), await rooms.text()).toBe(200);
  await expect.poll(() => firstListOf(request, headers, businessUuid)).not.toBeNull();
  const firstList = (await firstListOf(request, headers, businessUuid))!;
  expect(firstList.roomTypes).toBe(3);
  expect(firstList.changes).toBe(firstList.nights * 3);

  // The first screen: one summary of the first price list, no pending-changes count, no urgent
  // alert (a property without bookings has no "0 % sold" nights to shout about).
  await page.goto('/dashboards');
  await shellReady(page);
  const summary = firstListRegion(page);
  await expect(summary).toContainText(
    `${counted(firstList.nights, 'noites')} × ${counted(3, 'tipos de quarto')}`,
  );
  await expect(
    summary.getByRole('link', { name: label('pt', 'priceChanges', 'firstList.review') }),
  ).toBeVisible();
  await expect(page.getByText(label('pt', 'dashboard', 'pending.title'))).toHaveCount(0);
  await expect(page.getByText(label('pt', 'analytics', 'insights.none'))).toBeVisible();
  await expect(
    page.getByText(label('pt', 'analytics', 'insights.severity.3'), { exact: true }),
  ).toHaveCount(0);

  // The bell holds one calm notice about it, not "1 095 alterações de preço esperam…"; beside it
  // at most advice (an alert, docs/digest-and-alerts.md), nothing urgent.
  await page.getByRole('button', { name: /Notificações: \d+ por ler/ }).click();
  const bell = page.getByRole('dialog', { name: label('pt', 'notifications', 'title') });
  await expect(
    bell.getByRole('menuitem', {
      name: new RegExp(label('pt', 'notifications', 'kinds.first_price_list')),
    }),
  ).toBeVisible();
  await expect(bell.getByRole('menuitem', { name: /esperam a sua aprovação/ })).toHaveCount(0);
  await expect(bell.getByRole('menuitem', { name: /falha há/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await captureScreens(page, 'firstday-dashboard', async (locale) => {
    await page.reload();
    await shellReady(page);
    await expect(firstListRegion(page, locale)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(label(locale, 'analytics', 'insights.none'))).toBeVisible({
      timeout: 60_000,
    });
  });
  await captureScreens(page, 'firstday-price-changes', async (locale) => {
    await page.goto('/pricing-central/price-changes');
    await shellReady(page);
    await expect(firstListRegion(page, locale)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('grid')).toBeVisible({ timeout: 60_000 });
  });

  // Price changes opens on the same summary above the list.
  await page.evaluate(() => localStorage.setItem('language', 'pt'));
  await page.goto('/pricing-central/price-changes');
  await shellReady(page);
  await expect(firstListRegion(page)).toContainText(counted(firstList.nights, 'noites'));
});

test('a language chosen in the top bar is kept at the next sign-in', async ({ page, request }) => {
  const owner = await newOwnerWithProperty(request, { language: 'pt' });
  await page.goto('/login');
  await submitSignInForm(page, owner);
  await expect(page).toHaveURL(/\/dashboards$/);
  await shellReady(page);

  const saved = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/v1/users/${owner.userData.uuid}`) &&
      response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: label('pt', 'common', 'language.label') }).click();
  await page.getByRole('menuitem', { name: label('en', 'common', 'language.en') }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: /Ana Costa/ }).click();
  await page.getByRole('menuitem', { name: label('en', 'shell', 'user.logout') }).click();
  await expect(
    page.getByRole('button', { name: label('en', 'auth', 'login.submit') }),
  ).toBeVisible();
  // Another device, or this one cleared: nothing stored but the browser's Portuguese.
  await page.evaluate(() => localStorage.removeItem('language'));
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');

  // Signing in applies the account's language: the English chosen in the top bar.
  await submitSignInForm(page, owner);
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('button', { name: label('en', 'common', 'language.label') }),
  ).toBeVisible();
});

test('in Portuguese, a price typed 89,50 shows back as 89,50 and check-in reads 15:00', async ({
  page,
  request,
}) => {
  // Three pages, the last a heavy one (charts): room for a busy machine.
  test.setTimeout(120_000);
  const owner = await newOwnerWithProperty(request, {
    language: 'pt',
    property: 'Casa Azul Ericeira',
    roomTypes: twoRoomTypes,
  });
  await signIn(page, owner);
  await page.goto('/pricing-central/price-setup');
  await shellReady(page);
  const base = page.getByRole('textbox', {
    name: label('pt', 'property', 'prices.fieldOf')
      .replace('{{field}}', label('pt', 'property', 'prices.base'))
      .replace('{{name}}', 'Quarto Duplo'),
  });
  await expect(base).toHaveValue('100');
  await base.fill('89,50');
  await page.getByRole('button', { name: label('pt', 'property', 'prices.save') }).click();
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/v1/businesses/${owner.businessUuid}`, {
        headers: owner.headers,
      });
      const { business } = (await answer.json()) as {
        business: { tariffConfiguration: { roomsTariff: { code: string; basePrice: number }[] } };
      };
      return business.tariffConfiguration.roomsTariff.find((room) => room.code === 'DBL')
        ?.basePrice;
    })
    .toBe(89.5);
  await page.reload();
  await shellReady(page);
  await expect(base).toHaveValue('89,50');

  // Check-in on a 24-hour clock in Portuguese (the contract's default, 15:00), not "03:00 PM".
  await page.goto('/my-property');
  await shellReady(page);
  await expect(page.locator('input[name="checkInTime"]')).toHaveValue('15:00');
  await expect(page.getByRole('main')).not.toContainText(/\bPM\b/);

  // No gendered article before the property's name.
  await page.goto('/pricing-central/bi');
  await shellReady(page);
  await expect(
    page.getByText(label('pt', 'analytics', 'intro').replace('{{name}}', 'Casa Azul Ericeira')),
  ).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('o Casa Azul Ericeira');
});
