import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { businessKeys } from '@/api/business';
import { aBusiness, fill, json, renderWithBusinesses, setupUser } from '@/testing';
import { PropertyDetailsForm } from './PropertyDetailsForm';

let fetchMock: ReturnType<typeof vi.fn>;
/** The calls but the regions of the country, which the region field asks for on its own. */
const saves = () =>
  fetchMock.mock.calls.filter(([url]) => !String(url).startsWith('/api/v1/holidays/regions'));
beforeEach(async () => {
  await changeLanguage('pt');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('property details', { timeout: 30_000 }, () => {
  const business = aBusiness({ name: 'Casa do Rio', city: 'Porto', version: 7 });

  it('sends the version it read; a stale one is reported with Reload and nothing is stored', async () => {
    const user = setupUser();
    const { queryClient } = renderWithBusinesses(<PropertyDetailsForm business={business} />, [
      business,
    ]);
    const city = screen.getByRole('textbox', { name: 'Cidade' });
    await user.clear(city);
    await fill(user, city, 'Lisboa');
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'version_conflict', message: 'Stale version' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Esta propriedade foi alterada noutro lado — recarregue para ver a versão mais recente.',
    );
    const [url, init] = saves()[0]!;
    expect(url).toBe(`/api/v1/businesses/${business.uuid}`);
    expect(JSON.parse(init.body as string)).toMatchObject({ city: 'Lisboa', version: 7 });
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([business]);

    fetchMock.mockResolvedValueOnce(
      json(200, { businesses: [{ ...business, city: 'Braga', version: 8 }] }),
    );
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() =>
      expect(queryClient.getQueryData(businessKeys.list)).toEqual([
        { ...business, city: 'Braga', version: 8 },
      ]),
    );
    expect(fetchMock).toHaveBeenLastCalledWith('/api/v1/businesses', expect.anything());
  });

  it('checks formats before sending', async () => {
    const user = setupUser();
    renderWithBusinesses(<PropertyDetailsForm business={business} />, [business]);
    await fill(user, screen.getByRole('textbox', { name: 'Website' }), 'casa-do-rio');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      /endereço web começado por https:\/\//,
    );
    expect(saves()).toEqual([]);
  });
});
