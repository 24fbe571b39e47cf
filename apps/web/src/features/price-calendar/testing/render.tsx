import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { SnackbarHost } from '@/components/SnackbarHost';
import { LocationProbe } from '@/testing';
import { AppThemeProvider } from '@/lib/theme/ThemeSettings';
import { businessKeys } from '@/lib/business';

/**
 * Pretends the screen is `width` pixels wide for `useMediaQuery` (jsdom has no `matchMedia`, so
 * without this every component sees a phone). Returns the function that undoes it.
 */
export function stubScreenWidth(width: number): () => void {
  const matchMedia = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches =
      Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: matchMedia,
  });
  return () => {
    delete (window as { matchMedia?: unknown }).matchMedia;
  };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Renders `ui` as the app would: theme (and its direction), a data router at `path`, a query
 * client whose businesses store holds `business` as the selected property, and the snackbar.
 */
export function renderCalendar(ui: ReactNode, business?: TBusiness, path = '/') {
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
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>,
    ),
  };
}
