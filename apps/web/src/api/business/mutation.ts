import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBusiness } from '@tarifa/contract';
import { showSnackbar } from '@/lib/snackbar';
import { useReportBusinessError } from './errors';
import { replaceBusiness, setBusinesses } from './store';

/** What every business call answers: the changed business, or the whole list. */
type BusinessAnswer = { business: TBusiness } | { businesses: TBusiness[] };

interface BusinessMutationOptions<TVars, TAnswer extends BusinessAnswer> extends Omit<
  UseMutationOptions<TAnswer, Error, TVars>,
  'mutationFn' | 'onError'
> {
  mutationFn: (vars: TVars) => Promise<TAnswer>;
  /**
   * Who tells the user about a failure — never nobody:
   * - `snackbar` (default): a translated snackbar (a version conflict with a Reload button);
   * - `form`: the caller shows it (`mutateAsync` rejects; e.g. `useZodForm`, `BusinessErrorAlert`);
   * - `both`: the snackbar, and the caller also gets it to show in place
   *   (updating or deleting an occupancy level, deleting a season).
   */
  errors?: 'snackbar' | 'form' | 'both';
  /** i18n key of a snackbar shown on success, e.g. `property:saved`. */
  successMessage?: string;
}

/**
 * The one way to call the businesses API with a change: the answer updates the store (a
 * `{business}` replaces its namesake and moves first, a `{businesses}` replaces the list) before
 * the caller's `onSuccess`, and a failure is always reported (see `errors`).
 *
 * ```ts
 * export function useUpdateFluctuationLevel() {
 *   return useBusinessMutation({
 *     errors: 'both',
 *     mutationFn: ({ uuid, groupUuid, ...body }: { uuid: string; groupUuid: string } & FluctuationLevelBody) =>
 *       api<BusinessEnvelope>(businessPath(uuid, `/tariff-configuration/fluctuation-levels/${groupUuid}`),
 *         { method: 'PUT', body }),
 *   });
 * }
 * ```
 */
export function useBusinessMutation<TVars, TAnswer extends BusinessAnswer>({
  errors = 'snackbar',
  successMessage,
  onSuccess,
  ...options
}: BusinessMutationOptions<TVars, TAnswer>) {
  const queryClient = useQueryClient();
  const report = useReportBusinessError();
  const { t } = useTranslation();
  return useMutation<TAnswer, Error, TVars>({
    ...options,
    onSuccess: (answer, ...rest) => {
      if ('businesses' in answer) setBusinesses(queryClient, answer.businesses);
      else replaceBusiness(queryClient, answer.business);
      if (successMessage) showSnackbar({ severity: 'success', message: t(successMessage) });
      return onSuccess?.(answer, ...rest);
    },
    onError: (error) => {
      if (errors !== 'form') report(error);
    },
  });
}
