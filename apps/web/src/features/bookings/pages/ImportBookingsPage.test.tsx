import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TImportStatus } from '@tarifa/contract';
import { changeLanguage } from '@/lib/i18n';
import { rememberRunningImport, runningImportOf } from '../api/imports';
import { aBusiness, aRoomType, anUuid, json, renderWithBusinesses, setupUser } from '@/testing';
import ImportBookingsPage from './ImportBookingsPage';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  await changeLanguage('pt');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const business = aBusiness({ tariffConfiguration: { roomsTariff: [aRoomType()] } });
const importId = anUuid();

function status(overrides: Partial<TImportStatus> = {}): TImportStatus {
  return {
    id: importId,
    status: 'running',
    format: 'tarifa',
    mode: 'skip_invalid',
    hotel: null,
    createMissingRooms: false,
    fileName: 'reservas.csv',
    fileSize: 2048,
    total: 200,
    processed: 50,
    inserted: 0,
    updated: 0,
    rejected: 0,
    skipped: 0,
    createdRooms: [],
    failure: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    startedAt: '2026-03-01T10:00:01.000Z',
    finishedAt: null,
    errors: [],
    ...overrides,
  };
}

/** Answers the import's status from `statuses` in turn (the last one again and again). */
function serve(statuses: TImportStatus[]) {
  let i = 0;
  fetchMock.mockImplementation(async (url: string) => {
    if (url.endsWith(`/imports/${importId}`)) {
      const answer = statuses[Math.min(i, statuses.length - 1)]!;
      i += 1;
      return json(200, answer);
    }
    if (url.endsWith('/imports')) {
      return json(200, { imports: [{ ...statuses[0]!, errors: undefined }] });
    }
    return json(404, { error: { code: 'not_found', message: 'No' } });
  });
}

describe('the import page', { timeout: 30_000 }, () => {
  it('comes back to the running import of the property, shows its rows, then its result', async () => {
    rememberRunningImport(business.uuid, importId);
    const finished = status({
      status: 'succeeded',
      processed: 200,
      inserted: 180,
      updated: 15,
      rejected: 5,
      finishedAt: '2026-03-01T10:00:09.000Z',
      errors: [
        { row: 7, column: 'total_amount', code: 'invalid_type', message: 'Expected number' },
      ],
    });
    serve([status(), finished]);
    renderWithBusinesses(<ImportBookingsPage />, [business], '/pricing-central/bookings/import');

    // The address names the import, and its progress counts the rows read.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`?import=${importId}`),
    );
    expect(await screen.findByText(/50 de 200 linhas \(25\s?%\)/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'A ler as reservas' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    // The file was sent already: that bar is full.
    expect(screen.getByRole('progressbar', { name: 'Ficheiro enviado' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(screen.getByText(/Pode sair desta página/)).toBeInTheDocument();

    // Asked again a moment later: finished.
    expect(
      await screen.findByText('Importação concluída', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Resultado da importação' });
    expect(within(counts).getByText('Reservas novas').nextSibling).toHaveTextContent('180');
    expect(within(counts).getByText('Reservas atualizadas').nextSibling).toHaveTextContent('15');
    expect(within(counts).getByText('Linhas recusadas').nextSibling).toHaveTextContent('5');
    // A Tarifa file has no other hotels to leave out.
    expect(within(counts).queryByText('Linhas de outros hotéis')).not.toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /7 total_amount Isto não é um número válido\./ }),
    ).toBeInTheDocument();
    // Seen finished: no longer the import to come back to.
    await waitFor(() => expect(runningImportOf(business.uuid)).toBeNull());
  });

  it('downloads the error report as CSV built in the browser', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:report';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    serve([
      status({
        status: 'failed',
        mode: 'atomic',
        processed: 3,
        total: 3,
        rejected: 2,
        failure: { code: 'invalid_rows', message: 'Bad rows' },
        errors: [
          { row: 2, column: 'room_code', code: 'unknown_room', message: 'No room type STE' },
          {
            row: 3,
            column: null,
            code: 'something_new',
            message: 'Row has "3" fields, expected 16',
          },
        ],
      }),
    ]);
    const user = setupUser();
    renderWithBusinesses(
      <ImportBookingsPage />,
      [business],
      `/pricing-central/bookings/import?import=${importId}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A importação falhouAlgumas linhas têm erros e escolheu não importar nada nesse caso. Nenhuma reserva foi guardada.',
    );
    await user.click(screen.getByRole('button', { name: 'Descarregar o relatório de erros' }));
    expect(blobs).toHaveLength(1);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const text = await blobs[0]!.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Linha,Coluna,O que está errado',
      '2,room_code,Nenhum tipo de quarto da sua propriedade tem este código.',
      // A code the app does not know yet keeps the API's own words.
      '3,,"Row has ""3"" fields, expected 16"',
      '',
    ]);
  });

  it('says so when the import cannot be found, and starts over', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/imports')
        ? json(200, { imports: [] })
        : json(404, { error: { code: 'not_found', message: 'No such import' } }),
    );
    const user = setupUser();
    renderWithBusinesses(
      <ImportBookingsPage />,
      [business],
      `/pricing-central/bookings/import?import=${importId}`,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível ler o progresso desta importação.',
    );
    await user.click(screen.getByRole('button', { name: 'Importar outro ficheiro' }));
    expect(await screen.findByRole('button', { name: 'Escolher ficheiro' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/pricing-central\/bookings\/import$/,
    );
  });
});
