import { screen, waitFor, within } from '@testing-library/react';
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

describe('stay restrictions in price setup', { timeout: 30_000 }, () => {
  const business = aBusiness({ version: 4 });

  it('sends the minimum stays, the closed weekdays and the orphan discount', async () => {
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    const user = setupUser();
    const minStay = screen.getByRole('textbox', { name: 'Default minimum stay' });
    expect(minStay).toHaveValue('1');
    await user.clear(minStay);
    await fill(user, minStay, '3');
    await fill(user, screen.getByRole('textbox', { name: 'Minimum stay, Friday' }), '2');
    const arrival = screen.getByRole('group', { name: 'Closed to arrival' });
    await user.click(within(arrival).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(screen.getByRole('switch', { name: 'Lower the price of orphan nights' }));
    const discount = screen.getByRole('textbox', { name: 'Orphan night discount' });
    await user.clear(discount);
    await fill(user, discount, '12,5');

    fetchMock.mockResolvedValueOnce(json(200, { business: { ...business, version: 5 } }));
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string).settings.restrictions).toEqual({
      minStay: 3,
      minStayByWeekday: {
        mon: null,
        tue: null,
        wed: null,
        thu: null,
        fri: 2,
        sat: null,
        sun: null,
      },
      maxStay: null,
      closedToArrival: ['sat'],
      closedToDeparture: [],
      orphanDiscountPercent: 12.5,
    });
  });

  it('refuses a maximum stay shorter than a minimum stay, on the field', async () => {
    renderWithBusinesses(<TariffSettingsForm business={business} samplePrice={100} />, [business]);
    const user = setupUser();
    await fill(user, screen.getByRole('textbox', { name: 'Minimum stay, Friday' }), '4');
    const maxStay = screen.getByRole('textbox', { name: 'Maximum stay (blank: none)' });
    await fill(user, maxStay, '2');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(maxStay).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
