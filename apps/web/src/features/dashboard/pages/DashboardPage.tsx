import EuroIcon from '@mui/icons-material/PaymentsOutlined';
import HotelIcon from '@mui/icons-material/HotelOutlined';
import PercentIcon from '@mui/icons-material/PercentOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStatsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InsightsCard } from '@/components/analytics/InsightsCard';
import { KpiPanel, type KpiTileSpec } from '@/components/analytics/KpiTiles';
import { useSession } from '@/lib/auth/session';
import { FirstPriceList } from '@/components/price-changes/FirstPriceList';
import { useRequiredBusiness } from '@/api/business';
import { useFirstPriceList } from '@/api/price-changes';
import { monthStart, todayIn } from '@/lib/dates';
import { useBookingsCount } from '../api/bookingsCount';
import { BudgetCard } from '../components/BudgetCard';
import { GettingStarted } from '../components/GettingStarted';
import { NextNightsChart } from '../components/NextNightsChart';
import { PendingChangesCard } from '../components/PendingChangesCard';
import { PickupCard } from '../components/PickupCard';
import { WeekAhead } from '../components/WeekAhead';

const kpiTiles: KpiTileSpec[] = [
  { metric: 'occupancy', icon: PercentIcon },
  { metric: 'adr', icon: HotelIcon },
  { metric: 'revpar', icon: QueryStatsIcon },
  { metric: 'revenue', icon: EuroIcon },
];

/** How many insights the dashboard lists (the BI page has them all). */
const topInsights = 5;

/**
 * `/dashboards`: the owner's landing page. This month so far against the same nights last year
 * and against its budget (with the forecast for its end), what the last 7 days of bookings added, the price changes waiting, the next 30 nights, the
 * nights that deserve attention and the next seven days' prices. The getting-started steps show
 * until the property has room types and bookings; a new property's first price list shows as one
 * summary in place of the pending changes.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { userData } = useSession();
  const business = useRequiredBusiness();
  const today = useMemo(() => todayIn(business.timezone), [business.timezone]);
  const bookings = useBookingsCount(business.uuid);
  // While the first price list waits, its summary above stands for the pending changes.
  const firstList = useFirstPriceList(business.uuid);
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'morning' : hour < 19 ? 'afternoon' : 'evening';
  const starting = business.tariffConfiguration.roomsTariff.length === 0 || bookings.data === 0;

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t(`greeting.${greeting}`, { name: userData?.name.split(' ')[0] ?? '' })}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>

      {starting && <GettingStarted />}
      <FirstPriceList businessUuid={business.uuid} linkToList />

      <KpiPanel
        business={business}
        from={monthStart(today)}
        to={today}
        title={t('kpis.title')}
        tiles={kpiTiles}
      />
      <BudgetCard business={business} />

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <NextNightsChart business={business} today={today} />
        <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
          <PickupCard business={business} />
          {!firstList.isPending && !firstList.data && (
            <PendingChangesCard businessUuid={business.uuid} />
          )}
        </Box>
      </Box>

      <InsightsCard
        business={business}
        query={{}}
        limit={topInsights}
        title={t('insights.title')}
        subtitle={t('insights.subtitle')}
        footer={
          <Button component={Link} to="/pricing-central/bi" size="small" sx={{ mt: 1 }}>
            {t('insights.all')}
          </Button>
        }
      />

      <Card component="section" aria-labelledby="panel-week">
        <CardHeader
          title={t('panels.week.title')}
          subheader={t('panels.week.subtitle')}
          slotProps={{
            title: { id: 'panel-week', component: 'h2', variant: 'h5' },
            subheader: { variant: 'body2' },
          }}
        />
        <CardContent sx={{ pt: 0 }}>
          <WeekAhead business={business} />
        </CardContent>
      </Card>
    </Box>
  );
}
