import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from '@/lib/api';

/**
 * Failed fetches are retried 3 times with exponential backoff from 1 s, capped at 30 s;
 * unused cached data is collected after 5 minutes. Answers that retrying cannot change (4xx), and
 * a busy server's 503 that `api()` already sent again after its Retry-After, are not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        staleTime: 30 * 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
