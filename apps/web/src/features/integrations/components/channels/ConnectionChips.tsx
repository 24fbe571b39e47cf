import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TChannelConnection } from '@tarifa/contract';

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error';

const statusColors: Record<TChannelConnection['status'], ChipColor> = {
  mapping: 'info',
  active: 'success',
  paused: 'default',
};

const healthColors: Record<TChannelConnection['health'], ChipColor> = {
  never: 'default',
  ok: 'success',
  warnings: 'warning',
  failing: 'error',
};

/** Where a connection stands: waiting for its mapping, sending, or paused. */
export function ConnectionStatusChip({ status }: { status: TChannelConnection['status'] }) {
  const { t } = useTranslation('channels');
  return (
    <Chip
      size="small"
      color={statusColors[status]}
      label={t(`status.${status}`)}
      data-testid="connection-status"
    />
  );
}

/** How its last push went: nothing sent yet, all taken, some values refused, failing. */
export function ConnectionHealthChip({ health }: { health: TChannelConnection['health'] }) {
  const { t } = useTranslation('channels');
  return (
    <Chip
      size="small"
      color={healthColors[health]}
      variant={health === 'never' ? 'outlined' : 'filled'}
      label={t(`health.${health}`)}
      data-testid="connection-health"
    />
  );
}
