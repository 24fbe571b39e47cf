import { screen, waitFor, within } from '@testing-library/react';
import { defaultTariffSettings } from '@tarifa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, fill, json, renderWithBusinesses, signInOnPlan, setupUser } from '@/testing';
import { TariffSettingsForm } from './TariffSettingsForm';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('en');
  signInOnPlan('business');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('pt');
});

function renderForm(lengthOfStay = defaultTariffSettings.lengthOfStay) {
  const business = aBusiness({
    version: 4,
    tariffConfiguration: { settings: { ...defaultTariffSettings, lengthOfStay } },
  });
  renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
  const user = setupUser();
  const rule = (n: number) => screen.getByRole('group', { name: `Length-of-stay rule ${n}` });
  const add = () =>
    user.click(screen.getByRole('button', { name: 'Add a length-of-stay discount' }));
  const save = () => user.click(screen.getByRole('button', { name: 'Save rules' }));
  return { business, user, rule, add, save };
}

describe('length of stay in price setup', { timeout: 30_000 }, () => {
  it('says when there is no discount, and shows what a discount does to a night', async () => {
    const { user, rule, add } = renderForm();
    expect(screen.getByText('No length-of-stay discount')).toBeInTheDocument();
    await add();
    expect(screen.queryByText('No length-of-stay discount')).not.toBeInTheDocument();
    const discount = within(rule(1)).getByRole('textbox', { name: 'Discount per night' });
    await fill(user, discount, '8');
    expect(discount).toHaveAccessibleDescription('€100.00 → €92.00');
    await user.click(screen.getByRole('button', { name: 'Remove length-of-stay rule 1' }));
    expect(screen.getByText('No length-of-stay discount')).toBeInTheDocument();
  });

  it('refuses a second rule from the same number of nights, on that row', async () => {
    const { user, rule, add, save } = renderForm([
      { minNights: 7, adjustment: { type: 'percent', value: -8 } },
    ]);
    expect(within(rule(1)).getByRole('textbox', { name: 'Stays of at least' })).toHaveValue('7');
    await add();
    const second = within(rule(2)).getByRole('textbox', { name: 'Stays of at least' });
    await user.clear(second);
    await fill(user, second, '7');
    await fill(user, within(rule(2)).getByRole('textbox', { name: 'Discount per night' }), '10');
    await save();
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription('This is listed twice.');
    expect(within(rule(1)).getByRole('textbox', { name: 'Stays of at least' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('takes the discount as typed, never a negative one', async () => {
    const { user, rule, add, save } = renderForm();
    await add();
    const discount = within(rule(1)).getByRole('textbox', { name: 'Discount per night' });
    await fill(user, discount, '-5');
    await save();
    expect(discount).toHaveAccessibleDescription('Enter 0 or more.');
    await user.clear(discount);
    await fill(user, discount, '95');
    expect(discount).toHaveAccessibleDescription('Enter 90 or less.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops at ten rules', () => {
    renderForm(
      Array.from({ length: 10 }, (_, i) => ({
        minNights: i + 2,
        adjustment: { type: 'percent' as const, value: -i },
      })),
    );
    expect(screen.getByRole('button', { name: 'Add a length-of-stay discount' })).toBeDisabled();
    expect(screen.getByText('Up to 10 rules.')).toBeInTheDocument();
  });
});

describe('sending guests and length of stay', { timeout: 30_000 }, () => {
  it('sends a typed discount as the negative adjustment the API takes', async () => {
    const { business, user, rule, add, save } = renderForm();
    await add();
    await user.click(within(rule(1)).getByRole('combobox', { name: 'In' }));
    await user.click(screen.getByRole('option', { name: '€' }));
    await fill(user, within(rule(1)).getByRole('textbox', { name: 'Discount per night' }), '4.5');
    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 5 } }));
    await save();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string).settings.lengthOfStay).toEqual([
      { minNights: 7, adjustment: { type: 'amount', value: -4.5 } },
    ]);
  });
});
