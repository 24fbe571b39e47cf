import { useQuery } from '@tanstack/react-query';
import type { TBusiness, TRatePlansResponse } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath } from '@/api/business';

/**
 * A property's rate plans (docs/rate-plans.md), for every feature that shows them: the price-setup
 * card that edits them (its calls stay in `features/businesses/api`) and the price calendar that
 * switches between them. Import from here (`@/api/rate-plans`).
 */
type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

export const ratePlanKeys = {
  all: (businessUuid: string) => ['rate-plans', businessUuid] as const,
  list: (b: BusinessRef) => ['rate-plans', b.uuid, b.version] as const,
};

/**
 * `GET …/rate-plans`: the base plan first, then each parent before the plans derived from it. The
 * business's `version` is part of the key: any change to the property bumps it (a room type
 * removed leaves its plans), so the list is read again.
 */
export const useRatePlans = (business: BusinessRef, enabled = true) =>
  useQuery({
    queryKey: ratePlanKeys.list(business),
    queryFn: ({ signal }) =>
      api<TRatePlansResponse>(businessPath(business.uuid, '/rate-plans'), { signal }),
    enabled,
  });
