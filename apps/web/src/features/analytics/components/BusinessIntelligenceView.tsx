import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { InsightsCard } from '@/components/analytics/InsightsCard';
import { KpiPanel, type KpiTileSpec } from '@/components/analytics/KpiTiles';
import type { ViewProps } from '../hooks/useAnalyticsParams';
import { AutopilotCard } from './bi/AutopilotCard';
import { ForecastCard } from './bi/ForecastCard';
import { PaceCard } from './bi/PaceCard';
import { PricePositionCard } from './bi/PricePositionCard';

const tiles: KpiTileSpec[] = [
  { metric: 'occupancy' },
  { metric: 'adr' },
  { metric: 'revpar' },
  { metric: 'revenue' },
  { metric: 'roomNightsSold' },
  { metric: 'cancellationRate' },
  { metric: 'avgLeadTimeDays' },
  { metric: 'avgLengthOfStay' },
];

/**
 * A period's KPIs against last year, the booking curve of its nights, the forecast with its
 * accuracy, what the autopilot expects of its suggestion, and the nights that deserve attention.
 */
export function BusinessIntelligenceView({ business, params }: ViewProps) {
  const { t } = useTranslation('analytics');
  const { period } = params;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <KpiPanel
        business={business}
        from={period.from}
        to={period.to}
        title={t('kpi.title')}
        tiles={tiles}
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <PaceCard business={business} period={period} />
        <ForecastCard business={business} period={period} />
      </Box>
      <AutopilotCard business={business} />
      <PricePositionCard business={business} period={period} />
      <InsightsCard
        business={business}
        query={period}
        title={t('insights.title')}
        subtitle={t('insights.subtitle')}
      />
    </Box>
  );
}
