import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { json, renderWithProviders, setupUser } from '@/testing';
import { SetRestrictionsAction } from './SetRestrictionsAction';

const business = '00000000-0000-4000-8000-0000000000b1';
const target = {
  roomUuids: ['00000000-0000-4000-8000-0000000000d1'],
  from: '2026-08-10',
  to: '2026-08-12',
};
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  await changeLanguage('en');
  fetchMock = vi.fn().mockResolvedValue(json(200, { prices: [] }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('pt');
});

describe('set restrictions on the selection', { timeout: 30_000 }, () => {
  it('sends what was set and leaves the rest unchanged', async () => {
    renderWithProviders(
      <SetRestrictionsAction businessUuid={business} target={target} sizeText="3 nights" />,
    );
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Set restrictions' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum stay (blank: unchanged)' }), '2');
    await user.click(screen.getByRole('combobox', { name: 'Closed to arrival' }));
    await user.click(screen.getByRole('option', { name: 'Closed' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${business}/restrictions/overrides`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      overrides: [
        {
          roomUuid: target.roomUuids[0],
          from: '2026-08-10',
          to: '2026-08-12',
          minStay: 2,
          closedToArrival: true,
        },
      ],
    });
  });

  it('refuses a maximum stay below the minimum, sending nothing', async () => {
    renderWithProviders(
      <SetRestrictionsAction businessUuid={business} target={target} sizeText="3 nights" />,
    );
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Set restrictions' }));
    await user.type(screen.getByRole('textbox', { name: 'Minimum stay (blank: unchanged)' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Maximum stay (blank: unchanged)' }), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
