import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TWebhook } from '@tarifa/contract';

const colors: Record<TWebhook['health'], 'default' | 'success' | 'warning' | 'error'> = {
  never: 'default',
  ok: 'success',
  retrying: 'warning',
  failing: 'error',
};

/** How the webhook is doing: nothing sent yet, delivering, retrying, failing. */
export function WebhookHealthChip({ health }: { health: TWebhook['health'] }) {
  const { t } = useTranslation('integrations');
  return (
    <Chip
      size="small"
      color={colors[health]}
      variant={health === 'never' ? 'outlined' : 'filled'}
      label={t(`webhook.health.${health}`)}
      data-testid="webhook-health"
    />
  );
}
