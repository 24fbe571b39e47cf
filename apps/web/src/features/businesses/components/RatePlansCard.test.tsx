import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBusiness, TRatePlan } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aPriceCell,
  aRatePlan as aPlan,
  aRoomType,
  anUuid,
  json,
  pricesGrid,
  renderWithBusinesses,
  signInOnPlan,
  setupUser,
} from '@/testing';
import { RatePlansCard } from './RatePlansCard';

const business = aBusiness({
  tariffConfiguration: { roomsTariff: [aRoomType({ name: 'Duplo' })] },
});

let plans: TRatePlan[];
let previewed: string[];
let sent: { method: string; body: unknown }[];
let current: TBusiness;

beforeEach(async () => {
  await changeLanguage('pt');
  signInOnPlan('pro');
  current = business;
  const bar = aPlan();
  plans = [
    bar,
    aPlan({
      name: 'Não reembolsável',
      code: 'NR',
      base: false,
      derivedFrom: bar.uuid,
      adjustment: { type: 'percent', value: -10 },
      cancellationPolicy: 'non_refundable',
    }),
    aPlan({
      name: 'Pequeno-almoço incluído',
      code: 'BBI',
      base: false,
      derivedFrom: bar.uuid,
      board: 'BB',
      boardPricePerGuest: 12,
    }),
  ];
  sent = [];
  previewed = [];
  const url = `/api/v1/businesses/${business.uuid}/rate-plans`;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (address: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (address === url && method === 'GET') return json(200, { ratePlans: plans });
      // The preview's night: the base 100 €, NR 10 % less, breakfast 12 € a guest.
      if (address.startsWith(`/api/v1/businesses/${business.uuid}/prices?`)) {
        const night = new URL(address, 'http://localhost').searchParams.get('from')!;
        previewed.push(address);
        const room = business.tariffConfiguration.roomsTariff[0]!;
        return json(
          200,
          pricesGrid([
            aPriceCell(room, night, {
              rates: [
                { ratePlanCode: 'BAR', guests: 1, price: 100 },
                { ratePlanCode: 'BAR', guests: 2, price: 100 },
                { ratePlanCode: 'BBI', guests: 1, price: 112 },
                { ratePlanCode: 'BBI', guests: 2, price: 124 },
                { ratePlanCode: 'NR', guests: 1, price: 90 },
                { ratePlanCode: 'NR', guests: 2, price: 90 },
              ],
            }),
          ]),
        );
      }
      if (address === url && method === 'POST') {
        const body = JSON.parse(init.body as string) as { ratePlan: TRatePlan };
        sent.push({ method, body });
        if (body.ratePlan.code === 'NR') {
          return json(400, {
            error: {
              code: 'validation_failed',
              message: 'The request has invalid fields',
              details: [
                {
                  path: 'ratePlan.code',
                  code: 'code_taken_rate_plan',
                  message: 'Another rate plan already uses this code',
                },
              ],
            },
          });
        }
        const created = aPlan({ ...body.ratePlan, uuid: anUuid(), base: false });
        plans = [...plans, created];
        current = { ...current, version: current.version + 1 };
        return json(201, { ratePlan: created, business: current });
      }
      if (address.startsWith(`${url}/`) && method === 'DELETE') {
        sent.push({ method, body: address });
        plans = plans.filter((plan) => !address.includes(plan.uuid));
        current = { ...current, version: current.version + 1 };
        return json(200, { business: current });
      }
      return json(404, { error: { code: 'not_found', message: 'No' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = () => renderWithBusinesses(<RatePlansCard business={business} />, [business]);

describe('the rate plans card', { timeout: 30_000 }, () => {
  it('lists the base plan and how each other plan follows it, in words', async () => {
    render();
    const list = await screen.findByRole('list', { name: 'Planos tarifários' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Melhor tarifa disponível (BAR)');
    expect(items[0]).toHaveTextContent('Base');
    expect(items[0]).toHaveTextContent('O preço recomendado · Só alojamento · Flexível');
    expect(items[1]).toHaveTextContent('-10% sobre BAR · Só alojamento · Não reembolsável');
    expect(items[2]).toHaveTextContent(
      'Mesmo preço que BAR · Alojamento e pequeno-almoço, 12,00 € por hóspede · Flexível',
    );
    // The base plan is never deleted: only the other has a delete button.
    expect(screen.queryByRole('button', { name: 'Eliminar Melhor tarifa disponível' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Eliminar Não reembolsável' })).toBeEnabled();
  });

  it('adds a bed and breakfast plan, sending what was typed as the contract says', async () => {
    const user = setupUser();
    render();
    await user.click(await screen.findByRole('button', { name: 'Adicionar plano tarifário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo plano tarifário' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Pequeno-almoço');
    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'bb');
    const adjustment = within(dialog).getByRole('textbox', { name: 'Ajuste' });
    await user.clear(adjustment);
    await user.type(adjustment, '0');
    await user.click(within(dialog).getByRole('combobox', { name: 'Regime' }));
    await user.click(await screen.findByRole('option', { name: 'Alojamento e pequeno-almoço' }));
    const perGuest = within(dialog).getByRole('textbox', { name: 'Preço do regime por hóspede' });
    await user.clear(perGuest);
    await user.type(perGuest, '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar plano tarifário' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[0]!.body).toMatchObject({
      version: business.version,
      ratePlan: {
        name: 'Pequeno-almoço',
        code: 'BB',
        derivedFrom: plans[0]!.uuid,
        adjustment: { type: 'percent', value: 0 },
        board: 'BB',
        boardPricePerGuest: 12.5,
        roomUuids: [],
        minPrice: null,
        active: true,
      },
    });
    const list = screen.getByRole('list', { name: 'Planos tarifários' });
    await waitFor(() => expect(list).toHaveTextContent('Pequeno-almoço (BB)'));
  });

  it('shows the server’s refusal on the field it names, and keeps the dialog open', async () => {
    const user = setupUser();
    render();
    await user.click(await screen.findByRole('button', { name: 'Adicionar plano tarifário' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Outro');
    await user.type(within(dialog).getByRole('textbox', { name: 'Código' }), 'NR');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar plano tarifário' }));
    const code = within(dialog).getByRole('textbox', { name: 'Código' });
    await waitFor(() => expect(code).toHaveAccessibleDescription(/Outro plano tarifário já usa/));
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('deletes a plan after asking, naming it', async () => {
    const user = setupUser();
    render();
    await user.click(await screen.findByRole('button', { name: 'Eliminar Não reembolsável' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar «Não reembolsável»?' });
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar plano tarifário' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', body: expect.stringContaining('version=') }]);
    const list = screen.getByRole('list', { name: 'Planos tarifários' });
    await waitFor(() => expect(list).not.toHaveTextContent('Não reembolsável'));
  });

  it('on Starter, at its limit of 2 plans, offers no other', async () => {
    signInOnPlan('starter');
    render();
    await screen.findByRole('list', { name: 'Planos tarifários' });
    expect(screen.getByRole('button', { name: 'Adicionar plano tarifário' })).toBeDisabled();
  });

  it('previews what each plan sells for on a night, for each number of guests', async () => {
    const user = setupUser();
    render();
    const table = await screen.findByRole('table', { name: /^Duplo, / });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        [...row.querySelectorAll('th, td')].map((c) => c.textContent?.replace(/\u00a0/g, ' ')),
      );
    expect(rows).toEqual([
      ['Plano tarifário', '1 hóspede', '2 hóspedes'],
      ['Melhor tarifa disponível (BAR)', '100,00 €', '100,00 €'],
      ['Não reembolsável (NR)', '90,00 €', '90,00 €'],
      ['Pequeno-almoço incluído (BBI)', '112,00 €', '124,00 €'],
    ]);
    // Another night asks for it.
    const night = screen.getByLabelText('Noite');
    await user.clear(night);
    await user.type(night, '2026-12-24');
    await waitFor(() =>
      expect(previewed.at(-1)).toContain('from=2026-12-24&to=2026-12-24&rates=all&shape=grid'),
    );
  });
});
