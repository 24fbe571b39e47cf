import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { integrationsPath, useWebhook } from '@/api/publishing';

/**
 * A warning while approved prices are not reaching the system that sells the rooms: the webhook's
 * last delivery failed for good (`failing`) or is being retried (`retrying`).
 */
export function WebhookBanner({ businessUuid }: { businessUuid: string }) {
  const { t } = useTranslation('priceChanges');
  const webhook = useWebhook(businessUuid);
  const health = webhook.data?.health;
  if (health !== 'failing' && health !== 'retrying') return null;
  return (
    <Alert
      severity={health === 'failing' ? 'error' : 'warning'}
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
