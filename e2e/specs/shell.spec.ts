import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, signUp } from '../support/auth';
import { label, mainNav, shellReady, type Locale } from '../support/shell';

const screenshots = path.join(import.meta.dirname, '../../test-results/screenshots');

const cookie = async (page: Page, name: string) =>
  (await page.context().cookies()).find((c) => c.name === `tarifa-${name}`)?.value;

test.describe('navigation', () => {
  const fixedLabels: Record<Locale, string[]> = {
    // The menu's English labels, literally as the product names them (docs/shell.md).
    en: [
      'Pricing Central',
      'My Property',
      'My Account',
      'Suport Center',
      'Heat Map',
      'Sales Analytics',
      'Business Intelligence',
      'Occupancy History',
    ],
    pt: [
      'Central de Preços',
      'A Minha Propriedade',
      'A Minha Conta',
      'Centro de Suporte',
      'Mapa de calor',
      'Análise de vendas',
      'Business Intelligence',
      'Histórico da ocupação',
    ],
    fr: [],
    ar: [],
  };
  const keys = [
    'pricingCentral',
    'myProperty',
    'myAccount',
    'supportCenter',
    'heatMap',
    'salesAnalytics',
    'businessIntelligence',
    'occupancyHistory',
  ];
  const children = ['configurations', 'sazonalities', 'addSazonality'];

  for (const locale of ['pt', 'en', 'fr', 'ar'] as const) {
    test(`shows the menu's labels in ${locale}`, async ({ page, context, request }) => {
      await signIn(context, await signUp(request, { language: locale }));
      await page.goto('/dashboards');
      await shellReady(page);
      const nav = (key: string) => label(locale, 'nav', key);
      const expected = fixedLabels[locale].length ? fixedLabels[locale] : keys.map(nav);
      const menu = mainNav(page, locale);
      for (const name of expected) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await expect(menu.getByText(nav('proMembers'), { exact: true })).toBeVisible();
      if (locale === 'en') expect(nav('addSazonality')).toBe('Add Sazonality');

      // Configurations, Sazonalities and Add Sazonality fold under Pricing Central.
      const toggle = menu.getByRole('button', { name: new RegExp(nav('pricingCentral')) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      for (const key of children) {
        await expect(menu.getByRole('link', { name: nav(key), exact: true })).toBeVisible();
      }
    });
  }

  test('marks the page shown, and hides the admin area from a client', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, await signUp(request, { language: 'en' }));
    await page.goto('/pricing-central/bi?view=heat-map');
    await shellReady(page);
    const menu = mainNav(page, 'en');
    await expect(menu.getByRole('link', { name: 'Heat Map' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(menu.getByRole('link', { name: 'Business Intelligence' })).not.toHaveAttribute(
      'aria-current',
    );
    await expect(menu.getByRole('link', { name: 'Administration' })).toHaveCount(0);
  });

  test('becomes an overlay drawer on an 800 px wide screen', async ({ page, context, request }) => {
    await signIn(context, await signUp(request));
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/dashboards');
    await shellReady(page);
    const menu = mainNav(page);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Abrir o menu' }).click();
    await expect(menu).toBeVisible();
    // Over the page, not beside it: the page keeps its full width under the drawer.
    const main = await page.locator('main#main').boundingBox();
    expect(main!.x).toBeLessThan(40);
    await menu.getByRole('link', { name: 'Centro de Suporte' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toBeHidden();

    // Wider than md + 16 px, it stands beside the page again.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Abrir o menu' })).toHaveCount(0);
  });

  test('Ctrl-K opens the search, which finds and opens a page', async ({
    page,
    context,
    request,
  }) => {
    await signIn(context, await newOwnerWithProperty(request, { property: 'Casa do Mar' }));
    await page.goto('/dashboards');
    await shellReady(page);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Pesquisar' });
    await expect(search).toBeFocused();
    await search.fill('historico ocupacao');
    await expect(page.getByRole('option', { name: /Histórico da ocupação/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing-central\/bi\?view=occupancy-history$/);
    await expect(search).toBeHidden();
  });
});

test('choosing Arabic mirrors the page and survives a reload', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, await newOwnerWithProperty(request, { property: 'Casa do Mar' }));
  await page.goto('/dashboards');
  await shellReady(page);
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();

  const check = async () => {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    const menu = mainNav(page, 'ar');
    await expect(menu.getByRole('link', { name: 'مركز التسعير' })).toBeVisible();
    // The navigation sits on the right, the page on its left.
    const nav = await menu.boundingBox();
    const main = await page.locator('main#main').boundingBox();
    const width = page.viewportSize()!.width;
    expect(nav!.x).toBeGreaterThan(width / 2);
    expect(main!.x + main!.width).toBeLessThan(nav!.x + 1);
  };
  await check();
  await page.reload();
  await check();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
});

test('each preference is kept in its tarifa- cookie and survives a reload', async ({
  page,
  context,
  request,
}) => {
  await signIn(
    context,
    await newOwnerWithProperty(request, { language: 'en', property: 'Casa do Mar' }),
  );
  await page.goto('/dashboards');
  await shellReady(page);

  // The default preferences (docs/shell.md) before anything is chosen.
  const prefs = page.getByRole('dialog', { name: 'Preferences' });
  await page.getByRole('button', { name: 'Preferences' }).click();
  const group = (name: string) => prefs.getByRole('radiogroup', { name, exact: true });
  await expect(group('Theme').getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(group('Content width').getByRole('radio', { name: 'Boxed' })).toBeChecked();
  await expect(group('Navigation').getByRole('radio', { name: 'Vertical' })).toBeChecked();
  await expect(group('Navbar').getByRole('radio', { name: 'Sticky' })).toBeChecked();
  await expect(group('Footer').getByRole('radio', { name: 'Static' })).toBeChecked();
  await expect(prefs.getByRole('switch', { name: 'Blur behind the navbar' })).toBeChecked();
  await expect(prefs.getByRole('switch', { name: 'Vertical menu collapsed' })).not.toBeChecked();

  await group('Theme').getByRole('radio', { name: 'Dark' }).check();
  await group('Skin').getByRole('radio', { name: 'Bordered' }).check();
  await group('Content width').getByRole('radio', { name: 'Wide' }).check();
  await group('Navbar').getByRole('radio', { name: 'Static' }).check();
  await group('Footer').getByRole('radio', { name: 'Sticky' }).check();
  await prefs.getByRole('switch', { name: 'Blur behind the navbar' }).uncheck();
  await prefs.getByRole('switch', { name: 'Vertical menu collapsed' }).check();
  await group('Primary colour — light theme').getByRole('radio', { name: 'Teal' }).check();
  await group('Primary colour — dark theme').getByRole('radio', { name: 'Rose' }).check();

  const expected = {
    theme: 'dark',
    skin: 'bordered',
    'content-width': 'wide',
    'navbar-type': 'static',
    'footer-type': 'sticky',
    'navbar-blur': 'false',
    'vertical-nav-collapsed': 'true',
    'primary-light': encodeURIComponent('#0D9394'),
    'primary-dark': encodeURIComponent('#EB3D63'),
    'color-scheme': 'dark',
  };
  for (const [name, value] of Object.entries(expected))
    expect(await cookie(page, name)).toBe(value);

  await page.reload();
  await shellReady(page);
  for (const [name, value] of Object.entries(expected))
    expect(await cookie(page, name)).toBe(value);
  // What the user sees follows: dark page, icons-only navigation, the choices still selected.
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  expect((await mainNav(page, 'en').boundingBox())!.width).toBeLessThan(100);
  await page.getByRole('button', { name: 'Preferences' }).click();
  await expect(group('Theme').getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(group('Skin').getByRole('radio', { name: 'Bordered' })).toBeChecked();
  await expect(group('Content width').getByRole('radio', { name: 'Wide' })).toBeChecked();
  await expect(group('Footer').getByRole('radio', { name: 'Sticky' })).toBeChecked();
  await expect(prefs.getByRole('switch', { name: 'Blur behind the navbar' })).not.toBeChecked();

  // The horizontal navigation and its own bar type.
  await group('Navigation').getByRole('radio', { name: 'Horizontal' }).check();
  await group('Horizontal navigation bar').getByRole('radio', { name: 'Static' }).check();
  expect(await cookie(page, 'content-layout-nav')).toBe('horizontal');
  expect(await cookie(page, 'horizontal-nav-type')).toBe('static');
  await page.reload();
  await shellReady(page);
  const bar = mainNav(page, 'en');
  await expect(bar.getByRole('button', { name: 'Pricing Central' })).toBeVisible();
  const box = await bar.boundingBox();
  expect(box!.width).toBeGreaterThan(box!.height * 4);
  expect(await cookie(page, 'horizontal-nav-type')).toBe('static');

  // And back to the defaults.
  await page.getByRole('button', { name: 'Preferences' }).click();
  await prefs.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(group('Navigation').getByRole('radio', { name: 'Vertical' })).toBeChecked();
  expect(await cookie(page, 'content-layout-nav')).toBeUndefined();
});

test('the scroll-to-top button appears past 200 px and brings the page back up', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, await signUp(request));
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/faq');
  await shellReady(page);
  await expect(page.getByRole('heading', { name: 'Ainda tem uma dúvida?' })).toBeAttached();
  const button = page.getByRole('button', { name: 'Voltar ao topo' });
  await expect(button).toBeHidden();
  const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top }), y);
  await scrollTo(150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(150);
  await expect(button).toBeHidden();
  await scrollTo(450);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(450);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test('the table footer reads correctly in Portuguese', async ({ page, context, request }) => {
  await signIn(context, await signUp(request));
  await page.goto('/pages/icons');
  await shellReady(page);
  const footer = page.locator('.MuiDataGrid-footerContainer');
  await expect(footer.getByText('Itens por página')).toBeVisible();
  await expect(footer.getByText(/^1-10 de \d+$/)).toBeVisible();
  await footer.getByRole('combobox', { name: 'Itens por página' }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveText(['5', '10', '20', '25', '50', '100', 'Todos']);
  await page.getByRole('option', { name: 'Todos' }).click();
  const total = Number(/de (\d+)$/.exec((await footer.getByText(/ de \d+$/).textContent())!)![1]);
  await expect(footer.getByText(`1-${total} de ${total}`)).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(total + 1);
});

test('a new user’s notifications say there is nothing yet', async ({ page, context, request }) => {
  // Just signed up, on the plan every account starts on: nothing has happened yet.
  await signIn(context, await signUp(request, { plan: 'starter' }));
  await page.goto('/dashboards');
  await shellReady(page);
  await page.getByRole('button', { name: 'Notificações' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Notificações' }).getByText('Está tudo em dia'),
  ).toBeVisible();
});

test('the support center finds questions and sends a message', async ({
  page,
  context,
  request,
}) => {
  const owner = await signUp(request);
  await signIn(context, owner);
  await page.goto('/faq');
  await shellReady(page);
  await page.getByRole('searchbox', { name: 'Pesquisar nas perguntas' }).fill('prioridade');
  await page.getByRole('button', { name: /duas sazonalidades se sobrepõem/ }).click();
  await expect(page.getByText(/a prioridade mais alta/)).toBeVisible();

  await page.getByRole('combobox', { name: /Assunto/ }).click();
  await page.getByRole('option', { name: 'Importar reservas' }).click();
  await page
    .getByRole('textbox', { name: /Mensagem/ })
    .fill('Como importo o ficheiro do meu sistema de reservas?');
  await page.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByText(`Obrigado! Vamos responder para ${owner.email}.`)).toBeVisible();
});

test('not-found and not-authorized pages have a way back, at their misc aliases too', async ({
  page,
  context,
  request,
}) => {
  await signIn(context, await signUp(request));
  for (const [url, heading] of [
    ['/nothing-here', 'Página não encontrada'],
    ['/pages/misc/not-found', 'Página não encontrada'],
    ['/not-authorized', 'Sem autorização'],
    ['/pages/misc/not-authorized', 'Sem autorização'],
  ]) {
    await page.goto(url!);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');
  }
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
});

test('the product tour walks through the Pricing Central screens', async ({
  page,
  context,
  request,
}) => {
  await signIn(
    context,
    await newOwnerWithProperty(request, { language: 'en', property: 'Casa do Mar' }),
  );
  await page.goto('/extensions/tour');
  await shellReady(page);
  await page.getByRole('button', { name: 'Start the tour' }).click();
  const card = page.getByRole('dialog');
  await expect(card).toHaveAccessibleName('Pricing Central');
  await expect(card).toBeFocused();
  await expect(page).toHaveURL(/\/pricing-central$/);
  await expect(card.getByText('1 of 9')).toBeVisible();

  const steps: [string, RegExp][] = [
    ['Room types', /\/pricing-central\/room-form$/],
    ['Price setup', /\/pricing-central\/price-setup$/],
    ['Configurations', /\/pricing-central\/configurations$/],
    ['Sazonalities', /\/pricing-central\/sazonalities$/],
  ];
  for (const [title, url] of steps) {
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card).toHaveAccessibleName(title);
    await expect(page).toHaveURL(url);
  }
  await card.getByRole('button', { name: 'Back' }).click();
  await expect(card).toHaveAccessibleName('Configurations');
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});

test.describe('screenshots of the dashboard shell', () => {
  const cases = [
    { locale: 'pt', scheme: 'light', width: 1440, height: 900, name: 'desktop-ltr-light' },
    { locale: 'pt', scheme: 'dark', width: 1440, height: 900, name: 'desktop-ltr-dark' },
    { locale: 'ar', scheme: 'light', width: 1440, height: 900, name: 'desktop-rtl-light' },
    { locale: 'ar', scheme: 'dark', width: 1440, height: 900, name: 'desktop-rtl-dark' },
    { locale: 'en', scheme: 'light', width: 390, height: 844, name: 'phone-ltr-light' },
    { locale: 'en', scheme: 'dark', width: 390, height: 844, name: 'phone-ltr-dark' },
    { locale: 'ar', scheme: 'light', width: 390, height: 844, name: 'phone-rtl-light' },
    { locale: 'ar', scheme: 'dark', width: 390, height: 844, name: 'phone-rtl-dark' },
  ] as const;

  for (const c of cases) {
    test(`${c.name} (${c.locale})`, async ({ browser, request }) => {
      const context = await browser.newContext({
        viewport: { width: c.width, height: c.height },
        colorScheme: c.scheme,
      });
      await signIn(
        context,
        await newOwnerWithProperty(request, { language: c.locale, property: 'Casa do Mar' }),
      );
      const page = await context.newPage();
      await page.goto('/dashboards');
      await shellReady(page);
      await expect(page.locator('html')).toHaveAttribute('dir', c.locale === 'ar' ? 'rtl' : 'ltr');
      await expect(page.locator('html')).toHaveCSS('color-scheme', c.scheme);
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: path.join(screenshots, `dashboard-${c.name}.png`) });
      if (c.width < 600) {
        await page.getByRole('button', { name: label(c.locale, 'shell', 'nav.open') }).click();
        await expect(mainNav(page, c.locale)).toBeInViewport({ ratio: 1 });
        await page.screenshot({ path: path.join(screenshots, `dashboard-${c.name}-menu.png`) });
      }
      await context.close();
    });
  }
});
