import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { abilityRulesFor, type TRole } from '@tarifa/contract';
import { buildAbility } from '@/lib/auth/ability';
import { AppThemeProvider } from '@/lib/theme/ThemeSettings';

/** Shows where the router is, so a test can assert a navigation. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <div data-testid="location" hidden>{`${pathname}${search}`}</div>;
}

/** What a component of the shell needs around it: query cache, abilities, theme, router. */
export function TestProviders({
  children,
  roles = ['client'],
  path = '/',
}: {
  children: ReactNode;
  roles?: TRole[];
  path?: string;
}) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
  );
  const [ability] = useState(() => buildAbility(abilityRulesFor({ uuid: 'u1', roles })));
  return (
    <QueryClientProvider client={client}>
      <AbilityProvider value={ability}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={[path]}>
            {children}
            <LocationProbe />
          </MemoryRouter>
        </AppThemeProvider>
      </AbilityProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(
  ui: ReactNode,
  options: { roles?: TRole[]; path?: string } = {},
) {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}
