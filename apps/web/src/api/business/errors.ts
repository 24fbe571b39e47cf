import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { errorCodeMessage, issueMessage } from '@/lib/forms';
import { dismissSnackbar, showSnackbar } from '@/lib/snackbar';
import { businessKeys } from './keys';

/** Someone (another tab, another person) changed the business since this page read it. */
function isVersionConflict(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'version_conflict';
}

/** The "changed elsewhere" snackbar on screen, if any: one Reload answers it wherever it is. */
let conflictSnack: number | undefined;

function dismissConflictSnack() {
  if (conflictSnack !== undefined) dismissSnackbar(conflictSnack);
  conflictSnack = undefined;
}

/**
 * Refetches the businesses: what "Reload" does after a version conflict, in the snackbar or in a
 * form (`BusinessErrorAlert`). Either way the conflict snackbar closes: it has been answered.
 */
export function useReloadBusinesses() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    dismissConflictSnack();
    // `all`: refetched even when no screen watches the list at this moment.
    return queryClient.invalidateQueries({ queryKey: businessKeys.list, refetchType: 'all' });
  }, [queryClient]);
}

/**
 * `(error) => void` that tells the user, in a snackbar, why a business call failed: a version
 * conflict as "this property was changed elsewhere" with a Reload button (nothing is overwritten),
 * a refusal with details (a room type in use…) by its first detail, anything else by its code.
 */
export function useReportBusinessError() {
  const { t } = useTranslation();
  const reload = useReloadBusinesses();
  return useCallback(
    (error: unknown) => {
      if (isVersionConflict(error)) {
        dismissConflictSnack();
        conflictSnack = showSnackbar({
          severity: 'warning',
          message: t('property:conflict.message'),
          action: { label: t('property:conflict.reload'), onClick: () => void reload() },
        });
        return;
      }
      const detail = error instanceof ApiError ? error.details[0] : undefined;
      const code = error instanceof ApiError ? error.code : 'internal';
      showSnackbar({
        severity: 'error',
        message: detail ? issueMessage(t, detail) : errorCodeMessage(t, code),
      });
    },
    [t, reload],
  );
}
