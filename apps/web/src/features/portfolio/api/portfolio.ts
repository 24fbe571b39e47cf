import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPortfolioCopyBody,
  TPortfolioCopyResponse,
  TPortfolioQuery,
  TPortfolioResponse,
} from '@tarifa/contract';
import { businessKeys } from '@/api/business';
import { priceChangeKeys } from '@/api/price-changes';
import { api, searchOf } from '@/lib/api';

/** The portfolio's query keys: every period under `all`. */
export const portfolioKeys = {
  all: ['portfolio'] as const,
  period: (query: TPortfolioQuery) => [...portfolioKeys.all, query.from, query.to] as const,
};

/** `GET /api/v1/portfolio?from&to`: the owner's properties side by side; the last period stays while the next loads. */
export function usePortfolio(query: TPortfolioQuery) {
  return useQuery({
    queryKey: portfolioKeys.period(query),
    queryFn: ({ signal }) => api<TPortfolioResponse>(`/v1/portfolio${searchOf(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/v1/portfolio/copy/preview`: what a copy would change in each target; saves nothing. */
export function usePreviewCopy() {
  return useMutation({
    mutationFn: (body: TPortfolioCopyBody) =>
      api<TPortfolioCopyResponse>('/v1/portfolio/copy/preview', { method: 'POST', body }),
  });
}

/**
 * `POST /api/v1/portfolio/copy`: the copy, each target all or nothing. What it changes goes stale:
 * the properties (their configuration and version), their price changes and the portfolio.
 */
export function useCopySetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPortfolioCopyBody) =>
      api<TPortfolioCopyResponse>('/v1/portfolio/copy', { method: 'POST', body }),
    onSettled: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.list }),
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
        ...(answer?.targets ?? []).map((target) =>
          queryClient.invalidateQueries({ queryKey: priceChangeKeys.all(target.businessUuid) }),
        ),
      ]),
  });
}
