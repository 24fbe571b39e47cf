import Box from '@mui/material/Box';
import { useAnalytics } from '@/api/analytics';
import type { ViewProps } from '../hooks/useAnalyticsParams';
import { CancellationsCard } from './sales/CancellationsCard';
import { DistributionCard } from './sales/DistributionCard';
import { MixCard } from './sales/MixCard';
import { MonthlyCard } from './sales/MonthlyCard';

/**
 * Sales of a period: by month against last year, the mix by channel, segment, room type or
 * country, lead time and length of stay, cancellations and no-shows.
 */
export function SalesAnalyticsView({ business, params }: ViewProps) {
  const { period } = params;
  const monthly = useAnalytics(business, 'sales', {
    ...period,
    groupBy: 'month',
    compare: 'last_year',
  });
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <MonthlyCard business={business} params={params} monthly={monthly} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <MixCard business={business} params={params} />
        <CancellationsCard business={business} period={period} monthly={monthly} />
        <DistributionCard business={business} period={period} groupBy="leadTime" />
        <DistributionCard business={business} period={period} groupBy="lengthOfStay" />
      </Box>
    </Box>
  );
}
