import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoBaseURL } from '../playwright.config';
import { signIn, type AuthAnswer, type Locale } from '../support/auth';

// Runs against the end-to-end server started with DEMO=true (file name ends in demo.spec.ts): the
// business-intelligence screens of Hotel Atlântico, two years of seeded bookings, as its owner
// sees them in Portuguese and in Arabic. Screenshots land in test-results/screenshots.

const screenshots = 'test-results/screenshots';

/** Hotel Atlântico's owner, signed in through the API. */
async function demoOwner(): Promise<AuthAnswer> {
  const response = await fetch(`${demoBaseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@tarifa.app', password: 'Demo-Tarifa-2025' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as AuthAnswer;
}

async function openAs(browser: Browser, language: Locale): Promise<Page> {
  const owner = await demoOwner();
  const context = await browser.newContext({ baseURL: demoBaseURL });
  await signIn(context, { ...owner, userData: { ...owner.userData, language } });
  return context.newPage();
}

/** A chart card (a region named by its title) whose chart has been drawn from data. */
async function expectChart(page: Page, title: string | RegExp) {
  const card = page.getByRole('region', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img').first()).toBeVisible();
  await expect(card.locator('svg path').first()).toBeAttached();
  return card;
}

test('the dashboard and the BI views show the demo hotel’s figures, in Portuguese', async ({
  browser,
}) => {
  const page = await openAs(browser, 'pt');
  await page.goto('/dashboards');

  // This month so far against last year: real figures, not the "no data" of an empty property.
  const kpis = page.getByRole('region', { name: 'Este mês até hoje' });
  await expect(kpis.getByText(/^\d{1,3}(,\d)?\s?%$/).first()).toBeVisible();
  await expect(kpis.getByText(/\d[\d\s ]*,\d{2}\s€/).first()).toBeVisible();
  await expect(kpis.getByText(/face ao ano passado/).first()).toBeVisible();
  await expectChart(page, 'As próximas 30 noites');
  // The demo's last season waits for approval: its changes are counted and linked.
  const pending = page.getByRole('region', { name: 'Alterações de preço a aprovar' });
  await expect(pending.getByText(/^\d+$/)).toBeVisible();
  await expect(pending.getByRole('link', { name: 'Rever as alterações' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Noites que merecem atenção' }).getByRole('link').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${screenshots}/bi-dashboard-pt.png`, fullPage: true });

  // Heat map, from the menu: a year of nights, by the metric the owner picks.
  await page.getByRole('link', { name: 'Mapa de calor' }).click();
  await expect(page).toHaveURL(/view=heat-map/);
  const year = new Date().getFullYear();
  await expectChart(page, `Ocupação, ${year}`);
  await page.getByRole('combobox', { name: 'Indicador' }).click();
  await page.getByRole('option', { name: 'ADR' }).click();
  await expectChart(page, `ADR, ${year}`);
  await expect(page).toHaveURL(/metric=adr/);
  await page.screenshot({ path: `${screenshots}/bi-heat-map-pt.png`, fullPage: true });

  // The view and its metric are in the address: a reload shows the same.
  await page.reload();
  await expectChart(page, `ADR, ${year}`);

  await page.getByRole('tab', { name: 'Análise de vendas' }).click();
  await expect(page).toHaveURL(/view=sales-analytics/);
  await expectChart(page, 'Por mês, face ao ano passado');
  await expectChart(page, 'Composição das vendas');
  await page.screenshot({ path: `${screenshots}/bi-sales-pt.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Business intelligence' }).click();
  await expectChart(page, 'Ritmo de reservas');
  const forecast = await expectChart(page, 'Previsão');
  // Its accuracy, in words, next to repeating last year.
  await expect(forecast.getByText(/ano passado/)).toBeVisible();
  await page.screenshot({ path: `${screenshots}/bi-intelligence-pt.png`, fullPage: true });

  await page.getByRole('tab', { name: 'Histórico da ocupação' }).click();
  await expectChart(page, 'Ocupação por noite');
  await page.screenshot({ path: `${screenshots}/bi-history-pt.png`, fullPage: true });
});

test('in Arabic the dashboard and the heat map read right to left', async ({ browser }) => {
  const page = await openAs(browser, 'ar');
  await page.goto('/dashboards');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectChart(page, 'الليالي الثلاثون القادمة');
  await page.screenshot({ path: `${screenshots}/bi-dashboard-ar.png`, fullPage: true });

  await page.goto('/pricing-central/bi?view=heat-map');
  await expect(page.getByRole('tab', { name: 'الخريطة الحرارية' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page
      .getByRole('region')
      .filter({ has: page.getByRole('img') })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: `${screenshots}/bi-heat-map-ar.png`, fullPage: true });
});
