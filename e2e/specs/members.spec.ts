import { expect, test, type APIRequestContext } from '@playwright/test';
import { emailsTo, newAccount, newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';
import { night } from '../support/calendar';
import { addSeason, changesMatching } from '../support/price-changes';

// A property's team, in Portuguese: the owner invites a revenue manager from the Team page; the
// invitation's e-mail (read from the development outbox, as the test server sends none) opens,
// signed out, the page that says what it invites to; the newcomer creates an account from it,
// accepts, approves the waiting price changes, and finds the integrations outside the role. The
// owner's history names them.

const screenshots = 'test-results/screenshots';

/** The link of the newest invitation e-mailed to `email`, from the outbox (as admin). */
async function invitationLinkFor(request: APIRequestContext, email: string) {
  const text = (await emailsTo(request, email)).find((e) => e.kind === 'invitation')?.text ?? '';
  const link = /https?:\/\/\S+\/invitations\/accept\?token=\S+/.exec(text)?.[0];
  return link ? new URL(link) : undefined;
}

test('the owner invites a revenue manager, who signs up from the link, approves the changes and stays out of the integrations', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
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
    name: 'Feira do Livro',
    from: night(10),
    to: night(14),
    percent: 20,
  });
  await expect.poll(() => total('status=pending'), { timeout: 30_000 }).toBe(10);

  // The owner invites from the property's menu → Team.
  const ines = { ...newAccount('revenue'), name: 'Inês Receita' };
  await signIn(page, owner);
  await page.goto('/my-property/menu');
  await page.getByRole('link', { name: /Equipa/ }).click();
  await expect(page.getByRole('heading', { name: 'Equipa', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Convidar alguém' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar para a equipa' });
  await dialog.getByRole('textbox', { name: 'Endereço de email' }).fill(ines.email);
  await dialog.getByRole('radio', { name: /Gestor de receita/ }).check();
  await dialog.getByRole('button', { name: 'Enviar o convite' }).click();
  await expect(page.getByText(`Convite enviado para ${ines.email}.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Convites pendentes' })).toContainText(ines.email);
  await page.screenshot({ path: `${screenshots}/members-team-pt.png`, fullPage: true });

  // The e-mailed link, in another browser: signed out, it says what it invites to.
  const link = await invitationLinkFor(request, ines.email);
  expect(link, 'an invitation e-mailed').toBeDefined();
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${link!.pathname}${link!.search}`);
  await expect(other.getByRole('heading', { name: 'Juntar-se a Quinta do Mar' })).toBeVisible();
  await expect(other.getByText('como Gestor de receita')).toBeVisible();
  await other.getByRole('link', { name: 'Criar a sua conta para aceitar' }).click();
  await expect(other.getByRole('textbox', { name: 'Email' })).toHaveValue(ines.email);
  await other.getByRole('textbox', { name: 'O seu nome' }).fill(ines.name);
  await other.getByLabel('Palavra-passe', { exact: true }).fill(ines.password);
  await other.getByRole('button', { name: 'Criar conta' }).click();
  // Back on the invitation, signed in: one click joins.
  await other.getByRole('button', { name: 'Aceitar e abrir Quinta do Mar' }).click();
  await expect(other.getByText('Bem-vindo à equipa de Quinta do Mar.')).toBeVisible();
  await expect(other).toHaveURL(/\/dashboards/);

  // As the revenue manager: the waiting changes, approved.
  await other.goto('/pricing-central/price-changes');
  const table = other.getByTestId('price-changes-table');
  await expect(table.getByRole('row').filter({ hasText: 'Feira do Livro' })).toHaveCount(10);
  await other.getByTestId('approve-matching').click();
  await other.getByRole('dialog').getByRole('button', { name: 'Aprovar todas (10)' }).click();
  await expect(other.getByText('Alterações de preço aprovadas: 10')).toBeVisible();
  expect(await total('status=pending')).toBe(0);

  // The integrations are not part of the role: not in the menu, and the page says so.
  await expect(other.getByRole('link', { name: 'Ligações' })).toHaveCount(0);
  await other.goto('/my-property/integrations');
  await expect(other.getByRole('heading', { name: 'Fora da sua função' })).toBeVisible();
  await other.screenshot({ path: `${screenshots}/members-not-allowed-pt.png` });
  await context.close();

  // The owner's history names who approved them.
  await page.goto('/my-property/audit');
  const approval = page.getByRole('row').filter({ hasText: 'Inês Receita' }).first();
  await expect(approval).toBeVisible();
  const trail = await request.get(`${api}/audit?entity=price_change`, { headers: owner.headers });
  const { events } = (await trail.json()) as {
    events: { action: string; actor: { name: string } | null }[];
  };
  expect(events[0]).toMatchObject({ action: 'approve', actor: { name: 'Inês Receita' } });
});
