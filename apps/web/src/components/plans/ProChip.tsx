import Chip from '@mui/material/Chip';
import { cheapestPlanWith, type TPlanFeature } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';

/**
 * The small mark beside an entry or a setting the user's plan does not include: the name of the
 * plan that includes it ("Pro", "Empresa"), as the plans page names it.
 */
export function ProChip({
  feature,
  size = 'small',
}: {
  feature: TPlanFeature;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation('plans');
  const plan = cheapestPlanWith(feature)?.id ?? 'business';
  return (
    <Chip
      label={t(`names.${plan}`)}
      size={size}
      color="primary"
      variant="outlined"
      title={t('proBadgeHint')}
      sx={{ height: 20, fontSize: 11, fontWeight: 600, '& .MuiChip-label': { px: 0.75 } }}
    />
  );
}
