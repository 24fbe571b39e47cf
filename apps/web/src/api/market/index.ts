import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TBusinessEnvelope,
  TCompetitor,
  TCompetitorBody,
  TCompetitorRatesImportQuery,
  TCompetitorRatesImportResult,
  TCompetitorsList,
  TMarketResponse,
  TMarketSettings,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { priceKeys } from '@/api/prices';

/**
 * The market context of a business (competitors, their rates, the market figures per night), for
 * the Market page, the price calendar and the BI area. Import from `@/api/market`.
 */
const marketKeys = {
  all: (businessUuid: string) => ['market', businessUuid] as const,
  competitors: (businessUuid: string) => ['market', businessUuid, 'competitors'] as const,
  /** The figures of a range; the business's `version` (settings) is part of it, as for prices. */
  nights: (businessUuid: string, version: number, from: string, to: string) =>
    ['market', businessUuid, 'nights', version, from, to] as const,
};

export function useCompetitors(businessUuid: string) {
  return useQuery({
    queryKey: marketKeys.competitors(businessUuid),
    queryFn: ({ signal }) =>
      api<TCompetitorsList>(businessPath(businessUuid, '/competitors'), { signal }),
    select: (answer) => answer.competitors,
  });
}

/** `GET …/market?from&to`: per room type and night, the market's figures and Tarifa's price. */
function marketNightsQueryOptions(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
) {
  return queryOptions({
    queryKey: marketKeys.nights(business.uuid, business.version, from, to),
    queryFn: ({ signal }) =>
      api<TMarketResponse>(businessPath(business.uuid, `/market${searchOf({ from, to })}`), {
        signal,
      }),
    select: (answer) => answer.nights,
  });
}

export function useMarketNights(
  business: Pick<TBusiness, 'uuid' | 'version'>,
  from: string,
  to: string,
  enabled = true,
) {
  return useQuery({ ...marketNightsQueryOptions(business, from, to), enabled });
}

/** After rates or competitors change, the market figures and the prices are read again. */
function useInvalidateMarket(businessUuid: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: marketKeys.all(businessUuid) }),
      queryClient.invalidateQueries({ queryKey: priceKeys.all(businessUuid) }),
    ]);
}

/** Creates (no `competitorUuid`) or replaces a competitor. */
export function useSaveCompetitor(businessUuid: string) {
  const invalidate = useInvalidateMarket(businessUuid);
  return useMutation({
    mutationFn: ({ competitorUuid, ...body }: TCompetitorBody & { competitorUuid?: string }) =>
      api<{ competitor: TCompetitor }>(
        businessPath(businessUuid, `/competitors${competitorUuid ? `/${competitorUuid}` : ''}`),
        { method: competitorUuid ? 'PUT' : 'POST', body },
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteCompetitor(businessUuid: string) {
  const invalidate = useInvalidateMarket(businessUuid);
  return useMutation({
    mutationFn: (competitorUuid: string) =>
      api<void>(businessPath(businessUuid, `/competitors/${competitorUuid}`), {
        method: 'DELETE',
      }),
    onSuccess: invalidate,
  });
}

/** `POST …/competitor-rates/import`: the CSV and the choices; answers the report. */
export function useImportRates(businessUuid: string) {
  const invalidate = useInvalidateMarket(businessUuid);
  return useMutation({
    mutationFn: ({ file, ...query }: { file: File } & TCompetitorRatesImportQuery) => {
      const body = new FormData();
      body.append('file', file);
      return api<TCompetitorRatesImportResult>(
        businessPath(businessUuid, `/competitor-rates/import${searchOf(query)}`),
        { method: 'POST', body },
      );
    },
    onSuccess: invalidate,
  });
}

/** Saves the market settings (the `market` key of the tariff settings, replaced whole). */
export function useSaveMarketSettings() {
  return useBusinessMutation({
    errors: 'form',
    successMessage: 'market:settings.saved',
    mutationFn: ({ uuid, market }: { uuid: string; market: TMarketSettings }) =>
      api<TBusinessEnvelope>(businessPath(uuid, '/tariff-configuration/settings'), {
        method: 'PUT',
        body: { settings: { market } },
      }),
  });
}

/** Tarifa's price as a share of the market median (1 = at the median); null without a median. */
export function pricePosition(night: { price: number; median: number | null }): number | null {
  return night.median ? night.price / night.median : null;
}
