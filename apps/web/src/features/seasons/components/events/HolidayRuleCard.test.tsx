import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, json, renderWithBusinesses, setupUser } from '@/testing';
import { HolidayRuleCard } from './HolidayRuleCard';

const property = aBusiness({ country: 'PT', version: 3 });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('en');
  fetchMock = vi.fn(async () => json(200, { business: { ...property, version: 4 } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the holiday rule', () => {
  it('sends the rule alone, with the percent of each type and the nights around', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidayRuleCard business={property} />, [property]);
    const publicHoliday = screen.getByRole('textbox', { name: 'Public holiday' });
    expect(publicHoliday).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Adjust prices on public holidays' }));
    await user.clear(publicHoliday);
    await user.type(publicHoliday, '20');
    await user.clear(screen.getByRole('textbox', { name: 'Nights before' }));
    await user.type(screen.getByRole('textbox', { name: 'Nights before' }), '1');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${property.uuid}/tariff-configuration/settings`);
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({
      settings: {
        holidayRule: {
          enabled: true,
          adjustments: { public: 20, bank: 0, school: 0, optional: 0, observance: 0 },
          nightsBefore: 1,
          nightsAfter: 0,
        },
      },
      version: 3,
    });
  });

  it('refuses a percent out of bounds on its field, before sending', async () => {
    const user = setupUser();
    renderWithBusinesses(<HolidayRuleCard business={property} />, [property]);
    await user.click(screen.getByRole('switch', { name: 'Adjust prices on public holidays' }));
    const school = screen.getByRole('textbox', { name: 'School holiday' });
    await user.clear(school);
    await user.type(school, '900');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(school).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
