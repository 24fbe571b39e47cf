import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ZDeleteBusinessBody, type TBusiness } from '@tarifa/contract';
import { useZodForm } from '@/lib/forms';
import { useDeleteBusiness } from '../api';
import { BusinessErrorAlert } from '@/components/BusinessErrorAlert';

/**
 * Deleting a property cannot happen by accident: its name must be typed again (the API checks it
 * too). It can be restored for 30 days.
 */
export function DeleteBusinessDialog({
  business,
  open,
  onClose,
}: {
  business: TBusiness;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('property');
  const titleId = useId();
  const remove = useDeleteBusiness({ errors: 'form' });
  const form = useZodForm({
    schema: ZDeleteBusinessBody,
    initialValues: { confirmName: '' },
    onSubmit: async (body) => {
      await remove.mutateAsync({ ...body, uuid: business.uuid });
      onClose();
    },
  });
  const matches = form.values.confirmName.trim() === business.name.trim();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('danger.deleteTitle', { name: business.name })}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${titleId}-form`} spacing={2} {...form.formProps}>
          <DialogContentText>{t('danger.deleteBody')}</DialogContentText>
          <DialogContentText>
            <Trans
              t={t}
              i18nKey="danger.typeName"
              values={{ name: business.name }}
              components={{ strong: <strong /> }}
            />
          </DialogContentText>
          <BusinessErrorAlert error={form.formError} />
          <TextField
            label={t('danger.confirmName')}
            autoComplete="off"
            autoFocus
            {...form.field('confirmName')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.submitting}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          form={`${titleId}-form`}
          color="error"
          variant="contained"
          disabled={!matches}
          loading={form.submitting}
        >
          {t('danger.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
