import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TBusiness } from '@tarifa/contract';
import { SnackbarHost } from '@/components/SnackbarHost';
import { businessesQueryOptions, businessKeys } from '@/api/business';
import { AppThemeProvider } from '@/lib/theme/ThemeSettings';
import { LocationProbe } from './providers';

/**
 * Renders a feature's `ui` at `path` in a data router (forms use `useBlocker`), with a query client
 * whose businesses store already holds `businesses` (the first is the selected property; left
 * unset when not given), the app's theme (and its direction), the snackbar and a `LocationProbe`.
 *
 * ```tsx
 * const { queryClient, router } = renderWithBusinesses(<SeasonForm … />, [business], '/seasons');
 * ```
 */
export function renderWithBusinesses(ui: ReactNode, businesses?: TBusiness[], path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  // As the shell does: the list is a known query (so a reload can refetch it), already loaded.
  queryClient.setQueryDefaults(businessKeys.list, { queryFn: businessesQueryOptions.queryFn });
  if (businesses) queryClient.setQueryData(businessKeys.list, businesses);
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

/**
 * A user for a test, as `userEvent.setup()` but without its pointer-events check: before every
 * click that check reads the computed style of the target and each of its ancestors, which jsdom
 * answers by walking every style sheet MUI has inserted — half of a form test's time. Disabled
 * controls still refuse clicks (the `disabled` attribute), and no test asserts `pointer-events`.
 */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });

/** Types into a field at once (pasting: typing key by key is slow in jsdom). */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
