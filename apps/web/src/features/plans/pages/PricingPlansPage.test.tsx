import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { plans } from '@tarifa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/auth/session';
import { changeLanguage } from '@/lib/i18n';
import { json, renderWithBusinesses, signInOnPlan } from '@/testing';
import PricingPlansPage from './PricingPlansPage';

/** The API: the plans, and `PUT /subscription` answering `choose` (the body it got is kept). */
function fakePlansApi(choose: (body: { plan: string; interval: string }) => Response) {
  const mock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (path === '/api/v1/plans') return json(200, { plans });
    if (path === '/api/v1/subscription' && init?.method === 'PUT') {
      return choose(JSON.parse(init.body as string) as { plan: string; interval: string });
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const card = (name: string) => screen.getByRole('region', { name });

beforeEach(async () => {
  await changeLanguage('pt');
  signInOnPlan('starter');
});
afterEach(() => vi.unstubAllGlobals());

describe('the pricing page', { timeout: 30_000 }, () => {
  it('marks the current plan and prices Pro yearly per month, per year and its saving', async () => {
    fakePlansApi(() => json(500, {}));
    renderWithBusinesses(<PricingPlansPage />, [], '/pages/pricing');
    const starter = await screen.findByRole('region', { name: 'Essencial' });
    expect(within(starter).getByText('O seu plano')).toBeVisible();
    expect(within(starter).getByRole('button', { name: 'O seu plano atual' })).toBeDisabled();
    expect(within(card('Pro')).getByText(/^29\s€$/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Anual' }));
    // €290 a year is €24.17 a month; twelve months at €29 would be €348, so €58 is saved.
    expect(within(card('Pro')).getByText(/^24,17\s€$/)).toBeVisible();
    expect(within(card('Pro')).getByText(/290\s€ faturados por ano/)).toBeVisible();
    expect(within(card('Pro')).getByText(/Poupa 58\s€ por ano/)).toBeVisible();
  });

  it('confirms the choice, records it, and the plan changes everywhere', async () => {
    const api = fakePlansApi((body) =>
      json(200, {
        subscription: { plan: body.plan, interval: body.interval, since: '2026-06-15T10:00:00Z' },
      }),
    );
    renderWithBusinesses(<PricingPlansPage />, [], '/pages/pricing');
    await screen.findByRole('region', { name: 'Pro' });
    await userEvent.click(screen.getByRole('button', { name: 'Anual' }));
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Escolher Pro' }));

    const dialog = screen.getByRole('dialog', { name: 'Mudar para Pro?' });
    expect(dialog).toHaveTextContent(/290\s€ por ano/);
    expect(dialog).toHaveTextContent('Hoje não é cobrado nenhum pagamento.');
    expect(dialog).toHaveTextContent(/Passa a ter: .*Mapa de calor/);
    expect(api).not.toHaveBeenCalledWith('/api/v1/subscription', expect.anything());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Mudar para Pro' }));
    expect(await screen.findByText('Está agora no plano Pro.')).toBeVisible();
    const put = api.mock.calls.find(([url]) => url === '/api/v1/subscription')!;
    expect(JSON.parse(put[1]!.body as string)).toEqual({ plan: 'pro', interval: 'yearly' });
    expect(getSession().userData?.plan).toBe('pro');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Pro')).getByRole('button', { name: 'O seu plano atual' })).toBeDisabled();
  });

  it('says which limit refuses the change and keeps the plan', async () => {
    signInOnPlan('business');
    fakePlansApi(() =>
      json(403, {
        error: {
          code: 'plan_required',
          message: 'Your plan allows at most 1 properties',
          details: [
            {
              path: 'plan',
              code: 'plan_limit',
              params: { limit: 'properties', max: 1, plan: 'starter' },
              message: 'The starter plan allows at most 1 properties',
            },
          ],
        },
      }),
    );
    renderWithBusinesses(<PricingPlansPage />, [], '/pages/pricing');
    await screen.findByRole('region', { name: 'Essencial' });
    await userEvent.click(screen.getByRole('button', { name: 'Escolher Essencial' }));
    const dialog = screen.getByRole('dialog', { name: 'Mudar para Essencial?' });
    expect(dialog).toHaveTextContent(/Deixa de ter: .*Tokens de integração/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mudar para Essencial' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O seu plano Essencial permite 1 propriedade.',
    );
    expect(getSession().userData?.plan).toBe('business');
  });
});
