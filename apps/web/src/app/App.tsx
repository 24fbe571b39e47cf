import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppThemeProvider } from '@/lib/theme/ThemeSettings';
import { createQueryClient } from './queryClient';
import { useAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const router = useAppRouter();
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
