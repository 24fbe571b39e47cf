import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cheapestPlanWith, type TPlanFeature } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProChip } from './ProChip';

/** Beside a setting the user's plan lacks: the mark of the plan that includes it, said in words. */
export function PlanHint({ feature }: { feature: TPlanFeature }) {
  const { t } = useTranslation('plans');
  const plan = t(`names.${cheapestPlanWith(feature)?.id ?? 'business'}`);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ProChip feature={feature} />
      <Typography variant="body2" color="text.secondary">
        {t('upgrade.settingHint', { plan })} ·{' '}
        <Link to="/pages/pricing">{t('upgrade.seePlans')}</Link>
      </Typography>
    </Stack>
  );
}
