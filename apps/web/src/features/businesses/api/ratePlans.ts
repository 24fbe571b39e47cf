import { useQueryClient } from '@tanstack/react-query';
import type {
  TBusiness,
  TBusinessEnvelope,
  TRatePlanBodyInput,
  TRatePlanEnvelope,
} from '@tarifa/contract';
import { api, searchOf } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { ratePlanKeys } from '@/api/rate-plans';

type BusinessRef = Pick<TBusiness, 'uuid' | 'version'>;

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
