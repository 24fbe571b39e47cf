import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { errorMessage, toFormError } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { useDisconnectChannel } from '@/api/channels';
import { ChoiceField, type ConnectionDialogProps } from './FormParts';
import { providerSilent } from './messages';

type Choice = 'keep' | 'restore';

/**
 * "Disconnect …?" with the two ways to leave the channel: put back what it held when Tarifa
 * connected (`restore=true`, pushed before the connection goes), or leave the last prices Tarifa
 * sent. Nothing is sent any more either way.
 */
export function DisconnectDialog({ businessUuid, connection, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation('channels');
  const labelId = useId();
  const disconnect = useDisconnectChannel(businessUuid);
  const [choice, setChoice] = useState<Choice>('keep');
  // Before the mapping, nothing was ever sent: there is nothing to put back.
  const sentSomething = connection.status !== 'mapping';
  const failure = disconnect.isError
    ? providerSilent(toFormError(disconnect.error).code)
      ? t('noAnswer')
      : errorMessage(t, disconnect.error)
    : undefined;

  return (
    <ConfirmDeleteDialog
      open
      title={t('disconnect.title', { name: connection.name })}
      body={sentSomething ? t('disconnect.body') : t('disconnect.bodyNothingSent')}
      confirmLabel={t('disconnect.confirm')}
      cancelLabel={t('actions.cancel')}
      pending={disconnect.isPending}
      error={failure}
      onCancel={onClose}
      onConfirm={() =>
        disconnect.mutate(
          { id: connection.uuid, restore: sentSomething && choice === 'restore' },
          {
            onSuccess: () => {
              showSnackbar({
                severity: 'success',
                message: t('disconnect.done', { name: connection.name }),
              });
              onClose();
            },
          },
        )
      }
    >
      {sentSomething && (
        <ChoiceField
          id={labelId}
          label={t('disconnect.choice')}
          value={choice}
          options={['keep', 'restore'] as const}
          disabled={disconnect.isPending}
          onChange={setChoice}
          labelOf={(option) => (
            <>
              <Typography variant="body1">{t(`disconnect.${option}.label`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`disconnect.${option}.help`)}
              </Typography>
            </>
          )}
        />
      )}
    </ConfirmDeleteDialog>
  );
}
