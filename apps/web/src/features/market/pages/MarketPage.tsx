import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { UpgradePage } from '@/components/plans/UpgradePage';
import { useRequiredBusiness } from '@/api/business';
import { useHasFeature } from '@/api/plans';
import { CompetitorsCard } from '../components/CompetitorsCard';
import { MarketChart } from '../components/MarketChart';
import { MarketSettingsCard } from '../components/MarketSettingsCard';
import { RatesImportCard } from '../components/RatesImportCard';

/**
 * Market (Pricing Central): the competitors the property watches and how their categories map to
 * its room types, the import of their rates, the market step's settings and the market chart.
 */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const business = useRequiredBusiness();
  const entitled = useHasFeature('market');
  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </div>
      {entitled ? (
        <>
          <MarketChart business={business} />
          <CompetitorsCard business={business} />
          <RatesImportCard businessUuid={business.uuid} />
          {/* Keyed by version: a saved change (here or elsewhere) starts the form again. */}
          <MarketSettingsCard key={business.version} business={business} />
        </>
      ) : (
        <UpgradePage feature="market" />
      )}
    </Stack>
  );
}
