import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The small "Pro" mark beside an entry or a setting the user's plan does not include. */
export function ProChip({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t } = useTranslation('plans');
  return (
    <Chip
      label={t('proBadge')}
      size={size}
      color="primary"
      variant="outlined"
      title={t('proBadgeHint')}
      sx={{ height: 20, fontSize: 11, fontWeight: 600, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
