import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  channelLimits,
  channelProviders,
  ZChannelCreate,
  type TChannelCreate,
  type TChannelProvider,
} from '@tarifa/contract';
import { PasswordField } from '@/components/PasswordField';
import { useZodForm, type FormError } from '@/lib/forms';
import { showSnackbar } from '@/lib/snackbar';
import { useCreateChannel } from '@/api/channels';
import { ChoiceField, ConnectionFormAlert, FormDialogActions } from './FormParts';
import { channelField, type TextForm } from './messages';

const [ZChannexCreate, ZOpenTravelCreate] = ZChannelCreate.options;

/** A `useZodForm` form of one provider, as the wrapper below needs it. */
type ProviderForm = TextForm<'name'> & {
  formProps: {
    ref: Ref<HTMLFormElement>;
    noValidate: boolean;
    onSubmit: (event: FormEvent) => void;
  };
  formError: FormError | null;
};

/** One provider's form: its refusals that name no field, the connection's name, then its fields. */
function ProviderFields({
  id,
  label,
  form,
  children,
}: {
  id: string;
  label: string;
  form: ProviderForm;
  children: ReactNode;
}) {
  const { t } = useTranslation('channels');
  return (
    <Stack component="form" id={id} spacing={2} aria-label={label} {...form.formProps}>
      <ConnectionFormAlert error={form.formError} />
      <TextField
        label={t('add.name')}
        required
        fullWidth
        autoFocus
        {...channelField(t, form, 'name', t('add.nameHelp'))}
        slotProps={{ htmlInput: { maxLength: channelLimits.nameMax } }}
      />
      {children}
    </Stack>
  );
}

/**
 * Adds a connection: the provider (Channex or an OpenTravel system), then its fields. Submitting
 * tests the credentials with the provider before anything is saved: a refusal lands on the field
 * it names (API key, property id, address…), a provider that does not answer asks to try again.
 * The secret is typed in a password field; once saved only its last characters are shown.
 */
export function AddConnectionDialog({
  businessUuid,
  onClose,
}: {
  businessUuid: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('channels');
  const titleId = useId();
  const formId = `${titleId}-form`;
  const create = useCreateChannel(businessUuid);
  const [provider, setProvider] = useState<TChannelProvider>('channex');
  const onSubmit = async (body: TChannelCreate) => {
    const connection = await create.mutateAsync(body);
    showSnackbar({ severity: 'success', message: t('add.done', { name: connection.name }) });
    onClose();
  };
  // Both forms stay, so going back to the other provider finds what was typed there.
  const channex = useZodForm({
    schema: ZChannexCreate,
    initialValues: {
      provider: 'channex',
      name: '',
      propertyId: '',
      apiKey: '',
      environment: 'production',
    },
    onSubmit,
  });
  const openTravel = useZodForm({
    schema: ZOpenTravelCreate,
    initialValues: {
      provider: 'opentravel',
      name: '',
      endpoint: '',
      hotelCode: '',
      requestorId: '',
      password: '',
    },
    onSubmit,
  });
  const submitting = channex.submitting || openTravel.submitting;
  const idInput = { htmlInput: { maxLength: channelLimits.idMax, dir: 'ltr' } };

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('add.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <DialogContentText>{t('add.body')}</DialogContentText>
          <ChoiceField
            id={`${titleId}-provider`}
            label={t('add.provider')}
            value={provider}
            options={channelProviders}
            labelOf={(option) => t(`providers.${option}.choice`)}
            onChange={setProvider}
            disabled={submitting}
          />

          {provider === 'channex' ? (
            <ProviderFields id={formId} label={t('providers.channex.name')} form={channex}>
              <TextField
                label={t('add.channex.propertyId')}
                required
                fullWidth
                {...channelField(t, channex, 'propertyId', t('add.channex.propertyIdHelp'))}
                slotProps={idInput}
              />
              <PasswordField
                label={t('add.channex.apiKey')}
                fullWidth
                autoComplete="off"
                {...channelField(t, channex, 'apiKey', t('add.secretHelp'))}
              />
              <ChoiceField
                id={`${titleId}-environment`}
                label={t('add.channex.environment')}
                value={channex.values.environment ?? 'production'}
                options={['production', 'staging'] as const}
                labelOf={(environment) => t(`add.channex.${environment}`)}
                onChange={(environment) => channex.setValue('environment', environment)}
                row
              />
            </ProviderFields>
          ) : (
            <ProviderFields id={formId} label={t('providers.opentravel.name')} form={openTravel}>
              <TextField
                label={t('add.opentravel.endpoint')}
                required
                fullWidth
                type="url"
                placeholder="https://"
                {...channelField(t, openTravel, 'endpoint', t('add.opentravel.endpointHelp'))}
                slotProps={{ htmlInput: { maxLength: 2048, dir: 'ltr' } }}
              />
              <TextField
                label={t('add.opentravel.hotelCode')}
                required
                fullWidth
                {...channelField(t, openTravel, 'hotelCode', t('add.opentravel.hotelCodeHelp'))}
                slotProps={idInput}
              />
              <TextField
                label={t('add.opentravel.requestorId')}
                required
                fullWidth
                {...channelField(t, openTravel, 'requestorId', t('add.opentravel.requestorIdHelp'))}
                slotProps={idInput}
              />
              <PasswordField
                label={t('add.opentravel.password')}
                fullWidth
                autoComplete="new-password"
                {...channelField(t, openTravel, 'password', t('add.secretHelp'))}
              />
            </ProviderFields>
          )}
          <DialogContentText variant="body2">{t('add.tested')}</DialogContentText>
        </Stack>
      </DialogContent>
      <FormDialogActions
        formId={formId}
        submitting={submitting}
        label={t('add.submit')}
        onCancel={onClose}
      />
    </Dialog>
  );
}
