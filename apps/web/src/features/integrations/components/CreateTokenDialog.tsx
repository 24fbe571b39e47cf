import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiTokenScopes,
  bookingLimits,
  ZCreateApiTokenBody,
  type TApiTokenScope,
  type TCreatedApiToken,
} from '@tarifa/contract';
import { FormAlert, useZodForm } from '@/lib/forms';
import { useCreateApiToken } from '../api/tokens';
import { CopyField } from './CopyField';

/**
 * Names a new token, then shows its secret — this once, with a copy button and a clear warning
 * that it cannot be shown again.
 */
export function CreateTokenDialog({
  businessUuid,
  onClose,
}: {
  businessUuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('integrations');
  const titleId = useId();
  const formId = `${titleId}-form`;
  const create = useCreateApiToken(businessUuid);
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const scopesId = useId();
  const form = useZodForm({
    schema: ZCreateApiTokenBody,
    initialValues: { name: '', scopes: [...apiTokenScopes] as TApiTokenScope[] },
    onSubmit: async (body) => setCreated(await create.mutateAsync(body)),
  });

  return (
    <Dialog
      open
      // The secret is shown once: it closes only through its button, never by a stray click.
      onClose={(_, reason) => {
        if (form.submitting) return;
        if (!created || reason === 'escapeKeyDown') onClose();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {created ? t('created.title', { name: created.apiToken.name }) : t('create.title')}
      </DialogTitle>
      <DialogContent>
        {created ? (
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Alert severity="warning">
              <AlertTitle>{t('created.warningTitle')}</AlertTitle>
              {t('created.warning')}
            </Alert>
            <CopyField label={t('created.secret')} value={created.token} />
            <DialogContentText>{t('created.howTo')}</DialogContentText>
          </Stack>
        ) : (
          <Stack component="form" id={formId} spacing={2} sx={{ pt: 1 }} {...form.formProps}>
            <DialogContentText>{t('create.body')}</DialogContentText>
            <FormAlert error={form.formError} />
            <TextField
              label={t('create.name')}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: bookingLimits.tokenNameMax } }}
              {...form.field('name', { helperText: t('create.nameHelp') })}
            />
            <FormControl
              component="fieldset"
              error={Boolean(form.errorFor('scopes'))}
              aria-describedby={`${scopesId}-help`}
            >
              <FormLabel component="legend">{t('scopes.label')}</FormLabel>
              <FormGroup>
                {apiTokenScopes.map((scope) => {
                  const scopes = form.values.scopes ?? [];
                  return (
                    <FormControlLabel
                      key={scope}
                      control={
                        <Checkbox
                          name="scopes"
                          value={scope}
                          checked={scopes.includes(scope)}
                          onChange={(event) =>
                            form.setValue(
                              'scopes',
                              event.target.checked
                                ? apiTokenScopes.filter((s) => s === scope || scopes.includes(s))
                                : scopes.filter((s) => s !== scope),
                            )
                          }
                        />
                      }
                      label={t(`scopes.${scope}`)}
                    />
                  );
                })}
              </FormGroup>
              <FormHelperText id={`${scopesId}-help`}>
                {form.errorFor('scopes') ?? t('scopes.help')}
              </FormHelperText>
            </FormControl>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {created ? (
          <Button variant="contained" onClick={onClose}>
            {t('created.done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={form.submitting}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="contained" loading={form.submitting}>
              {t('create.submit')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
