import type {
  TBusinessEnvelope,
  TBusinessSazonalityEnvelope,
  TSazonalityBodyInput,
} from '@tarifa/contract';
import { api } from '@/lib/api';
import { businessPath, useBusinessMutation } from '@/api/business';
import { onFormFields } from '@/lib/forms';

const base = '/tariff-configuration/sazonalities';

type SaveSazonalityVars = {
  businessUuid: string;
  /** The season to change; absent to add one. */
  id?: string;
} & TSazonalityBodyInput;

/**
 * `POST …/tariff-configuration/sazonalities` (add) or `PUT …/sazonalities/{id}` (change), with the
 * business `version` the form showed: a stale one is refused (409) instead of overwriting a
 * change made elsewhere. The answer `{business, sazonality}` updates the businesses store; the
 * form shows any failure on its fields.
 */
export function useSaveSazonality() {
  return useBusinessMutation({
    errors: 'form',
    mutationFn: async ({ businessUuid, id, ...body }: SaveSazonalityVars) => {
      try {
        return await api<TBusinessSazonalityEnvelope>(
          businessPath(businessUuid, id ? `${base}/${encodeURIComponent(id)}` : base),
          { method: id ? 'PUT' : 'POST', body },
        );
      } catch (error) {
        throw onFormFields(error, 'sazonality.');
      }
    },
  });
}

/** `DELETE …/tariff-configuration/sazonalities/{id}` → `{business}` without it. */
export function useDeleteSazonality() {
  return useBusinessMutation({
    errors: 'both',
    mutationFn: ({ businessUuid, id }: { businessUuid: string; id: string }) =>
      api<TBusinessEnvelope>(businessPath(businessUuid, `${base}/${encodeURIComponent(id)}`), {
        method: 'DELETE',
      }),
  });
}
