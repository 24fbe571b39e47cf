import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackbarHost } from '@/components/SnackbarHost';
import { changeLanguage } from '@/lib/i18n';
import { clearSnackbars } from '@/lib/snackbar';
import { aBusiness, json } from '@/testing';
import {
  businessKeys,
  replaceBusiness,
  selectBusiness,
  selectedBusinessKey,
  selectedOf,
  useBusinessMutation,
  useBusinesses,
  useSelectedBusiness,
} from '@/api/business';
import { useCreateBusiness, useUpdateBusiness } from '.';
import { api } from '@/lib/api';

let fetchMock: ReturnType<typeof vi.fn>;
let queryClient: QueryClient;

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <SnackbarHost />
    </QueryClientProvider>
  );
}

const names = (list: { name: string }[] | undefined) => list?.map((b) => b.name);

beforeEach(async () => {
  await changeLanguage('pt');
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  act(() => clearSnackbars());
});

describe('the businesses store', () => {
  const rio = aBusiness({ name: 'Casa do Rio' });
  const vale = aBusiness({ name: 'Quinta do Vale' });
  const mar = aBusiness({ name: 'Vila do Mar' });

  it('selects the first business, and only when it has a uuid', () => {
    expect(selectedOf([rio, vale])).toBe(rio);
    expect(selectedOf([{ ...rio, uuid: '' }, vale])).toBeUndefined();
    expect(selectedOf([])).toBeUndefined();
    expect(selectedOf(undefined)).toBeUndefined();
  });

  it('loads the list with the remembered business first, the rest in the API order', async () => {
    localStorage.setItem(selectedBusinessKey, mar.uuid);
    fetchMock.mockResolvedValue(json(200, { businesses: [rio, vale, mar] }));
    const { result } = renderHook(() => useSelectedBusiness(), { wrapper });
    await waitFor(() => expect(result.current.data?.uuid).toBe(mar.uuid));
    expect(names(queryClient.getQueryData(businessKeys.list))).toEqual([
      'Vila do Mar',
      'Casa do Rio',
      'Quinta do Vale',
    ]);
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/businesses', expect.anything());
  });

  it('replaces a changed business by uuid and moves it first, which selects it', () => {
    queryClient.setQueryData(businessKeys.list, [rio, vale, mar]);
    const renamed = { ...vale, name: 'Quinta do Vale Novo', version: 2 };
    replaceBusiness(queryClient, renamed);
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([renamed, rio, mar]);
    expect(localStorage.getItem(selectedBusinessKey)).toBe(vale.uuid);
  });

  it('the switcher moves the chosen business first and remembers it', () => {
    queryClient.setQueryData(businessKeys.list, [rio, vale, mar]);
    selectBusiness(queryClient, mar.uuid);
    expect(names(queryClient.getQueryData(businessKeys.list))).toEqual([
      'Vila do Mar',
      'Casa do Rio',
      'Quinta do Vale',
    ]);
    expect(localStorage.getItem(selectedBusinessKey)).toBe(mar.uuid);
    selectBusiness(queryClient, 'not-in-the-list');
    expect(names(queryClient.getQueryData(businessKeys.list))?.[0]).toBe('Vila do Mar');
  });

  it('creating replaces the whole list with the list answered', async () => {
    queryClient.setQueryData(businessKeys.list, [rio, vale]);
    const created = aBusiness({ name: 'Nova Casa' });
    // The API answers the whole list: here without "Quinta do Vale" (deleted elsewhere).
    fetchMock.mockImplementation(() => Promise.resolve(json(201, { businesses: [created, rio] })));
    const { result } = renderHook(() => ({ create: useCreateBusiness(), list: useBusinesses() }), {
      wrapper,
    });
    const body = {
      name: 'Nova Casa',
      country: 'PT',
      region: null,
      phone: null,
      email: null,
      website: null,
    };
    await act(() => result.current.create.mutateAsync(body));
    // The list observer hears of the new cache on TanStack's notify tick, which a loaded machine
    // can run after `act` returns: wait for it rather than read it at once.
    await waitFor(() =>
      expect(names(result.current.list.data)).toEqual(['Nova Casa', 'Casa do Rio']),
    );
    expect(localStorage.getItem(selectedBusinessKey)).toBe(created.uuid);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/businesses');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify(body) });
  });

  it('a custom call through useBusinessMutation updates the store from its {business} answer', async () => {
    queryClient.setQueryData(businessKeys.list, [rio, vale]);
    const updated = { ...vale, version: 5 };
    fetchMock.mockResolvedValue(json(201, { business: updated, sazonality: {} }));
    const { result } = renderHook(
      () =>
        useBusinessMutation({
          mutationFn: () => api<{ business: typeof vale }>('/v1/anything', { method: 'POST' }),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(undefined));
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([updated, rio]);
  });
});

describe('failures are never silent', () => {
  const rio = aBusiness();

  it('a stale version says the property changed elsewhere, writes nothing, and Reload refetches', async () => {
    queryClient.setQueryData(businessKeys.list, [rio]);
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'version_conflict', message: 'Stale version' } }),
    );
    const { result } = renderHook(() => ({ update: useUpdateBusiness(), list: useBusinesses() }), {
      wrapper,
    });
    act(() => result.current.update.mutate({ uuid: rio.uuid, name: 'Outro nome', version: 1 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Esta propriedade foi alterada noutro lado — recarregue para ver a versão mais recente.',
    );
    expect(queryClient.getQueryData(businessKeys.list)).toEqual([rio]);

    const latest = { ...rio, name: 'Nome novo', version: 2 };
    fetchMock.mockResolvedValueOnce(json(200, { businesses: [latest] }));
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(queryClient.getQueryData(businessKeys.list)).toEqual([latest]));
  });

  it('a refusal with a reason shows that reason', async () => {
    fetchMock.mockResolvedValue(
      json(409, {
        error: {
          code: 'conflict',
          message: 'In use',
          details: [
            {
              path: 'roomsTariff',
              code: 'room_type_has_bookings',
              params: { code: 'DBL' },
              message: 'Has bookings',
            },
          ],
        },
      }),
    );
    const { result } = renderHook(
      () =>
        useBusinessMutation({
          mutationFn: () => api<{ business: typeof rio }>('/v1/anything', { method: 'POST' }),
        }),
      { wrapper },
    );
    act(() => result.current.mutate(undefined));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'O tipo de quarto DBL tem reservas, por isso não pode ser removido.',
    );
  });

  it("errors: 'form' leaves the message to the caller's form", async () => {
    fetchMock.mockResolvedValue(json(500, { error: { code: 'internal', message: 'Boom' } }));
    const { result } = renderHook(() => useUpdateBusiness({ errors: 'form' }), { wrapper });
    await expect(
      act(() => result.current.mutateAsync({ uuid: rio.uuid, name: 'X', version: 1 })),
    ).rejects.toMatchObject({ code: 'internal' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
