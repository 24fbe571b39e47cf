import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import {
  aBusiness,
  aSeason as season,
  doubleRoom as double,
  json,
  renderWithBusinesses,
  suiteRoom,
  setupUser,
} from '@/testing';
import { SeasonForm } from './SeasonForm';

const summer = season({
  name: 'Verão',
  color: '#fb8c00',
  startDate: '2027-06-15',
  endDate: '2027-09-15',
  adjustmentType: 'percent',
  value: 20,
  priority: 1,
});
const property = aBusiness({
  name: 'Quinta do Mar',
  version: 7,
  tariffConfiguration: { roomsTariff: [double, suiteRoom], sazonalities: [summer] },
});
const euros = (amount: number) =>
  new Intl.NumberFormat('pt-PT', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 })
    .format(amount)
    .replace(/\s/g, ' ');

let fetchMock: ReturnType<typeof vi.fn>;
/** `POST …/prices/preview`, answered apart from the form's own calls. */
let previewMock: ReturnType<typeof vi.fn<typeof fetch>>;
const previewPath = `/api/v1/businesses/${property.uuid}/prices/preview`;
const moved = {
  changes: [],
  summary: {
    cellsChanged: 60,
    nightsChanged: 42,
    averageChangePercent: 8,
    largest: {
      date: '2027-08-15',
      roomUuid: double.uuid,
      before: 120,
      after: 150,
      changePercent: 25,
    },
  },
};

function renderForm() {
  const view = renderWithBusinesses(<SeasonForm business={property} season={summer} />, [property]);
  const user = setupUser();
  const value = () => screen.getByRole('textbox', { name: 'Alteração em %' });
  const save = () => user.click(screen.getByRole('button', { name: 'Guardar alterações' }));
  return { ...view, user, value, save };
}

describe('season form', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await changeLanguage('pt');
    fetchMock = vi.fn();
    previewMock = vi.fn<typeof fetch>(async () => json(200, moved));
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      url === previewPath ? previewMock(url, init) : (fetchMock as typeof fetch)(url, init),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('previews the effect on an example room and follows the type of change', async () => {
    const { user, value } = renderForm();
    const preview = () => screen.getByText(/^Nestas noites/);
    expect(preview()).toHaveTextContent(
      `Nestas noites, Quarto Duplo passa de ${euros(100)} para ${euros(120)} (+20%).`,
    );
    await user.clear(value());
    await user.type(value(), '-10');
    expect(preview()).toHaveTextContent(`para ${euros(90)} (-10%)`);

    await user.click(screen.getByRole('button', { name: 'Preço fixo' }));
    const price = screen.getByRole('textbox', { name: 'Preço por noite' });
    await user.clear(price);
    await user.type(price, '250');
    // Above the room's maximum (180): the preview says where it stops.
    expect(preview()).toHaveTextContent(
      `Nestas noites, Quarto Duplo custa ${euros(180)} em vez de ${euros(100)}. O seu preço máximo mantém-no em ${euros(180)}.`,
    );
  });

  it('says what the change would do to the prices while editing, only for valid values', async () => {
    const { user, value } = renderForm();
    const status = () => screen.getByRole('status');
    expect(status()).toHaveTextContent('O efeito nos preços aparece aqui.');

    await user.clear(value());
    await user.type(value(), '600');
    // Over the maximum: nothing is asked however long the owner waits.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(previewMock).not.toHaveBeenCalled();

    await user.clear(value());
    await user.type(value(), '25');
    await waitFor(
      () =>
        expect(status().textContent?.replace(/\s/g, ' ')).toBe(
          'Noites que mudam: 42 · média +8% · maior +25% a 15/08',
        ),
      { timeout: 3000 },
    );
    const [url, init] = previewMock.mock.lastCall as [string, RequestInit];
    expect(url).toBe(previewPath);
    expect(JSON.parse(init.body as string)).toEqual({
      change: {
        kind: 'sazonality',
        id: summer.id,
        sazonality: expect.objectContaining({ name: 'Verão', value: 25 }),
      },
    });
  });

  it('checks the season with the shared rules before sending anything', async () => {
    const { user, value, save } = renderForm();
    await user.clear(value());
    await user.type(value(), '600');
    await user.clear(screen.getByRole('textbox', { name: 'Nome' }));
    await save();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription(
      'Preencha este campo.',
    );
    expect(value()).toHaveAccessibleDescription('Indique um valor igual ou inferior a 500.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the change with the version it showed, weekdays in order', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        business: { ...property, version: 8 },
        sazonality: { ...summer, weekdays: ['fri', 'sat'], value: 25 },
      }),
    );
    const { user, value, save, router } = renderForm();
    await user.click(screen.getByRole('button', { name: 'sábado' }));
    await user.click(screen.getByRole('button', { name: 'sexta-feira' }));
    expect(screen.getByRole('button', { name: 'sábado' })).toHaveAttribute('aria-pressed', 'true');
    await user.clear(value());
    await user.type(value(), '25');
    await user.type(screen.getByRole('textbox', { name: 'Estadia mínima (noites)' }), '3');
    await save();

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/pricing-central/sazonalities'),
    );
    expect(router.state.location.search).toBe('?year=2027');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(
      `/api/v1/businesses/${property.uuid}/tariff-configuration/sazonalities/${summer.id}`,
    );
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      version: 7,
      sazonality: {
        name: 'Verão',
        color: '#fb8c00',
        startDate: '2027-06-15',
        endDate: '2027-09-15',
        weekdays: ['fri', 'sat'],
        roomUuids: [],
        adjustmentType: 'percent',
        value: 25,
        priority: 1,
        minStay: 3,
      },
    });
    expect(await screen.findByText('Sazonalidade “Verão” guardada.')).toBeInTheDocument();
  });

  it('shows the server refusals on their fields', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          details: [
            {
              path: 'sazonality.roomUuids.0',
              code: 'unknown_room',
              message: 'No such room',
            },
          ],
        },
      }),
    );
    const { user, save } = renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Tipos de quarto' }));
    await user.click(screen.getByRole('option', { name: new RegExp(double.name) }));
    await user.keyboard('{Escape}');
    await save();
    expect(
      await screen.findByText(
        'Este tipo de quarto não faz (ou já não faz) parte desta propriedade.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar alterações' })).toBeEnabled();
  });

  it('reports a change made elsewhere meanwhile instead of overwriting it', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: { code: 'version_conflict', message: 'Stale version' } }),
    );
    const { save } = renderForm();
    await save();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => /alterada noutro lado/.test(a.textContent ?? ''))).toBe(true);
    expect(screen.getAllByRole('button', { name: 'Recarregar' }).length).toBeGreaterThan(0);
  });

  it('Reload where the conflict is shown also closes the conflict snackbar', async () => {
    fetchMock.mockResolvedValue(
      json(409, { error: { code: 'version_conflict', message: 'Stale version' } }),
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('dialog', { name: 'Eliminar “Verão”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    // Said twice: in the dialog, and in the snackbar (a deletion reports to both), each with Reload
    // (the snackbar behind the modal dialog is hidden from the accessibility tree meanwhile).
    const inDialog = await within(dialog).findByRole('button', { name: 'Recarregar' });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Recarregar', hidden: true })).toHaveLength(2),
    );
    fetchMock.mockResolvedValue(json(200, { businesses: [property] }));
    await user.click(inDialog);
    await waitFor(() =>
      expect(
        screen
          .queryAllByRole('alert', { hidden: true })
          .filter((a) => !dialog.contains(a) && /alterada noutro lado/.test(a.textContent ?? '')),
      ).toEqual([]),
    );
    expect(fetchMock).toHaveBeenLastCalledWith(
      expect.stringContaining('/v1/businesses'),
      expect.anything(),
    );
  });
});
