import BarChartIcon from '@mui/icons-material/BarChart';
import GridOnIcon from '@mui/icons-material/GridOn';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { planHas, type TPlanFeature } from '@tarifa/contract';
import { UpgradePage } from '@/components/plans/UpgradePage';
import { useRequiredBusiness } from '@/api/business';
import { todayIn } from '@/lib/dates';
import { usePropertyPlan } from '@/api/plans';
import { BusinessIntelligenceView } from '../components/BusinessIntelligenceView';
import { HeatMapView } from '../components/HeatMapView';
import { OccupancyHistoryView } from '../components/OccupancyHistoryView';
import { PeriodPicker } from '../components/PeriodPicker';
import { SalesAnalyticsView } from '../components/SalesAnalyticsView';
import {
  analyticsViews,
  useAnalyticsParams,
  type AnalyticsView,
} from '../hooks/useAnalyticsParams';

const icons: Record<AnalyticsView, ReactElement> = {
  'heat-map': <GridOnIcon />,
  'sales-analytics': <BarChartIcon />,
  'business-intelligence': <InsightsIcon />,
  'occupancy-history': <HistoryIcon />,
};

/** The plan feature each view needs (docs/plans.md): the server refuses its calls without it. */
const viewFeatures: Record<AnalyticsView, TPlanFeature> = {
  'heat-map': 'heatMap',
  'sales-analytics': 'salesAnalytics',
  'business-intelligence': 'businessIntelligence',
  'occupancy-history': 'occupancyHistory',
};

/**
 * `/pricing-central/bi`: the views of the Pro Members menu — Heat Map, Sales Analytics, Business
 * Intelligence (no `view`) and Occupancy History — as tabs, each link keeping the period and
 * filters in the address bar (docs/analytics-web.md). A view the user's plan lacks shows the
 * upgrade page instead.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const business = useRequiredBusiness();
  const today = useMemo(() => todayIn(business.timezone), [business.timezone]);
  const params = useAnalyticsParams(today);
  const { pathname } = useLocation();
  const feature = viewFeatures[params.view];
  const entitled = planHas(usePropertyPlan(), feature);

  return (
    <Stack spacing={3}>
      <div>
        <Typography variant="h4" component="h1">
          {t(`views.${params.view}`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5, maxInlineSize: 760 }}>
          {t('intro', { name: business.name })}
        </Typography>
      </div>
      <Tabs
        value={params.view}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('views.label')}
      >
        {analyticsViews.map((view) => (
          <Tab
            key={view}
            value={view}
            label={t(`views.${view}`)}
            icon={icons[view]}
            iconPosition="start"
            component={Link}
            to={{ pathname, search: params.viewSearch(view) }}
            sx={{ minBlockSize: 48 }}
          />
        ))}
      </Tabs>
      {entitled ? (
        <>
          {params.view !== 'heat-map' && (
            <PeriodPicker
              period={params.period}
              today={today}
              onChange={({ from, to }) => params.update({ from, to })}
            />
          )}
          {params.view === 'heat-map' && <HeatMapView business={business} params={params} />}
          {params.view === 'business-intelligence' && (
            <BusinessIntelligenceView business={business} params={params} />
          )}
          {params.view === 'sales-analytics' && (
            <SalesAnalyticsView business={business} params={params} />
          )}
          {params.view === 'occupancy-history' && (
            <OccupancyHistoryView business={business} params={params} />
          )}
        </>
      ) : (
        <UpgradePage feature={feature} />
      )}
    </Stack>
  );
}
