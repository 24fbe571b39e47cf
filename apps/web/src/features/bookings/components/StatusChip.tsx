import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TBookingStatus } from '@tarifa/contract';

const colors: Record<TBookingStatus, 'success' | 'error' | 'warning'> = {
  confirmed: 'success',
  cancelled: 'error',
  no_show: 'warning',
};

/** A booking's status as a coloured chip with its translated name. */
export function StatusChip({ status }: { status: TBookingStatus }) {
  const { t } = useTranslation('bookings');
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'confirmed' ? 'filled' : 'outlined'}
      label={t(`status.${status}`)}
    />
  );
}
