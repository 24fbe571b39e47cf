import { AbilityProvider } from '@casl/react';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, type TAutopilotSuggestion } from '@tarifa/contract';
import { buildAbility } from '@/lib/auth/ability';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  anAutopilotPolicy,
  anAutopilotSuggestion,
  doubleRoom,
  json,
  occupancyGroup,
  renderWithBusinesses,
  suiteRoom,
  summerSeason,
  setupUser,
} from '@/testing';
import AutopilotPage from './AutopilotPage';

const business = aBusiness({
  tariffConfiguration: {
    roomsTariff: [doubleRoom, suiteRoom],
    sazonalities: [summerSeason],
    fluctuationLevels: [occupancyGroup],
  },
});
const base = `/api/v1/businesses/${business.uuid}`;
const aSuggestion = anAutopilotSuggestion;
const suggestionId = aSuggestion().id;

/** What the API answers next, per call. */
let latest: TAutopilotSuggestion | null;
let applyAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn>;

const calls = (method: string, path: string) =>
  (fetchMock.mock.calls as [string, RequestInit | undefined][]).filter(
    ([url, init]) => (init?.method ?? 'GET') === method && url === `${base}${path}`,
  );

beforeEach(async () => {
  await changeLanguage('pt');
  latest = null;
  applyAnswer = () => json(500, { error: { code: 'internal', message: 'No' } });
  fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === `${base}/autopilot/suggestion` && method === 'GET') {
      return latest
        ? json(200, latest)
        : json(404, { error: { code: 'not_found', message: 'No suggestion' } });
    }
    if (url === `${base}/autopilot/suggestion` && method === 'POST') {
      latest = aSuggestion({
        status: 'queued',
        finishedAt: null,
        suggestion: null,
        changes: [],
        preview: null,
      });
      return json(202, { id: suggestionId, status: 'queued' });
    }
    if (url === `${base}/autopilot/apply` && method === 'POST') return applyAnswer();
    if (url === `${base}/autopilot/policy` && method === 'GET') {
      return json(200, anAutopilotPolicy());
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** The page for `owner` (by default the business's own), at its address. */
function renderPage(owner = business.ownerUuid) {
  const ability = buildAbility(abilityRulesFor({ uuid: owner, roles: ['client'] }));
  return renderWithBusinesses(
    <AbilityProvider value={ability}>
      <AutopilotPage />
    </AbilityProvider>,
    [business],
    '/pricing-central/autopilot',
  );
}

describe('the autopilot page', { timeout: 30_000 }, () => {
  it('says what it does, and asks for a suggestion, showing progress until it is ready', async () => {
    const user = setupUser();
    renderPage();
    expect(await screen.findByText('Ainda não há sugestões')).toBeInTheDocument();
    expect(screen.getByText(/Aprende com as reservas do último ano/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sugerir definições' }));
    expect(calls('POST', '/autopilot/suggestion')).toHaveLength(1);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Na fila');
    expect(screen.getByRole('button', { name: 'Sugerir de novo' })).toBeDisabled();
    // The job ends: the next poll brings the suggestion.
    latest = aSuggestion();
    expect(await screen.findByTestId('uplift', {}, { timeout: 5_000 })).toHaveTextContent(
      /\+13,9\s?% de receita \(entre [−-]2,2\s?% e \+37,5\s?%\)/,
    );
  });

  it('says plainly why it is unsure, and suggests nothing', async () => {
    latest = aSuggestion({
      status: 'unsure',
      suggestion: { status: 'unsure', reason: 'prices_never_varied', bookings: 812, nights: 365 },
      changes: [],
      preview: null,
    });
    renderPage();
    const notice = await screen.findByTestId('unsure');
    expect(notice).toHaveTextContent('Não há certeza suficiente para sugerir alguma coisa');
    expect(notice).toHaveTextContent('Os seus preços quase não mudaram');
    expect(notice).toHaveTextContent('Reservas lidas: 812');
    expect(screen.queryByRole('button', { name: 'Aplicar' })).not.toBeInTheDocument();
  });

  it('shows what it learned, the changes before → after, their effect, and applies them after a confirmation', async () => {
    const user = setupUser();
    latest = aSuggestion();
    const applied = aSuggestion({
      appliedAt: '2026-02-20T12:05:00.000Z',
      appliedBy: { uuid: business.ownerUuid, name: 'Ana Hoteleira' },
      preview: null,
    });
    applyAnswer = () => json(200, { business: { ...business, version: 2 }, suggestion: applied });
    const { router } = renderPage();

    expect(await screen.findByText('Confiança: média')).toBeInTheDocument();
    expect(screen.getByText(/Aprendeu com 4639 reservas e 365 noites/)).toBeInTheDocument();
    expect(screen.getByText(/O intervalo inclui uma perda/)).toBeInTheDocument();
    const seasons = screen.getByRole('table', {
      name: 'Procura e reação ao preço por sazonalidade',
    });
    expect(within(seasons).getByRole('row', { name: /Verão/ })).toHaveTextContent(
      /31,5.*12\s?% \(entre 8\s?% e 16\s?%\)/,
    );
    expect(
      within(seasons).getByRole('row', { name: /Fora das sazonalidades/ }),
    ).toBeInTheDocument();

    const rooms = screen.getByRole('list', { name: 'Preços base e limites' });
    expect(rooms).toHaveTextContent('Quarto Duplo');
    expect(rooms).toHaveTextContent(/Base: 100\s€ → 120\s€/);
    expect(rooms).toHaveTextContent(/Máximo: 180\s€ → 200\s€/);
    // The suite does not move: it is not listed.
    expect(rooms).not.toHaveTextContent('Suite');
    expect(screen.getByRole('list', { name: 'Sazonalidades' })).toHaveTextContent(
      /Verão.*\+20\s?% → \+35\s?%/,
    );
    expect(screen.getByRole('list', { name: 'Níveis de ocupação' })).toHaveTextContent(
      /A partir de 80\s?%: \+15\s?% → \+25\s?%/,
    );
    const leadTime = screen.getByRole('list', { name: 'Antecedência' });
    expect(leadTime).toHaveTextContent(/Agora\s*Nenhuma regra/);
    expect(leadTime).toHaveTextContent(/Sugeridas\s*0–3 dias antes: [−-]20\s?%/);
    expect(screen.getByText(/Noites que mudam: 240/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aplicar as definições sugeridas?' });
    expect(dialog).toHaveTextContent('nada é publicado sem ela');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      calls('POST', '/autopilot/apply').map(([, init]) => JSON.parse(String(init!.body))),
    ).toEqual([{ suggestionId }]);
    const notice = await screen.findByTestId('applied');
    expect(notice).toHaveTextContent('Aplicada a 20/02/2026 por Ana Hoteleira.');
    // The Apply button is gone: the focus is on what happened.
    expect(notice).toHaveFocus();
    await user.click(within(notice).getByRole('link', { name: 'Ver as alterações de preço' }));
    expect(router.state.location.pathname).toBe('/pricing-central/price-changes');
  });

  it('says the settings changed since when applying is refused with 409, and changes nothing on screen', async () => {
    const user = setupUser();
    latest = aSuggestion();
    applyAnswer = () =>
      json(409, {
        error: {
          code: 'conflict',
          message: 'Changed',
          details: [{ path: 'suggestionId', code: 'settings_changed', message: 'Changed' }],
        },
      });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Aplicar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByTestId('apply-error')).toHaveTextContent(
      'As definições de preço mudaram desde esta sugestão: peça outra.',
    );
    expect(screen.queryByTestId('applied')).not.toBeInTheDocument();
  });

  it('shows a stale suggestion as such, with Apply disabled', async () => {
    latest = aSuggestion({ stale: true, preview: null });
    renderPage();
    expect(await screen.findByTestId('stale')).toHaveTextContent('peça outra');
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  });

  it('lets only whoever may change the settings ask, apply and change the rules, and says why', async () => {
    latest = aSuggestion();
    renderPage('99999999-9999-4999-8999-999999999999');
    expect(await screen.findByRole('button', { name: 'Sugerir de novo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
    expect(
      screen.getAllByText(/Só quem pode alterar as definições de preço/)[0],
    ).toBeInTheDocument();
    const rules = screen.getByRole('region', { name: 'Aplicar automaticamente' });
    expect(await within(rules).findByRole('switch')).toBeDisabled();
    expect(within(rules).getByRole('button', { name: 'Guardar regras' })).toBeDisabled();
    expect(rules).toHaveTextContent('Só quem pode alterar as definições de preço');
  });

  it('says an automatic suggestion was held back, and why, and leaves it to apply by hand', async () => {
    latest = aSuggestion({ origin: 'auto', held: 'move_too_large' });
    renderPage();
    expect(await screen.findByTestId('origin')).toHaveTextContent(
      'O piloto automático calculou esta sugestão sozinho a 20/02/2026, segundo as suas regras.',
    );
    const held = screen.getByTestId('held');
    expect(held).toHaveTextContent('Não foi aplicada automaticamente');
    expect(held).toHaveTextContent(
      'Mudaria o preço de algumas noites mais do que a maior mudança que permite.',
    );
    expect(held).toHaveTextContent('Pode, ainda assim, analisá-la e aplicá-la manualmente.');
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeEnabled();
    expect(screen.queryByTestId('applied')).not.toBeInTheDocument();
  });

  it('says an automatic suggestion was applied on its own under the rules, not by whom', async () => {
    latest = aSuggestion({
      origin: 'auto',
      appliedAt: '2026-02-23T10:00:00.000Z',
      appliedBy: { uuid: business.ownerUuid, name: 'Ana Hoteleira' },
      preview: null,
    });
    renderPage();
    const notice = await screen.findByTestId('applied');
    expect(notice).toHaveTextContent(
      'Aplicada automaticamente segundo as suas regras a 23/02/2026.',
    );
    expect(notice).not.toHaveTextContent('Ana Hoteleira');
    expect(screen.getByTestId('origin')).toHaveTextContent('calculou esta sugestão sozinho');
    expect(screen.queryByTestId('held')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aplicar' })).not.toBeInTheDocument();
  });

  it('reads right to left in Arabic, its figures kept whole', async () => {
    await changeLanguage('ar');
    latest = aSuggestion();
    renderPage();
    const uplift = await screen.findByTestId('uplift');
    expect(uplift).toHaveTextContent('في الإيرادات');
    // Each percentage is isolated (FSI … PDI) so its sign stays with it in right-to-left text.
    expect(uplift.textContent).toMatch(/\u2068[^\u2069]*13[^\u2069]*\u2069/);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
