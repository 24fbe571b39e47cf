import LockIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { cheapestPlanWith, type TPlanFeature } from '@tarifa/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { usePropertyPlan } from '@/api/plans';

/**
 * What a view of a feature the user's plan lacks shows instead of the view (and of an error):
 * what the feature does, the plan that has it, and the way to the pricing page.
 */
export function UpgradePage({
  feature,
  headingLevel = 'h2',
}: {
  feature: TPlanFeature;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t } = useTranslation('plans');
  const current = usePropertyPlan();
  const plan = cheapestPlanWith(feature)?.id ?? 'business';
  const names = { feature: t(`features.${feature}`), plan: t(`names.${plan}`) };
  return (
    <Card component="section" aria-label={t('upgrade.title', names)}>
      <EmptyState
        icon={LockIcon}
        headingLevel={headingLevel}
        title={t('upgrade.title', names)}
        body={
          <>
            {t(`upgrade.about.${feature}`, { defaultValue: '' })}{' '}
            {t('upgrade.current', { ...names, current: t(`names.${current}`) })}
          </>
        }
        action={
          <Button variant="contained" component={Link} to="/pages/pricing">
            {t('upgrade.action', names)}
          </Button>
        }
      />
    </Card>
  );
}
