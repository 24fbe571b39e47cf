import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBudgetsResponse, TBudgetYearBody, TBusiness } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, fill, json, renderWithBusinesses, setupUser } from '@/testing';
import BudgetsPage from './BudgetsPage';

const business = aBusiness({ version: 7, currency: 'EUR', timezone: 'Europe/Lisbon' });
const year = new Date().getUTCFullYear();
const base = `/api/v1/businesses/${business.uuid}/budgets`;

let saved: TBudgetsResponse;
let putAnswer: (body: TBudgetYearBody) => Response;
let importAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

const calls = (method: string, path: string) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([url, init]) => url.startsWith(path) && (init?.method ?? 'GET') === method,
  );

beforeEach(async () => {
  await changeLanguage('pt');
  saved = { currency: 'EUR', from: `${year}-01`, to: `${year}-12`, months: [] };
  putAnswer = (body) => {
    saved = { ...saved, months: body.months };
    const after: TBusiness = { ...business, version: body.version + 1 };
    return json(200, { business: after, budget: saved });
  };
  importAnswer = () => json(500, { error: { code: 'internal', message: 'No' } });
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url.startsWith(`${base}?`) && method === 'GET') return json(200, saved);
    if (url === `${base}/${year}` && method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)) as TBudgetYearBody);
    }
    if (url.startsWith(`${base}/import`) && method === 'POST') return importAnswer();
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithBusinesses(<BudgetsPage />, [business], `/pricing-central/budgets?year=${year}`);
const nights = (month: string) =>
  screen.getByRole('textbox', { name: `Noites vendidas, ${month} ${year}` });
const revenue = (month: string) =>
  screen.getByRole('textbox', { name: `Receita de quartos, ${month} ${year}` });
const saveButton = () => screen.getByRole('button', { name: 'Guardar o orçamento' });

describe('the budget page', { timeout: 30_000 }, () => {
  it('invites to type a budget, checks each month before sending, and saves the year with the version read', async () => {
    const user = setupUser();
    renderPage();
    expect(await screen.findByTestId('budget-empty')).toHaveTextContent(
      `Ainda não há orçamento para ${year}`,
    );
    expect(saveButton()).toBeDisabled();

    await fill(user, nights('março'), '200');
    await fill(user, revenue('março'), '20 000,50');
    // April half typed: its revenue is missing; May's revenue has three decimals.
    await fill(user, nights('abril'), '210');
    await fill(user, revenue('maio'), '100,555');
    await user.click(saveButton());
    expect(await screen.findAllByText('Preencha este campo.')).toHaveLength(2);
    expect(revenue('abril')).toHaveAttribute('aria-invalid', 'true');
    expect(nights('maio')).toHaveAttribute('aria-invalid', 'true');
    expect(revenue('maio')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('PUT', base)).toHaveLength(0);

    await fill(user, revenue('abril'), '23100');
    await user.clear(revenue('maio'));
    expect(screen.getByTestId('total-nights')).toHaveTextContent('410');
    await user.click(saveButton());
    await waitFor(() => expect(calls('PUT', base)).toHaveLength(1));
    expect(JSON.parse(String(calls('PUT', base)[0]![1]!.body))).toEqual({
      version: 7,
      months: [
        { month: `${year}-03`, roomNights: 200, revenue: 20000.5 },
        { month: `${year}-04`, roomNights: 210, revenue: 23100 },
      ],
    });
    expect(await screen.findByText('Orçamento guardado.')).toBeInTheDocument();
  });

  it('says when the property changed meanwhile, with Reload, and puts the server’s details on their months', async () => {
    const user = setupUser();
    putAnswer = () =>
      json(409, { error: { code: 'version_conflict', message: 'Changed', details: [] } });
    renderPage();
    await fill(
      user,
      await screen.findByRole('textbox', { name: `Noites vendidas, junho ${year}` }),
      '5',
    );
    await fill(user, revenue('junho'), '500');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Recarregar' })).toBeInTheDocument();

    // The server names the first month sent (index 0): it lands on June's field.
    putAnswer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Bad',
          details: [
            {
              path: 'months.0.month',
              code: 'date_out_of_range',
              params: { minimum: '2021-01', maximum: '2031-12' },
            },
          ],
        },
      });
    await user.click(saveButton());
    expect(
      await screen.findByText('Escolha uma data entre 2021-01 e 2031-12.'),
    ).toBeInTheDocument();
  });

  it('uploads a CSV and lists each refused line and column in the language', async () => {
    const user = setupUser();
    importAnswer = () =>
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Bad lines',
          details: [
            {
              path: 'file.3.room_nights',
              code: 'too_small',
              params: { minimum: 0, line: 3, column: 'room_nights' },
            },
            {
              path: 'file.4.month',
              code: 'invalid_format_month',
              params: { line: 4, column: 'month' },
            },
          ],
        },
      });
    renderPage();
    await screen.findByTestId('budget-empty');
    const file = new File(['month,room_nights,revenue\n'], 'budget.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('budget-file'), file);

    const rejected = await screen.findByTestId('budget-rejected');
    expect(rejected).toHaveTextContent('Nada foi guardado');
    const items = within(rejected)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Linha 3, noites vendidas: Indique um valor igual ou superior a 0.',
      'Linha 4, mês: Escreva o mês como AAAA-MM, por exemplo 2026-05.',
    ]);
    const [url, init] = calls('POST', `${base}/import`)[0]!;
    expect(url).toBe(`${base}/import?version=7`);
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);

    // A good file: the months saved, said in a sentence.
    importAnswer = () =>
      json(200, {
        business: { ...business, version: 8 },
        months: [{ month: `${year}-05`, roomNights: 250, revenue: 26000 }],
      });
    await user.upload(screen.getByTestId('budget-file'), file);
    expect(await screen.findByText('Orçamento de 1 mês carregado.')).toBeInTheDocument();
    expect(screen.queryByTestId('budget-rejected')).not.toBeInTheDocument();
  });
});
