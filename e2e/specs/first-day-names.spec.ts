import { expect, test, type Page } from '@playwright/test';
import {
  newOwnerWithProperty,
  signIn,
  twoRoomTypes,
  type Locale,
  type Owner,
} from '../support/auth';
import { night } from '../support/calendar';
import { changesMatching } from '../support/price-changes';
import { captureScreens } from '../support/screens';
import { label, mainNav, shellReady } from '../support/shell';

// Issue 24, point 7 and the words of points 9 and 10, as a new owner meets them: the menu names
// the price calendar and Integrations and each opens its page; the Configurations page says it is
// the occupancy levels; Ctrl-K finds every page of the menu by its label, and by the words an
// owner types ("calendário", "webhook", "integrações"); the plan has one name on the plans page,
// the account and the user menu; an Arabic price-change reason keeps a Latin season name and its
// amounts whole (Unicode isolates).

const nav = (locale: Locale, key: string) => label(locale, 'nav', key);

/** Opens Pricing Central's pages in the menu (a folded group). */
async function unfoldPricingCentral(page: Page, locale: Locale) {
  const toggle = mainNav(page, locale).getByRole('button', {
    name: new RegExp(nav(locale, 'pricingCentral')),
  });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

/** The search dialog: Ctrl-K opens it when it is closed; a query typed answers its options. */
function searchDialog(page: Page, locale: Locale) {
  const name = label(locale, 'shell', 'search.title');
  const dialog = page.getByRole('dialog', { name });
  const box = dialog.getByRole('combobox', { name });
  return {
    dialog,
    open: async () => {
      await expect(dialog).toBeHidden();
      await page.keyboard.press('Control+k');
      await expect(box).toBeFocused();
    },
    type: async (query: string) => {
      await box.fill(query);
      return dialog.getByRole('option');
    },
  };
}

test.describe('names a hotel owner uses', () => {
  for (const locale of ['pt', 'en', 'ar'] as const) {
    test(`the menu has the price calendar and Integrations, each opening its page (${locale})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const owner = await newOwnerWithProperty(request, { language: locale });
      await signIn(page, owner);
      await page.goto('/dashboards');
      await shellReady(page);
      const menu = mainNav(page, locale);

      // The price calendar is an entry of its own under Pricing Central.
      await unfoldPricingCentral(page, locale);
      await menu.getByRole('link', { name: nav(locale, 'priceCalendar'), exact: true }).click();
      await expect(page).toHaveURL(/\/pricing-central$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        label(locale, 'priceCalendar', 'title'),
      );
      await expect(
        menu.getByRole('link', { name: nav(locale, 'priceCalendar'), exact: true }),
      ).toHaveAttribute('aria-current', 'page');

      // Integrations (tokens and the webhook) straight from the menu.
      await menu.getByRole('link', { name: nav(locale, 'integrations'), exact: true }).click();
      await expect(page).toHaveURL(/\/my-property\/integrations$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        label(locale, 'integrations', 'title'),
      );
      await expect(page.getByTestId('webhook-card')).toBeVisible();

      // Configurations, the spec's label, opens a page that says it is the occupancy levels.
      await unfoldPricingCentral(page, locale);
      await menu.getByRole('link', { name: nav(locale, 'configurations'), exact: true }).click();
      await expect(page).toHaveURL(/\/pricing-central\/configurations$/);
      const title = page.getByRole('heading', { level: 1 });
      const expected = {
        pt: 'Configurações — níveis de ocupação',
        en: 'Configurations — occupancy levels',
        ar: 'الإعدادات — مستويات الإشغال',
      }[locale];
      await expect(title).toHaveText(expected);
      expect(label(locale, 'fluctuation', 'title')).toBe(expected);

      if (locale === 'pt') {
        // The menu unfolded, over the Configurations page and its title.
        await captureScreens(page, 'names-menu', async (shown) => {
          await page.goto('/pricing-central/configurations');
          await shellReady(page);
          await unfoldPricingCentral(page, shown);
          await expect(
            mainNav(page, shown).getByRole('link', { name: nav(shown, 'integrations') }),
          ).toBeVisible();
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            label(shown, 'fluctuation', 'title'),
          );
        });
      }
    });

    test(`Ctrl-K finds every page of the menu by its name, and by an owner's words (${locale})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(150_000);
      const owner = await newOwnerWithProperty(request, { language: locale });
      await signIn(page, owner);
      await page.goto('/dashboards');
      await shellReady(page);
      await unfoldPricingCentral(page, locale);

      // Every link of the menu, by the words it shows: the search's first answer is that page.
      const links = mainNav(page, locale).getByRole('link');
      const entries = await links.evaluateAll((elements) =>
        elements.map((a) => ({
          name: (a.textContent ?? '').trim(),
          href: a.getAttribute('href') ?? '',
        })),
      );
      const pages = entries.filter((entry) => entry.name && entry.href.startsWith('/'));
      expect(pages.length).toBeGreaterThan(18);
      const search = searchDialog(page, locale);
      await search.open();
      for (const { name } of pages) {
        await expect((await search.type(name)).first(), name).toContainText(name);
      }
      await page.keyboard.press('Escape');

      // Words an owner types, in their language.
      const words: Record<typeof locale, [string, string, string][]> = {
        pt: [
          ['calendário', nav('pt', 'priceCalendar'), '/pricing-central'],
          ['webhook', nav('pt', 'integrations'), '/my-property/integrations'],
          ['integrações', nav('pt', 'integrations'), '/my-property/integrations'],
          ['níveis de ocupação', nav('pt', 'configurations'), '/pricing-central/configurations'],
          ['época', nav('pt', 'sazonalities'), '/pricing-central/sazonalities'],
        ],
        en: [
          ['calendar', nav('en', 'priceCalendar'), '/pricing-central'],
          ['webhook', nav('en', 'integrations'), '/my-property/integrations'],
          ['occupancy levels', nav('en', 'configurations'), '/pricing-central/configurations'],
          ['season', nav('en', 'sazonalities'), '/pricing-central/sazonalities'],
        ],
        ar: [
          ['تقويم', nav('ar', 'priceCalendar'), '/pricing-central'],
          ['webhook', nav('ar', 'integrations'), '/my-property/integrations'],
          ['مستويات الإشغال', nav('ar', 'configurations'), '/pricing-central/configurations'],
        ],
      };
      for (const [query, title, path] of words[locale]) {
        await search.open();
        await expect((await search.type(query)).first(), query).toContainText(title);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }

      if (locale === 'pt') {
        const calendarWord: Record<Locale, string> = {
          pt: 'calendário',
          en: 'calendar',
          fr: 'calendrier',
          ar: 'تقويم',
        };
        await captureScreens(page, 'names-search', async (shown) => {
          await page.goto('/dashboards');
          await shellReady(page);
          const shownSearch = searchDialog(page, shown);
          await shownSearch.open();
          await expect((await shownSearch.type(calendarWord[shown])).first()).toContainText(
            nav(shown, 'priceCalendar'),
          );
        });
      }
    });
  }

  test('the plan has one name on the plans page, the account and the user menu', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = await newOwnerWithProperty(request, { plan: 'starter' });
    await signIn(page, owner);
    const starter = label('pt', 'plans', 'names.starter');
    const pro = label('pt', 'plans', 'names.pro');

    await page.goto('/pages/pricing');
    await expect(page.getByRole('region', { name: starter })).toContainText(
      label('pt', 'plans', 'current'),
    );
    // A locked entry of the menu is marked with the plan that has it, by the same name.
    await expect(
      mainNav(page).getByRole('link', { name: new RegExp(nav('pt', 'heatMap')) }),
    ).toContainText(pro);

    await page.goto('/account-settings/account');
    await expect(page.getByTestId('account-plan-name')).toHaveText(starter);
    await page.getByRole('button', { name: /Menu da conta/ }).click();
    await expect(page.getByRole('presentation').getByText(`Plano ${starter}`)).toBeVisible();
    await page.keyboard.press('Escape');

    await captureScreens(page, 'names-plans', async (shown) => {
      await page.goto('/pages/pricing');
      await shellReady(page);
      await expect(
        page.getByRole('region', { name: label(shown, 'plans', 'names.starter') }),
      ).toBeVisible();
    });
  });

  test('an Arabic reason keeps a Latin season name and its amounts whole', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner: Owner = await newOwnerWithProperty(request, {
      language: 'ar',
      roomTypes: twoRoomTypes,
    });
    const api = `/api/v1/businesses/${owner.businessUuid}`;
    const pending = () => changesMatching(request, owner, 'status=pending');
    // The first prices approved, a season named in Latin letters moves five nights.
    await expect.poll(() => pending(), { timeout: 30_000 }).toBeGreaterThan(700);
    const approved = await request.post(`${api}/price-changes/approve`, {
      headers: owner.headers,
      data: { filter: {} },
    });
    expect(approved.status()).toBe(200);
    const season = await request.post(`${api}/tariff-configuration/sazonalities`, {
      headers: owner.headers,
      data: {
        sazonality: {
          name: 'Summer Fest 2026',
          color: '#f4511e',
          startDate: night(10),
          endDate: night(14),
          weekdays: [],
          roomUuids: [],
          adjustmentType: 'percent',
          value: 25,
          priority: 1,
        },
      },
    });
    expect(season.status(), await season.text()).toBe(201);
    await expect.poll(() => pending(), { timeout: 30_000 }).toBe(10);

    await signIn(page, owner);
    await page.goto('/pricing-central/price-changes');
    const rows = page
      .getByTestId('price-changes-table')
      .getByRole('row')
      .filter({ hasText: 'Summer Fest 2026' });
    await expect(rows).toHaveCount(10);
    const text = (await rows.first().textContent()) ?? '';
    // The name is set apart (FSI … PDI) inside «», and so is every amount.
    expect(text).toContain('«\u2068Summer Fest 2026\u2069»');
    expect(text).toMatch(/\u2068[^\u2069]*25[^\u2069]*\u2069/);
  });
});
