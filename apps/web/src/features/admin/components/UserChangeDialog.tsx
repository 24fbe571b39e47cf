import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TPlanId, TRole } from '@tarifa/contract';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { showSnackbar } from '@/lib/snackbar';
import { adminErrorMessage, useUpdateAdminUser } from '../api/admin';
import { ChoiceField } from './ChoiceField';
import { planChoices, roleChoices } from './choices';

/** What an admin can change on an account, one confirmation each. */
export type UserChange = 'role' | 'plan' | 'disable' | 'enable';

/**
 * Confirms one change to `user`, naming them; the role and the plan are chosen in the dialog. A
 * rule the API names (the last super-admin…) shows inside it, translated.
 */
export function UserChangeDialog({
  user,
  change,
  onClose,
}: {
  user: TAdminUser;
  change: UserChange;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const update = useUpdateAdminUser();
  const [role, setRole] = useState<TRole | ''>(user.roles[0] ?? 'client');
  const [plan, setPlan] = useState<TPlanId | ''>(user.plan);
  const name = user.name;

  const patch =
    change === 'role'
      ? { roles: [role || 'client'] }
      : change === 'plan'
        ? { plan: plan || user.plan }
        : { disabled: change === 'disable' };
  const unchanged =
    (change === 'role' && role === user.roles[0]) || (change === 'plan' && plan === user.plan);

  return (
    <ConfirmDeleteDialog
      open
      title={t(`users.confirm.${change}.title`, { name })}
      body={t(`users.confirm.${change}.body`, { name, email: user.email })}
      confirmLabel={t(`users.confirm.${change}.confirm`)}
      cancelLabel={t('actions.cancel')}
      confirmColor={change === 'disable' ? 'error' : 'primary'}
      pending={update.isPending}
      error={update.isError ? adminErrorMessage(t, update.error) : undefined}
      onCancel={onClose}
      onConfirm={() => {
        if (unchanged) return onClose();
        update.mutate(
          { uuid: user.uuid, patch },
          {
            onSuccess: () => {
              showSnackbar({ severity: 'success', message: t(`users.done.${change}`, { name }) });
              onClose();
            },
          },
        );
      }}
    >
      {change === 'role' && (
        <ChoiceField
          label={t('users.columns.role')}
          value={role}
          options={roleChoices(t)}
          onChange={setRole}
        />
      )}
      {change === 'plan' && (
        <ChoiceField
          label={t('users.columns.plan')}
          value={plan}
          options={planChoices(t)}
          onChange={setPlan}
        />
      )}
    </ConfirmDeleteDialog>
  );
}
