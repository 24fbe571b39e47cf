import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TPriceChangeStatus } from '@tarifa/contract';

const colors: Record<TPriceChangeStatus, 'warning' | 'info' | 'error' | 'success' | 'default'> = {
  pending: 'warning',
  approved: 'info',
  rejected: 'error',
  published: 'success',
  superseded: 'default',
};

/** A price change's status as a coloured chip with its translated name. */
export function PriceChangeStatusChip({ status }: { status: TPriceChangeStatus }) {
  const { t } = useTranslation('priceChanges');
  return (
    <Chip
      size="small"
      color={colors[status]}
      variant={status === 'pending' || status === 'published' ? 'filled' : 'outlined'}
      label={t(`status.${status}`)}
    />
  );
}
