import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { buildAbility } from '@/lib/auth/ability';
import { useSession } from '@/lib/auth/session';
import { AppThemeProvider } from '@/lib/theme/ThemeSettings';
import { createQueryClient } from './queryClient';
import { useAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { userAbilityRules } = useSession();
  const ability = useMemo(() => buildAbility(userAbilityRules), [userAbilityRules]);
  const router = useAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <AbilityProvider value={ability}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </AbilityProvider>
    </QueryClientProvider>
  );
}
