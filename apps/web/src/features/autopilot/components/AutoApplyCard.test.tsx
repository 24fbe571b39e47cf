import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAutopilotPolicy, TAutopilotPolicyBody } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  anAutopilotPolicy,
  fill,
  json,
  renderWithBusinesses,
  signInOnPlan,
  setupUser,
} from '@/testing';
import { AutoApplyCard } from './AutoApplyCard';

const business = aBusiness();
const policyUrl = `/api/v1/businesses/${business.uuid}/autopilot/policy`;
const ana = { uuid: business.ownerUuid, name: 'Ana Hoteleira' };

/** Saved on: on, 12 %, medium or high; next run Monday 29 June 2026 at 00:00 in Lisbon. */
const saved = anAutopilotPolicy({
  autoApply: true,
  maxMovePercent: 12,
  minConfidence: 'medium',
  version: 3,
  updatedAt: '2026-02-20T12:05:00.000Z',
  updatedBy: ana,
  nextRunAt: '2026-06-28T23:00:00.000Z',
});

/** What the API answers: the policy on GET; `putAnswer` to each PUT (the saved policy by default). */
let policy: TAutopilotPolicy;
let putAnswer: (body: TAutopilotPolicyBody) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

const puts = () =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][])
    .filter(([url, init]) => url === policyUrl && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init!.body)) as TAutopilotPolicyBody);

beforeEach(async () => {
  await changeLanguage('pt');
  policy = saved;
  putAnswer = (body) => {
    policy = {
      ...body,
      version: body.version + 1,
      updatedAt: '2026-03-01T09:30:00.000Z',
      updatedBy: ana,
      nextRunAt: body.autoApply ? saved.nextRunAt : null,
    } as TAutopilotPolicy;
    return json(200, policy);
  };
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (url === policyUrl && (init.method ?? 'GET') === 'GET') return json(200, policy);
    if (url === policyUrl && init.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)) as TAutopilotPolicyBody);
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCard(canConfigure = true) {
  return renderWithBusinesses(
    <AutoApplyCard business={business} canConfigure={canConfigure} />,
    [business],
    '/pricing-central/autopilot',
  );
}

const percentField = () =>
  screen.getByRole('textbox', { name: /Maior mudança do preço de uma noite/ });
const onSwitch = () => screen.getByRole('switch', { name: 'Aplicar as sugestões automaticamente' });
const saveButton = () => screen.getByRole('button', { name: 'Guardar regras' });

describe('the auto-apply card', { timeout: 30_000 }, () => {
  it('shows the rules as saved, when it runs next (that Monday where the property is) and who saved them', async () => {
    signInOnPlan('pro');
    renderCard();
    expect(await screen.findByRole('switch')).toBeChecked();
    const card = screen.getByRole('region', { name: 'Aplicar automaticamente' });
    expect(card).toHaveTextContent('Todas as segundas-feiras, o piloto automático');
    expect(percentField()).toHaveValue('12');
    expect(screen.getByRole('combobox', { name: 'Só quando estiver seguro' })).toHaveTextContent(
      'Com confiança média ou alta',
    );
    // 23:00 UTC on Sunday is Monday's midnight in Lisbon's summer time.
    expect(screen.getByTestId('auto-status')).toHaveTextContent(
      'Próxima execução: segunda-feira, 29 de junho de 2026',
    );
    expect(screen.getByTestId('auto-status')).toHaveTextContent(
      'Guardadas por Ana Hoteleira a 20/02/2026',
    );
    // Nothing changed yet: nothing to save.
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByTestId('auto-plan')).not.toBeInTheDocument();
  });

  it('saves what was changed with the version it read, and shows the rules as saved', async () => {
    signInOnPlan('pro');
    const user = setupUser();
    renderCard();
    await screen.findByRole('switch');
    await user.clear(percentField());
    await fill(user, percentField(), '20');
    await user.click(screen.getByRole('combobox', { name: 'Só quando estiver seguro' }));
    await user.click(await screen.findByRole('option', { name: 'Só com confiança alta' }));
    await user.click(saveButton());

    expect(await screen.findByText('As regras foram guardadas.')).toBeInTheDocument();
    expect(puts()).toEqual([
      { autoApply: true, maxMovePercent: 20, minConfidence: 'high', version: 3 },
    ]);
    expect(screen.getByTestId('auto-status')).toHaveTextContent(
      'Guardadas por Ana Hoteleira a 01/03/2026',
    );
    expect(percentField()).toHaveValue('20');
    expect(saveButton()).toBeDisabled();
  });

  it('says which field is wrong when the largest move is out of range, and sends nothing', async () => {
    signInOnPlan('pro');
    const user = setupUser();
    renderCard();
    await screen.findByRole('switch');
    await user.clear(percentField());
    await fill(user, percentField(), '80');
    await user.click(saveButton());

    expect(
      await screen.findByText(
        'A maior mudança do preço de uma noite tem de ser um número inteiro de 1 a 50 %.',
      ),
    ).toBeInTheDocument();
    expect(percentField()).toHaveAttribute('aria-invalid', 'true');
    expect(percentField()).toHaveFocus();
    expect(puts()).toEqual([]);
  });

  it('says someone else changed the rules when saving meets a newer version, and shows theirs', async () => {
    signInOnPlan('pro');
    const user = setupUser();
    putAnswer = () => {
      // Rui saved meanwhile: the card reads the rules again.
      policy = { ...saved, maxMovePercent: 25, version: 4, updatedBy: { ...ana, name: 'Rui' } };
      return json(409, {
        error: {
          code: 'conflict',
          message: 'Changed',
          details: [{ path: 'version', code: 'version_conflict', message: 'Changed' }],
        },
      });
    };
    renderCard();
    await screen.findByRole('switch');
    await user.click(onSwitch());
    await user.click(saveButton());

    expect(await screen.findByTestId('auto-conflict')).toHaveTextContent(
      'Outra pessoa alterou estas regras entretanto.',
    );
    await waitFor(() => expect(percentField()).toHaveValue('25'));
    expect(onSwitch()).toBeChecked();
    expect(screen.getByTestId('auto-status')).toHaveTextContent('Guardadas por Rui');
    expect(puts()).toHaveLength(1);
  });

  it('on a plan without it, says it is a Pro feature with the way to the plans, and cannot be switched on', async () => {
    signInOnPlan('starter');
    policy = anAutopilotPolicy();
    const { router } = renderCard();
    expect(await screen.findByRole('switch')).not.toBeChecked();
    expect(onSwitch()).toBeDisabled();
    const plan = screen.getByTestId('auto-plan');
    expect(plan).toHaveTextContent(
      'O seu plano Essencial: aplica cada sugestão por si. A aplicação automática vem com o plano Pro.',
    );
    expect(within(plan).getByText('Pro')).toBeInTheDocument();
    // The other rules can still be saved while it is off.
    expect(percentField()).toBeEnabled();
    await userEvent.click(within(plan).getByRole('link', { name: 'Ver planos' }));
    expect(router.state.location.pathname).toBe('/pages/pricing');
  });

  it('shows the server refusing auto-apply for the plan as a Pro feature', async () => {
    // The plan was lowered elsewhere: the session still says Pro, the server says no.
    signInOnPlan('pro');
    const user = setupUser();
    policy = anAutopilotPolicy();
    putAnswer = () =>
      json(403, {
        error: {
          code: 'plan_required',
          message: 'Plan',
          details: [
            {
              path: 'autoApply',
              code: 'plan_required',
              message: 'Plan',
              params: { feature: 'autopilotAuto', plan: 'pro' },
            },
          ],
        },
      });
    renderCard();
    await user.click(await screen.findByRole('switch'));
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Piloto automático que aplica as sugestões sozinho precisa do plano Pro.',
    );
    expect(within(alert).getByRole('link', { name: 'Ver planos' })).toHaveAttribute(
      'href',
      '/pages/pricing',
    );
  });

  it('is read-only, saying why, for whoever may not change the price settings', async () => {
    signInOnPlan('pro');
    renderCard(false);
    expect(await screen.findByRole('switch')).toBeDisabled();
    expect(percentField()).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveAccessibleDescription(
      'Só quem pode alterar as definições de preço desta propriedade pode alterar estas regras.',
    );
  });

  it('says when the rules cannot be loaded', async () => {
    fetchMock.mockImplementation(async () =>
      json(500, { error: { code: 'internal', message: 'No' } }),
    );
    renderCard();
    expect(await screen.findByText(/Não foi possível carregar as regras\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
