import { expect, test, type Page } from '@playwright/test';
import { newOwnerWithProperty, signIn, twoRoomTypes } from '../support/auth';

// Occupancy levels (Configurations) and seasons (Sazonalities) through the UI (issue 5), in
// Portuguese (the default). The property and its room types are created through the API.

const year = new Date().getFullYear() + 1;
const colours = {
  orange: 'rgb(251, 140, 0)', // #fb8c00, "Laranja"
  pink: 'rgb(216, 27, 96)', // #d81b60, "Rosa"
  green: 'rgb(67, 160, 71)', // #43a047, "Verde"
};

/** Types a date (`dd/mm/yyyy` digits) into one of the season form's date fields. */
async function typeDate(page: Page, label: string, digits: string) {
  await page.getByRole('group', { name: label }).getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(digits);
}

interface SeasonInput {
  name: string;
  colour: string;
  first: string;
  last: string;
  type?: 'Percentagem' | 'Valor' | 'Preço fixo';
  value: string;
  priority: string;
}

async function addSeason(page: Page, season: SeasonInput) {
  await page.getByRole('navigation').getByRole('link', { name: 'Adicionar sazonalidade' }).click();
  await expect(
    page.getByRole('heading', { name: 'Adicionar sazonalidade', level: 1 }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome' }).fill(season.name);
  await page.getByRole('radio', { name: season.colour, exact: true }).check();
  await typeDate(page, 'Primeira noite', season.first);
  await typeDate(page, 'Última noite', season.last);
  if (season.type) await page.getByRole('button', { name: season.type }).click();
  await page
    .getByRole('textbox', { name: /Alteração em %|Valor a somar|Preço por noite/ })
    .fill(season.value);
  await page.getByRole('textbox', { name: 'Prioridade' }).fill(season.priority);
  await page.getByRole('button', { name: 'Adicionar sazonalidade' }).click();
  await expect(page).toHaveURL(new RegExp(`/pricing-central/sazonalities\\?year=${year}$`));
  await expect(
    page
      .getByRole('alert')
      .or(page.getByRole('status'))
      .filter({
        hasText: `Sazonalidade “${season.name}” adicionada.`,
      }),
  ).toBeVisible();
}

/** The calendar cell of a night, by the date its name says. */
const night = (page: Page, date: string) =>
  page.getByRole('cell', { name: new RegExp(`\\b${date} de ${year}\\b`) });

test('an owner sets occupancy levels and two seasons, sees them in the calendar, and edits one', async ({
  page,
  request,
}) => {
  // One whole journey through two pages and three forms: longer than the default 30 s.
  test.setTimeout(90_000);
  await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));

  // Occupancy levels: a group from the suggested steps, one threshold fixed after a refusal.
  await page.goto('/pricing-central/configurations');
  await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
  await expect(page.getByText('Ainda não há níveis de ocupação')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar níveis de ocupação' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novos níveis de ocupação' });
  await dialog.getByRole('textbox', { name: 'Nome' }).fill('Procura normal');
  const threshold = dialog.getByRole('textbox', { name: 'Ocupação a partir de, nível 3' });
  await threshold.fill('30');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(threshold).toHaveAccessibleDescription(
    'Cada limiar tem de ser superior ao anterior.',
  );
  await threshold.fill('75');
  // The example column follows the steps: Quarto Duplo at +10 % is 110 €.
  await expect(dialog.getByRole('row').nth(3)).toContainText('110,00');
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toBeHidden();
  const group = page.getByRole('article', { name: 'Procura normal' });
  await expect(group).toBeVisible();
  await expect(group.getByRole('listitem')).toHaveText([
    'A partir de 0%: -10%',
    'A partir de 40%: 0%',
    'A partir de 75%: +10%',
    'A partir de 90%: +25%',
  ]);
  await expect(group.getByRole('img', { name: /Gráfico do ajuste/ })).toBeVisible();

  // Two seasons, the shorter one with the higher priority.
  await addSeason(page, {
    name: 'Verão',
    colour: 'Laranja',
    first: `1506${year}`,
    last: `1509${year}`,
    value: '20',
    priority: '1',
  });
  await addSeason(page, {
    name: 'Festas',
    colour: 'Rosa',
    first: `1006${year}`,
    last: `2006${year}`,
    type: 'Valor',
    value: '15',
    priority: '5',
  });

  // The calendar paints each night in its season's colour, the higher priority on top.
  await expect(page.getByRole('heading', { name: 'Calendário do ano' })).toBeVisible();
  await expect(night(page, '9 de junho')).toHaveAccessibleName(/junho de \d{4}$/);
  await expect(night(page, '12 de junho')).toHaveCSS('background-color', colours.pink);
  await expect(night(page, '18 de junho')).toHaveCSS('background-color', colours.pink);
  await expect(night(page, '18 de junho')).toHaveAccessibleName(/: Festas$/);
  await expect(night(page, '21 de junho')).toHaveCSS('background-color', colours.orange);
  await expect(night(page, '15 de setembro')).toHaveCSS('background-color', colours.orange);
  const legend = page.getByRole('list', { name: 'Sazonalidades deste ano' });
  await expect(legend.getByRole('link')).toHaveText(['Festas', 'Verão']);
  const list = page.getByRole('grid', { name: 'Todas as sazonalidades' });
  await expect(list.getByRole('row', { name: /Verão/ })).toContainText('+20%');
  await expect(list.getByRole('row', { name: /Festas/ })).toContainText(/\+15\s€/);

  // Edit the summer from the calendar: green, and above the festival.
  await night(page, '25 de julho').click();
  await expect(page.getByRole('heading', { name: 'Editar sazonalidade', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Verão');
  await expect(page.getByText(/Quarto Duplo passa de .*100.* para .*120.*\(\+20%\)/)).toBeVisible();
  await page.getByRole('radio', { name: 'Verde', exact: true }).check();
  await page.getByRole('textbox', { name: 'Prioridade' }).fill('10');
  await page.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(page).toHaveURL(new RegExp(`/pricing-central/sazonalities\\?year=${year}$`));
  await expect(night(page, '18 de junho')).toHaveCSS('background-color', colours.green);
  await expect(night(page, '18 de junho')).toHaveAccessibleName(/: Verão$/);
  await expect(night(page, '12 de junho')).toHaveCSS('background-color', colours.pink);
  await expect(list.getByRole('row', { name: /Verão/ })).toContainText('10');

  // What the API holds is what the screen says.
  await page.reload();
  await expect(night(page, '18 de junho')).toHaveCSS('background-color', colours.green);
});

test('leaving a season with unsaved changes asks first', async ({ page, request }) => {
  await signIn(page, await newOwnerWithProperty(request, { roomTypes: twoRoomTypes }));
  await page.goto('/pricing-central/sazonalities/new');
  await page.getByRole('textbox', { name: 'Nome' }).fill('Páscoa');
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Sazonalidades', exact: true })
    .click();
  const ask = page.getByRole('dialog', { name: 'Sair sem guardar?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Continuar a editar' }).click();
  await expect(page).toHaveURL(/\/sazonalities\/new$/);
  await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveValue('Páscoa');

  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Sazonalidades', exact: true })
    .click();
  await page
    .getByRole('dialog', { name: 'Sair sem guardar?' })
    .getByRole('button', { name: 'Sair' })
    .click();
  await expect(page).toHaveURL(/\/pricing-central\/sazonalities$/);
  await expect(page.getByText('Ainda não há sazonalidades')).toBeVisible();
});

test('a season edited meanwhile in another tab is reported, not overwritten', async ({
  page,
  context,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);
  const created = await request.post(
    `/api/v1/businesses/${owner.businessUuid}/tariff-configuration/sazonalities`,
    {
      headers: { Authorization: `Bearer ${owner.accessToken}` },
      data: {
        sazonality: {
          name: 'Verão',
          color: '#fb8c00',
          startDate: `${year}-06-15`,
          endDate: `${year}-09-15`,
          adjustmentType: 'percent',
          value: 20,
        },
      },
    },
  );
  expect(created.status(), await created.text()).toBe(201);
  const { sazonality } = (await created.json()) as { sazonality: { id: string } };

  await page.goto(`/pricing-central/sazonalities/${sazonality.id}`);
  const second = await context.newPage();
  await second.goto(`/pricing-central/sazonalities/${sazonality.id}`);
  await second.getByRole('textbox', { name: 'Alteração em %' }).fill('25');
  await second.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(second).toHaveURL(/\/pricing-central\/sazonalities\?year=/);

  await page.getByRole('textbox', { name: 'Alteração em %' }).fill('30');
  await page.getByRole('button', { name: 'Guardar alterações' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: 'alterada noutro lado' }),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/sazonalities/${sazonality.id}$`));

  const stored = await request.get('/api/v1/businesses', {
    headers: { Authorization: `Bearer ${owner.accessToken}` },
  });
  const { businesses } = (await stored.json()) as {
    businesses: { tariffConfiguration: { sazonalities: { value: number }[] } }[];
  };
  expect(businesses[0]!.tariffConfiguration.sazonalities[0]!.value).toBe(25);
});

test('occupancy levels: a failed update or delete is said in the form and in the snackbar', async ({
  page,
  request,
}) => {
  const owner = await newOwnerWithProperty(request, { roomTypes: twoRoomTypes });
  await signIn(page, owner);
  const headers = { Authorization: `Bearer ${owner.accessToken}` };
  const levels = `/api/v1/businesses/${owner.businessUuid}/tariff-configuration/fluctuation-levels`;
  const created = await request.post(levels, {
    headers,
    data: {
      fluctuationLevel: {
        name: 'Procura normal',
        levels: [
          { occupancyFrom: 0, adjustmentPercent: 0 },
          { occupancyFrom: 80, adjustmentPercent: 20 },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/pricing-central/configurations');
  await page.getByRole('button', { name: 'Editar Procura normal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar “Procura normal”' });
  await dialog.getByRole('textbox', { name: 'Ajuste, nível 2' }).fill('30');

  // Meanwhile the property changes elsewhere: the update is refused, nothing is overwritten.
  const elsewhere = await request.post(
    `/api/v1/businesses/${owner.businessUuid}/tariff-configuration/sazonalities`,
    {
      headers,
      data: {
        sazonality: {
          name: 'Verão',
          color: '#fb8c00',
          startDate: `${year}-06-15`,
          endDate: `${year}-09-15`,
          adjustmentType: 'percent',
          value: 20,
        },
      },
    },
  );
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await dialog.getByRole('button', { name: 'Guardar alterações' }).click();
  const conflict = /alterada noutro lado/;
  await expect(dialog.getByRole('alert').filter({ hasText: conflict })).toBeVisible();
  // Also in the snackbar, outside the dialog (which hides the rest of the page from the
  // accessibility tree while it is open: the message in the dialog is the one read out).
  await expect(page.getByText(conflict)).toHaveCount(2);
  await expect(dialog).toBeVisible();

  // Reload shows what is stored; the group is then deleted elsewhere before we delete it.
  // (The snackbar's Reload, which also closes it; the dialog offers the same.)
  const snackbar = page
    .locator('[role="alert"]:not([role="dialog"] [role="alert"])')
    .filter({ hasText: conflict });
  await snackbar.getByRole('button', { name: 'Recarregar', includeHidden: true }).click();
  await expect(page.getByText(conflict)).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: 'Ajuste, nível 2' })).toHaveValue('20');
  const { businesses } = (await (await request.get('/api/v1/businesses', { headers })).json()) as {
    businesses: { tariffConfiguration: { fluctuationLevels: { uuid: string }[] } }[];
  };
  const groupUuid = businesses[0]!.tariffConfiguration.fluctuationLevels[0]!.uuid;
  expect((await request.delete(`${levels}/${groupUuid}`, { headers })).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await page
    .getByRole('dialog', { name: 'Eliminar “Procura normal”?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  const gone = 'Não encontrámos o que procura.';
  await expect(dialog.getByRole('alert').filter({ hasText: gone })).toBeVisible();
  await expect(page.getByText(gone)).toHaveCount(2);
});
