import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { SnackbarHost } from '../../../components/SnackbarHost';
import { businessesQueryOptions, businessKeys } from '../../businesses/api';

/**
 * Renders `ui` in a data router (the forms use `useBlocker`) at `path`, with the businesses store
 * already holding `businesses`, and the app's snackbar.
 */
export function renderWithBusinesses(ui: ReactNode, businesses: TBusiness[], path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryDefaults(businessKeys.list, { queryFn: businessesQueryOptions.queryFn });
  queryClient.setQueryData(businessKeys.list, businesses);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {ui}
            <SnackbarHost />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router };
}

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
