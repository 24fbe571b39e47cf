import type { TBusinessEnvelope, TFluctuationLevelBodyInput } from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { onFormFields } from '@/lib/forms';

const base = '/tariff-configuration/fluctuation-levels';

const groupPath = (businessUuid: string, groupUuid?: string) =>
  businessPath(businessUuid, groupUuid ? `${base}/${encodeURIComponent(groupUuid)}` : base);

type SaveFluctuationLevelVars = {
  businessUuid: string;
  /** The group to change; absent to add one. */
  groupUuid?: string;
} & TFluctuationLevelBodyInput;

/**
 * `POST …/tariff-configuration/fluctuation-levels` (add) or `PUT …/{groupUuid}` (change) with the
 * business `version` the form showed (a stale one is 409, nothing overwritten). The answer
 * updates the businesses store. An update's failure goes both to the app's snackbar and to the
 * form, which shows it inline; an add's failure to the form only.
 */
export function useSaveFluctuationLevel(groupUuid: string | undefined) {
  return useBusinessMutation({
    errors: groupUuid ? 'both' : 'form',
    mutationFn: async ({ businessUuid, groupUuid: uuid, ...body }: SaveFluctuationLevelVars) => {
      try {
        return await api<TBusinessEnvelope>(groupPath(businessUuid, uuid), {
          method: uuid ? 'PUT' : 'POST',
          body,
        });
      } catch (error) {
        throw onFormFields(error, 'fluctuationLevel.');
      }
    },
  });
}

/**
 * `DELETE …/tariff-configuration/fluctuation-levels/{groupUuid}` → `{business}` without it; a
 * failure goes to the snackbar and to the form.
 */
export function useDeleteFluctuationLevel() {
  return useBusinessMutation({
    errors: 'both',
    mutationFn: ({ businessUuid, groupUuid }: { businessUuid: string; groupUuid: string }) =>
      api<TBusinessEnvelope>(groupPath(businessUuid, groupUuid), { method: 'DELETE' }),
  });
}
