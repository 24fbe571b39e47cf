import SendIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookLimits, ZWebhookBody, type TWebhook } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { FormAlert, errorMessage, useZodForm } from '@/lib/forms';
import { useIntl } from '@/lib/intl';
import { useWebhook } from '@/api/publishing';
import { showSnackbar } from '@/lib/snackbar';
import {
  useRemoveWebhook,
  useRotateWebhookSecret,
  useSaveWebhook,
  useTestWebhook,
} from '../api/webhook';
import { CopyField } from './CopyField';
import { WebhookDeliveries } from './WebhookDeliveries';
import { WebhookHealthChip } from './WebhookHealthChip';

/** The address form: new, or the saved one to change. */
function WebhookUrlForm({
  businessUuid,
  webhook,
  onSecret,
}: {
  businessUuid: string;
  webhook: TWebhook | null;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation('integrations');
  const save = useSaveWebhook(businessUuid);
  const form = useZodForm({
    schema: ZWebhookBody,
    initialValues: { url: webhook?.url ?? '' },
    onSubmit: async (body) => {
      const answer = await save.mutateAsync(body);
      if (answer.secret) onSecret(answer.secret);
      showSnackbar({ severity: 'success', message: t('webhook.saved') });
    },
  });
  return (
    <Stack component="form" spacing={1.5} {...form.formProps} aria-label={t('webhook.formLabel')}>
      <FormAlert error={form.formError} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          label={t('webhook.url')}
          fullWidth
          type="url"
          placeholder="https://"
          slotProps={{
            htmlInput: {
              maxLength: webhookLimits.urlMax,
              dir: 'ltr',
              'data-testid': 'webhook-url',
            },
          }}
          {...form.field('url', { helperText: t('webhook.urlHelp') })}
        />
        <Button
          type="submit"
          variant="contained"
          loading={form.submitting}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
        >
          {webhook ? t('webhook.save') : t('webhook.connect')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The secret, this once, with a copy button and the warning that it will not be shown again. */
function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('integrations');
  return (
    <Stack spacing={2} data-testid="webhook-secret-once">
      <Alert severity="warning">
        <AlertTitle>{t('webhook.secretShown.title')}</AlertTitle>
        {t('webhook.secretShown.body')}
      </Alert>
      <CopyField label={t('webhook.secretShown.label')} value={secret} />
      <div>
        <Button variant="outlined" onClick={onDone}>
          {t('webhook.secretShown.done')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The property's webhook: where approved prices are delivered. The address (checked before it is
 * sent), the signing secret (shown once, rotatable), a test delivery, removal, the health and the
 * delivery log.
 */
export function WebhookCard({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('integrations');
  const intl = useIntl();
  const webhook = useWebhook(businessUuid);
  const rotate = useRotateWebhookSecret(businessUuid);
  const remove = useRemoveWebhook(businessUuid);
  const test = useTestWebhook(businessUuid);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'remove' | null>(null);
  const current = webhook.data ?? null;

  const body = () => {
    if (webhook.isPending) {
      return (
        <Stack spacing={1} aria-busy="true" aria-label={t('webhook.loading')}>
          <Skeleton variant="rounded" height={56} />
        </Stack>
      );
    }
    if (webhook.isError) {
      return (
        <LoadErrorAlert error={webhook.error} onRetry={webhook.refetch}>
          {t('webhook.loadFailed')}
        </LoadErrorAlert>
      );
    }
    return (
      <Stack spacing={2.5}>
        {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
        <WebhookUrlForm
          key={current?.url ?? ''}
          businessUuid={businessUuid}
          webhook={current}
          onSecret={setSecret}
        />
        {current && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('webhook.secretPrefix')}{' '}
              <Typography
                component="span"
                variant="body2"
                dir="ltr"
                sx={{ fontFamily: 'monospace' }}
              >
                {`${current.secretPrefix}…`}
              </Typography>
              {current.lastDeliveredAt &&
                ` · ${t('webhook.lastDelivered', {
                  when: intl.date(new Date(current.lastDeliveredAt), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })}`}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<SendIcon />}
                loading={test.isPending}
                onClick={() =>
                  test.mutate(undefined, {
                    onSuccess: () =>
                      showSnackbar({ severity: 'success', message: t('webhook.testSent') }),
                    onError: (error) =>
                      showSnackbar({
                        severity: 'error',
                        message: `${t('webhook.testFailed')} ${errorMessage(t, error)}`,
                      }),
                  })
                }
              >
                {t('webhook.test')}
              </Button>
              <Button variant="outlined" onClick={() => setConfirming('rotate')}>
                {t('webhook.rotate.open')}
              </Button>
              <Button color="error" onClick={() => setConfirming('remove')}>
                {t('webhook.remove.open')}
              </Button>
            </Stack>
            <Divider />
            <Typography variant="subtitle1" component="h3">
              {t('deliveries.title')}
            </Typography>
            <WebhookDeliveries businessUuid={businessUuid} />
          </>
        )}
      </Stack>
    );
  };

  const pendingAction = confirming === 'rotate' ? rotate : remove;
  return (
    <Card component="section" aria-labelledby="webhook-title" data-testid="webhook-card">
      <CardHeader
        title={t('webhook.title')}
        subheader={t('webhook.subtitle')}
        slotProps={{ title: { id: 'webhook-title', component: 'h2', variant: 'h5' } }}
        action={current ? <WebhookHealthChip health={current.health} /> : undefined}
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent>{body()}</CardContent>
      {confirming && (
        <ConfirmDeleteDialog
          open
          title={t(`webhook.${confirming}.title`)}
          body={t(`webhook.${confirming}.body`)}
          confirmLabel={t(`webhook.${confirming}.confirm`)}
          cancelLabel={t('actions.cancel')}
          pending={pendingAction.isPending}
          error={pendingAction.isError ? errorMessage(t, pendingAction.error) : undefined}
          onCancel={() => {
            setConfirming(null);
            pendingAction.reset();
          }}
          onConfirm={() => {
            if (confirming === 'rotate') {
              rotate.mutate(undefined, {
                onSuccess: (answer) => {
                  setConfirming(null);
                  if (answer.secret) setSecret(answer.secret);
                  showSnackbar({ severity: 'success', message: t('webhook.rotate.done') });
                },
              });
            } else {
              remove.mutate(undefined, {
                onSuccess: () => {
                  setConfirming(null);
                  setSecret(null);
                  showSnackbar({ severity: 'success', message: t('webhook.remove.done') });
                },
              });
            }
          }}
        />
      )}
    </Card>
  );
}
