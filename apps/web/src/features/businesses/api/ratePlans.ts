import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TBusinessEnvelope,
  TRatePlanBodyInput,
  TRatePlanEnvelope,
  TRatePlansResponse,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';

type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

const ratePlanKeys = {
  all: (businessUuid: string) => ['rate-plans', businessUuid] as const,
  list: (b: BusinessRef) => ['rate-plans', b.uuid, b.version] as const,
};

/**
 * `GET …/rate-plans`. The business's `version` is part of the key: any change to the property
 * bumps it (a room type removed leaves its plans), so the list is read again; the mutations below
 * also mark it stale themselves.
 */
export const useRatePlans = (business: BusinessRef) =>
  useQuery({
    queryKey: ratePlanKeys.list(business),
    queryFn: ({ signal }) =>
      api<TRatePlansResponse>(businessPath(business.uuid, '/rate-plans'), { signal }),
  });

type SaveRatePlanVars = { businessUuid: string; ratePlanUuid?: string } & TRatePlanBodyInput;

/** `POST …/rate-plans` (a new plan) or `PUT …/rate-plans/{uuid}` (a plan replaced). */
export function useSaveRatePlan() {
  const queryClient = useQueryClient();
  return useBusinessMutation({
    errors: 'form',
    onSuccess: (_, { businessUuid }) =>
      queryClient.invalidateQueries({ queryKey: ratePlanKeys.all(businessUuid) }),
    successMessage: 'property:saved',
    mutationFn: ({ businessUuid, ratePlanUuid, ...body }: SaveRatePlanVars) =>
      api<TRatePlanEnvelope>(
        businessPath(businessUuid, `/rate-plans${ratePlanUuid ? `/${ratePlanUuid}` : ''}`),
        { method: ratePlanUuid ? 'PUT' : 'POST', body },
      ),
  });
}

/** `DELETE …/rate-plans/{uuid}?version`. */
export function useDeleteRatePlan() {
  const queryClient = useQueryClient();
  return useBusinessMutation({
    onSuccess: (_, { business }) =>
      queryClient.invalidateQueries({ queryKey: ratePlanKeys.all(business.uuid) }),
    successMessage: 'property:ratePlans.deleted',
    mutationFn: ({ business, ratePlanUuid }: { business: BusinessRef; ratePlanUuid: string }) =>
      api<TBusinessEnvelope>(
        businessPath(
          business.uuid,
          `/rate-plans/${ratePlanUuid}${searchOf({ version: business.version })}`,
        ),
        { method: 'DELETE' },
      ),
  });
}
