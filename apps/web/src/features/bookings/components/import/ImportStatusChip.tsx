import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { TImportStatusValue } from '@tarifa/contract';

const colors = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
} as const;

export function ImportStatusChip({ status }: { status: TImportStatusValue }) {
  const { t } = useTranslation('bookings');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={colors[status]}
      label={t(`import.status.${status}`)}
    />
  );
}
