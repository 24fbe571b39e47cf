import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { SnackbarHost } from '../../../components/SnackbarHost';
import { businessesQueryOptions, businessKeys } from '../api';

/**
 * Renders `ui` in a data router (forms use `useBlocker`) with a query client holding `businesses`
 * as the store's list, and the snackbar.
 */
export function renderWithStore(ui: ReactNode, businesses: TBusiness[] = []) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  // As the shell does: the list is a known query (so a reload can refetch it), already loaded.
  queryClient.setQueryDefaults(businessKeys.list, { queryFn: businessesQueryOptions.queryFn });
  queryClient.setQueryData(businessKeys.list, businesses);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          {ui}
          <SnackbarHost />
        </>
      ),
    },
  ]);
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** Types into a field at once (pasting: typing key by key is slow in jsdom). */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
