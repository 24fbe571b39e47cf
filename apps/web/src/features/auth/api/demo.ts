import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDemoInfo } from '@tarifa/contract';
import { api } from '@/lib/api';

/** `GET /api/demo`: the demo account's credentials, when this server has one. */
const demoInfoQueryOptions = queryOptions({
  queryKey: ['demo'],
  queryFn: ({ signal }) => api<TDemoInfo>('/demo', { signal }),
  staleTime: Infinity,
  retry: false,
});

export function useDemoInfo() {
  return useQuery(demoInfoQueryOptions).data;
}
