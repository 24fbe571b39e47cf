import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultTariffSettings, type TBusiness, type TRoomTariff } from '@tarifa/contract';
import { SnackbarHost } from '../../../components/SnackbarHost';
import { LocationProbe } from '../../../components/testing/TestProviders';
import { businessKeys } from '../../businesses/api';

let counter = 0;
/** A uuid-shaped id, different on every call. */
export function anUuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

export function aRoom(overrides: Partial<TRoomTariff> = {}): TRoomTariff {
  return {
    uuid: anUuid(),
    name: 'Quarto duplo',
    code: 'DBL',
    rooms: 8,
    basePrice: 100,
    minPrice: 70,
    maxPrice: 200,
    derivedFrom: null,
    ...overrides,
  };
}

/** A business as the API answers it, with the given room types. */
export function aBusiness(rooms: TRoomTariff[] = [aRoom()]): TBusiness {
  return {
    uuid: anUuid(),
    ownerUuid: '6f1c2b8e-2f57-4d5e-9a8c-1d2e3f4a5b6c',
    name: 'Casa do Rio',
    currency: 'EUR',
    timezone: 'Europe/Lisbon',
    country: 'PT',
    city: 'Porto',
    address: null,
    phone: null,
    email: null,
    website: null,
    checkInTime: '15:00',
    checkOutTime: '11:00',
    version: 1,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    deletedAt: null,
    photos: [],
    tariffConfiguration: {
      roomsTariff: rooms,
      settings: defaultTariffSettings,
      fluctuationLevels: [],
      sazonalities: [],
    },
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Renders `ui` in a router and a query client that holds `business` as the selected property. */
export function renderBookings(ui: ReactNode, business?: TBusiness, path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  if (business) queryClient.setQueryData(businessKeys.list, [business]);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <SnackbarHost />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return {
    queryClient,
    router,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}
