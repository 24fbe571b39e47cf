import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultTariffSettings } from '@tarifa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n, { changeLanguage } from '@/lib/i18n';
import { aBusiness, fill, json, renderWithBusinesses, signInOnPlan, setupUser } from '@/testing';
import { TariffSettingsForm } from './TariffSettingsForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  signInOnPlan('business');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('pricing rules', { timeout: 30_000 }, () => {
  const business = aBusiness({ version: 4 });

  function renderForm() {
    const onDirtyChange = vi.fn();
    renderWithBusinesses(
      <TariffSettingsForm business={business} samplePrice={100} onDirtyChange={onDirtyChange} />,
      [business],
    );
    const user = setupUser();
    const monday = screen.getByRole('textbox', { name: 'segunda-feira' });
    const save = () => user.click(screen.getByRole('button', { name: 'Guardar regras' }));
    return { user, monday, save, onDirtyChange };
  }

  it('checks the numbers before sending, on the field that is wrong', async () => {
    const { user, monday, save, onDirtyChange } = renderForm();
    await user.clear(monday);
    await fill(user, monday, 'abc');
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    await save();
    expect(monday).toHaveAttribute('aria-invalid', 'true');
    expect(monday).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the settings parsed (a decimal comma too) with the version it read', async () => {
    const { user, monday, save } = renderForm();
    await user.clear(monday);
    await fill(user, monday, '12,5');
    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 5 } }));
    await save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${business.uuid}/tariff-configuration/settings`);
    expect(JSON.parse(init.body as string)).toMatchObject({
      version: 4,
      settings: { weekdayAdjustments: { mon: 12.5, tue: 0 }, rounding: { mode: 'none' } },
    });
  });

  it('shows a refusal of the server on the field it names', async () => {
    const { user, monday, save } = renderForm();
    await user.clear(monday);
    await fill(user, monday, '30');
    fetchMock.mockResolvedValueOnce(
      json(400, {
        error: {
          code: 'validation_failed',
          message: 'Invalid',
          details: [
            {
              path: 'settings.weekdayAdjustments.mon',
              code: 'too_big',
              params: { maximum: 25 },
              message: 'Too big',
            },
          ],
        },
      }),
    );
    await save();
    await waitFor(() => expect(monday).toHaveAccessibleDescription(/igual ou inferior a 25/));
  });
});

describe('guests and length of stay', { timeout: 30_000 }, () => {
  const business = aBusiness({
    version: 4,
    tariffConfiguration: {
      settings: {
        ...defaultTariffSettings,
        guests: {
          extraGuest: { type: 'amount', value: 25 },
          missingGuest: { type: 'percent', value: 10 },
        },
        lengthOfStay: [{ minNights: 7, adjustment: { type: 'percent', value: -8 } }],
      },
    },
  });

  it("shows the property's changes per guest and its discounts, and sends them", async () => {
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    const user = setupUser();
    const extra = screen.getByRole('group', { name: 'Cada hóspede a mais' });
    expect(within(extra).getByRole('combobox', { name: 'Em' })).toHaveTextContent('€');
    expect(within(extra).getByRole('textbox', { name: 'Acrescenta' })).toHaveValue('25');
    const missing = screen.getByRole('group', { name: 'Cada hóspede a menos' });
    const takesOff = within(missing).getByRole('textbox', { name: 'Retira' });
    expect(takesOff).toHaveValue('10');
    // A stored −8 % reads as the discount it is.
    const week = screen.getByRole('group', { name: 'Regra de duração da estadia 1' });
    expect(within(week).getByRole('textbox', { name: 'Estadias de pelo menos' })).toHaveValue('7');
    expect(within(week).getByRole('textbox', { name: 'Desconto por noite' })).toHaveValue('8');

    await user.clear(takesOff);
    await fill(user, takesOff, '12,5');
    await user.click(
      screen.getByRole('button', { name: 'Adicionar um desconto por duração da estadia' }),
    );
    const fortnight = screen.getByRole('group', { name: 'Regra de duração da estadia 2' });
    expect(within(fortnight).getByRole('textbox', { name: 'Estadias de pelo menos' })).toHaveValue(
      '14',
    );
    await fill(user, within(fortnight).getByRole('textbox', { name: 'Desconto por noite' }), '15');

    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 5 } }));
    await user.click(screen.getByRole('button', { name: 'Guardar regras' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const { settings } = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(settings.guests).toEqual({
      extraGuest: { type: 'amount', value: 25 },
      missingGuest: { type: 'percent', value: 12.5 },
    });
    expect(settings.lengthOfStay).toEqual([
      { minNights: 7, adjustment: { type: 'percent', value: -8 } },
      { minNights: 14, adjustment: { type: 'percent', value: -15 } },
    ]);
  });
});

describe('the horizon', { timeout: 30_000 }, () => {
  const business = aBusiness({ version: 4 });

  it('refuses 10 nights on the field, and sends a horizon within 30–730', async () => {
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    const user = setupUser();
    const horizon = screen.getByRole('textbox', { name: 'Horizonte (noites à frente)' });
    expect(horizon).toHaveValue('365');
    expect(horizon).toHaveAccessibleDescription(/de 30 a 730/);
    await user.clear(horizon);
    await fill(user, horizon, '10');
    await user.click(screen.getByRole('button', { name: 'Guardar regras' }));
    expect(horizon).toHaveAttribute('aria-invalid', 'true');
    expect(horizon).toHaveAccessibleDescription(/igual ou superior a 30/);
    expect(horizon).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(horizon);
    await fill(user, horizon, '540');
    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 5 } }));
    await user.click(screen.getByRole('button', { name: 'Guardar regras' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toMatchObject({
      settings: { horizonDays: 540, autoApprove: false },
    });
  });
});

describe('Pro settings on the Starter plan', { timeout: 30_000 }, () => {
  beforeEach(() => signInOnPlan('starter'));

  it('keeps auto-approve and the forecast off, saying which plan has them', () => {
    const business = aBusiness();
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    // What happens is what is selected: every change waits for the owner.
    expect(screen.getByRole('radio', { name: /^Aprovo eu cada alteração/ })).toBeChecked();
    expect(
      screen.getByRole('radio', { name: /^Aprovar e enviar as alterações automaticamente/ }),
    ).toBeDisabled();
    // The plan said in words, by the names the plans page gives them.
    const plan = i18n.t('plans:names.starter');
    expect(screen.getByTestId('approval-plan')).toHaveTextContent(
      `O seu plano ${plan}: cada alteração fica à sua espera. A aprovação automática vem com o plano Pro.`,
    );
    expect(screen.getByRole('radio', { name: /^Previsão/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /^Reservas já feitas/ })).toBeEnabled();
    expect(screen.getAllByText(/Incluído a partir do plano Pro/)).toHaveLength(2);
  });

  it('still lets auto-approve, switched on under a former plan, be switched off', async () => {
    const business = aBusiness({
      tariffConfiguration: { settings: { ...defaultTariffSettings, autoApprove: true } },
    });
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    const auto = screen.getByRole('radio', {
      name: /^Aprovar e enviar as alterações automaticamente/,
    });
    expect(auto).toBeChecked();
    expect(auto).toBeEnabled();
    await userEvent.click(screen.getByRole('radio', { name: /^Aprovo eu cada alteração/ }));
    expect(auto).not.toBeChecked();
    expect(auto).toBeDisabled();
  });
});
