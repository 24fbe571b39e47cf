import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { aBusiness, aRoomType, json, renderWithBusinesses, setupUser } from '@/testing';
import { RatesImportCard } from './RatesImportCard';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('en');
  fetchMock = vi.fn(async () =>
    json(200, {
      total: 3,
      written: 0,
      ignored: 0,
      rejected: 1,
      createdCompetitors: [],
      errors: [{ row: 3, column: 'price', code: 'invalid_price', message: 'Bad price' }],
      failure: { code: 'invalid_rows', message: '1 rows are invalid; nothing was imported' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const business = aBusiness({ tariffConfiguration: { roomsTariff: [aRoomType()] } });

describe('the import of competitor rates', { timeout: 30_000 }, () => {
  it('sends the file all or nothing by default and shows each bad row', async () => {
    renderWithBusinesses(<RatesImportCard businessUuid={business.uuid} />, [business]);
    const user = setupUser();
    const file = new File(['competitor,category,date,price\n'], 'rates.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('rates-file'), file);
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const report = await screen.findByTestId('import-report');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/v1/businesses/${business.uuid}/competitor-rates/import?mode=atomic`);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(within(report).getByRole('alert')).toHaveTextContent(
      '1 rows are invalid, so nothing was imported.',
    );
    const row = within(report).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('3');
    expect(row).toHaveTextContent('price');
    expect(row).toHaveTextContent('Not a price (more than 0, at most 2 decimals)');
  });

  it('imports the valid rows only, adding unknown competitors, when switched so', async () => {
    renderWithBusinesses(<RatesImportCard businessUuid={business.uuid} />, [business]);
    const user = setupUser();
    await user.upload(screen.getByTestId('rates-file'), new File(['x'], 'rates.csv'));
    await user.click(screen.getByRole('switch', { name: /All or nothing/ }));
    await user.click(screen.getByRole('switch', { name: /Add the competitors/ }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]![0]).toBe(
      `/api/v1/businesses/${business.uuid}/competitor-rates/import?mode=skip_invalid&createCompetitors=true`,
    );
  });
});
