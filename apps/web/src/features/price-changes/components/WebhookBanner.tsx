import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useChannels } from '@/api/channels';
import { integrationsPath, useWebhook } from '@/api/publishing';

/**
 * Said while approved prices are not reaching a system that sells the rooms: no destination is
 * connected (`none`: no webhook and no channel connection sending — they are not sent at all), or
 * the webhook's last delivery failed for good (`failing`) or is being retried (`retrying`).
 */
export function WebhookBanner({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('priceChanges');
  const webhook = useWebhook(businessUuid);
  const channels = useChannels(businessUuid);
  // A channel connection that sends is a destination: "none" waits until the list is read.
  const sending = channels.data?.some((connection) => connection.status === 'active');
  const health =
    webhook.data === null ? (channels.data && !sending ? 'none' : undefined) : webhook.data?.health;
  if (health !== 'none' && health !== 'failing' && health !== 'retrying') return null;
  return (
    <Alert
      severity={health === 'failing' ? 'error' : health === 'retrying' ? 'warning' : 'info'}
      data-health={health}
      data-testid="webhook-health-banner"
      action={
        <Button color="inherit" size="small" component={RouterLink} to={integrationsPath}>
          {t('webhook.open')}
        </Button>
      }
    >
      <AlertTitle>{t(`webhook.${health}.title`)}</AlertTitle>
      {t(`webhook.${health}.body`)}
    </Alert>
  );
}
