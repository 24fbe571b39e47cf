import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ZInviteBody, type TMemberRole } from '@tarifa/contract';
import { FormAlert, useZodForm } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { useInvite } from '../api/members';
import { RolePicker } from './RolePicker';

/** An address and a role: the invitation is e-mailed with a link that works once, for 7 days. */
export function InviteDialog({
  businessUuid,
  onClose,
}: {
  businessUuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const titleId = useId();
  const formId = `${titleId}-form`;
  const invite = useInvite(businessUuid);
  const form = useZodForm({
    schema: ZInviteBody,
    initialValues: { email: '', role: 'revenue' as TMemberRole },
    onSubmit: async (body) => {
      const sent = await invite.mutateAsync(body);
      showSnackbar({ severity: 'success', message: t('invite.sent', { email: sent.email }) });
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={() => !form.submitting && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('invite.title')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} spacing={2.5} sx={{ pt: 1 }} {...form.formProps}>
          <DialogContentText>{t('invite.body')}</DialogContentText>
          <FormAlert error={form.formError} />
          <TextField
            label={t('invite.email')}
            type="email"
            required
            fullWidth
            autoFocus
            autoComplete="off"
            {...form.field('email')}
          />
          <RolePicker
            value={form.values.role}
            onChange={(role) => form.setValue('role', role)}
            error={form.errorFor('role')}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.submitting}>
          {t('cancel')}
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={form.submitting}>
          {t('invite.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
