import { expect, test, type Browser, type Page } from '@playwright/test';
import { demoBaseURL } from '../playwright.config';
import { seriousViolations } from '../support/a11y';
import { signIn, type AuthAnswer, type Locale } from '../support/auth';
import { changesMatching } from '../support/price-changes';
import { label, mainNav, shellReady } from '../support/shell';

// Runs against the end-to-end server started with DEMO=true (file name ends in demo.spec.ts):
// Hotel Atlântico's owner finds the autopilot under Pricing Central, asks it for suggested
// settings from the hotel's year of bookings, reads what would change and the expected effect
// (also in Arabic, light and dark), applies it, and finds the prices it moved waiting in the
// price-change log. Screenshots land in test-results/screenshots.

const screenshots = 'test-results/screenshots';

/** Hotel Atlântico's owner, signed in through the API, with their business. */
async function demoOwner() {
  const response = await fetch(`${demoBaseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@tarifa.app', password: 'Demo-Tarifa-2025' }),
  });
  expect(response.status).toBe(200);
  const session = (await response.json()) as AuthAnswer;
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const list = await fetch(`${demoBaseURL}/api/v1/businesses`, { headers });
  const [business] = ((await list.json()) as { businesses: { uuid: string }[] }).businesses;
  return { session, headers, businessUuid: business!.uuid };
}

async function openAs(browser: Browser, session: AuthAnswer, language: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: demoBaseURL });
  await signIn(context, { ...session, userData: { ...session.userData, language } });
  return context.newPage();
}

/** The page, full length, in the browser's light scheme and then its dark one. */
async function shoot(page: Page, name: string) {
  // From the top: a page that just grew shorter (the changes gone once applied) stays scrolled.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${screenshots}/${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: null });
}

test('the demo owner asks the autopilot, reads its suggestion, applies it and finds the prices in the log', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await demoOwner();
  const page = await openAs(browser, owner.session, 'pt');
  await page.goto('/pricing-central');
  await shellReady(page);

  // Under Pricing Central, beside the other price settings.
  const menu = mainNav(page);
  const group = menu.getByRole('button', {
    name: new RegExp(label('pt', 'nav', 'pricingCentral')),
  });
  if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
  await menu.getByRole('link', { name: 'Piloto automático', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing-central\/autopilot$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Piloto automático' })).toBeVisible();
  await expect(page.getByText(/Aprende com as reservas do último ano/)).toBeVisible();

  // Asked: the page follows the computation until the suggestion is ready.
  await page.getByRole('button', { name: 'Sugerir definições' }).click();
  const uplift = page.getByTestId('uplift');
  await expect(uplift).toBeVisible({ timeout: 60_000 });
  await expect(uplift).toHaveText(/de receita \(entre .+ e .+\)/);
  await expect(page.getByText(/^Confiança: (alta|média|baixa)$/)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Procura e reação ao preço por sazonalidade' }),
  ).toBeVisible();
  const rooms = page.getByRole('list', { name: 'Preços base e limites' });
  await expect(rooms).toContainText('Duplo Standard');
  await expect(rooms).toContainText(/Base: [\d\s,.]+\s€ → [\d\s,.]+\s€/);
  await expect(page.getByText(/^Noites que mudam: [\d\s]+ · média/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'autopilot-ready-pt');

  // The same suggestion in Arabic, right to left.
  const arabic = await openAs(browser, owner.session, 'ar');
  await arabic.goto('/pricing-central/autopilot');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('heading', { level: 1, name: 'الطيار الآلي' })).toBeVisible();
  await expect(arabic.getByTestId('uplift')).toContainText('في الإيرادات');
  await arabic.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(arabic)).toEqual([]);
  await shoot(arabic, 'autopilot-ready-ar');
  await arabic.context().close();

  // Applied after a confirmation: the prices it moves now wait for the owner.
  const waitingBefore = await changesMatching(request, owner, 'stage=waiting');
  await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Aplicar as definições sugeridas?' });
  await expect(dialog).toContainText('nada é publicado sem ela');
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();
  const applied = page.getByTestId('applied');
  await expect(applied).toContainText(/Aplicada a .+ por /);
  await expect(applied).toBeFocused();
  await shoot(page, 'autopilot-applied-pt');
  await expect
    .poll(() => changesMatching(request, owner, 'stage=waiting'), { timeout: 60_000 })
    .toBeGreaterThan(waitingBefore);

  await applied.getByRole('link', { name: 'Ver as alterações de preço' }).click();
  await expect(page).toHaveURL(/\/pricing-central\/price-changes/);
  const table = page.getByRole('grid', { name: 'Alterações de preço' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table).toContainText(/Duplo Standard|Twin Standard|Suite Atlântico/);
  await page.screenshot({ path: `${screenshots}/autopilot-price-changes-pt.png`, fullPage: true });

  // The BI view tells the expected effect of what was applied, with its uncertainty.
  await page.goto('/pricing-central/bi');
  const card = page.getByTestId('autopilot-card');
  await expect(card).toContainText(
    /Definições sugeridas aplicadas: esperado .+ de receita \(entre/,
  );
  await expect(card.getByRole('link', { name: 'Abrir o piloto automático' })).toBeVisible();
  await card.screenshot({ path: `${screenshots}/autopilot-bi-card-pt.png` });
});

test('the demo owner lets the autopilot apply on its own every Monday, within a limit, and switches it off', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await demoOwner();
  const page = await openAs(browser, owner.session, 'pt');
  await page.goto('/pricing-central/autopilot');
  await shellReady(page);
  const card = page.getByRole('region', { name: 'Aplicar automaticamente' });
  await expect(card).toContainText('Todas as segundas-feiras');
  const toggle = card.getByRole('switch', { name: 'Aplicar as sugestões automaticamente' });
  await expect(toggle).not.toBeChecked();
  const save = card.getByRole('button', { name: 'Guardar regras' });
  await expect(save).toBeDisabled();

  // A limit out of range is named and nothing is saved.
  await toggle.check();
  const limit = card.getByRole('textbox', { name: /^Maior mudança do preço de uma noite/ });
  await limit.fill('80');
  await save.click();
  await expect(card).toContainText('tem de ser um número inteiro de 1 a 50 %');
  await expect(limit).toHaveAttribute('aria-invalid', 'true');

  await limit.fill('20');
  await card.getByRole('combobox', { name: 'Só quando estiver seguro' }).click();
  await page.getByRole('option', { name: 'Com confiança média ou alta' }).click();
  await save.click();
  await expect(page.getByText('As regras foram guardadas.')).toBeVisible();
  const status = card.getByTestId('auto-status');
  await expect(status).toContainText(/Próxima execução: segunda-feira, \d+ de \S+ de \d{4}/);
  await expect(status).toContainText(/Guardadas por .+ a /);
  expect(await seriousViolations(page)).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await card.screenshot({ path: `${screenshots}/autopilot-auto-pt-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: null });

  // Kept as saved, read by the API the same way.
  await page.reload();
  await expect(toggle).toBeChecked();
  await expect(limit).toHaveValue('20');
  const saved = await fetch(
    `${demoBaseURL}/api/v1/businesses/${owner.businessUuid}/autopilot/policy`,
    { headers: owner.headers },
  );
  const policy = (await saved.json()) as {
    autoApply: boolean;
    maxMovePercent: number;
    minConfidence: string;
    nextRunAt: string;
  };
  expect(policy).toMatchObject({ autoApply: true, maxMovePercent: 20, minConfidence: 'medium' });
  expect(new Date(policy.nextRunAt).getTime()).toBeGreaterThan(Date.now());

  // In Arabic, right to left.
  const arabic = await openAs(browser, owner.session, 'ar');
  await arabic.goto('/pricing-central/autopilot');
  await expect(arabic.locator('html')).toHaveAttribute('dir', 'rtl');
  const arabicCard = arabic.getByTestId('auto-apply');
  await expect(arabicCard.getByRole('switch')).toBeChecked();
  await arabicCard.scrollIntoViewIfNeeded();
  await arabicCard.screenshot({ path: `${screenshots}/autopilot-auto-ar.png` });
  await arabic.context().close();

  // Switched off again: no next run.
  await toggle.uncheck();
  await save.click();
  await expect(status).not.toContainText('Próxima execução');
  await expect(toggle).not.toBeChecked();
});
