import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BedIcon from '@mui/icons-material/BedOutlined';
import EuroIcon from '@mui/icons-material/PaymentsOutlined';
import HomeWorkIcon from '@mui/icons-material/HomeWorkOutlined';
import HotelIcon from '@mui/icons-material/HotelOutlined';
import PercentIcon from '@mui/icons-material/PercentOutlined';
import QueryStatsIcon from '@mui/icons-material/QueryStatsOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRequiredBusiness } from '@/lib/business';
import { useSession } from '@/lib/auth/session';
import { WeekAhead } from '../components/WeekAhead';

const kpis: { id: string; icon: SvgIconComponent }[] = [
  { id: 'occupancy', icon: PercentIcon },
  { id: 'adr', icon: HotelIcon },
  { id: 'revpar', icon: QueryStatsIcon },
  { id: 'revenue', icon: EuroIcon },
];

const steps: { id: string; to: string; icon: SvgIconComponent }[] = [
  { id: 'property', to: '/my-property', icon: HomeWorkIcon },
  { id: 'rooms', to: '/pricing-central/room-form', icon: BedIcon },
  { id: 'bookings', to: '/my-property/menu', icon: UploadFileIcon },
];

/**
 * A card of the dashboard. Those the business-intelligence issue fills show their shape until
 * then, and say so (`waiting`).
 */
function PanelCard({
  id,
  children,
  waiting = true,
}: {
  id: string;
  children: ReactNode;
  waiting?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Card component="section" aria-labelledby={`panel-${id}`} sx={{ blockSize: '100%' }}>
      <CardHeader
        title={t(`panels.${id}.title`)}
        subheader={t(`panels.${id}.subtitle`)}
        slotProps={{
          title: { id: `panel-${id}`, component: 'h2', variant: 'h5' },
          subheader: { variant: 'body2' },
        }}
      />
      <CardContent sx={{ pt: 0 }}>
        {children}
        {waiting && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('waiting')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function BarsSkeleton({ bars = 12, height = 180 }: { bars?: number; height?: number }) {
  // A fixed, obviously placeholder shape: bars of a repeating pattern, no data behind them.
  const shape = [0.45, 0.6, 0.5, 0.75, 0.65, 0.85, 0.7];
  return (
    <Box aria-hidden sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, blockSize: height }}>
      {Array.from({ length: bars }, (_, i) => (
        <Skeleton
          key={i}
          variant="rounded"
          animation={false}
          sx={{ flex: 1, blockSize: `${shape[i % shape.length]! * 100}%` }}
        />
      ))}
    </Box>
  );
}

/**
 * `/dashboards`: the owner's landing page. Its layout is final; the numbers and charts come with
 * the business-intelligence issue, so until then each card shows its shape, never made-up figures.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { userData } = useSession();
  const business = useRequiredBusiness();
  const hour = new Date().getHours();
  const greeting = hour < 12 ? 'morning' : hour < 19 ? 'afternoon' : 'evening';

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1">
          {t(`greeting.${greeting}`, { name: userData?.name.split(' ')[0] ?? '' })}
        </Typography>
        <Typography color="text.secondary">{t('subtitle')}</Typography>
      </Box>

      <Card component="section" aria-labelledby="getting-started">
        <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
          <Typography id="getting-started" variant="h5" component="h2" gutterBottom>
            {t('start.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {t('start.subtitle')}
          </Typography>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
            }}
          >
            {steps.map(({ id, to, icon: Icon }, index) => (
              <Box
                component="li"
                key={id}
                sx={{
                  display: 'flex',
                  gap: 2,
                  p: 2,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1.5,
                }}
              >
                <Avatar
                  variant="rounded"
                  sx={(theme) => ({
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                    color: 'primary.main',
                  })}
                >
                  <Icon />
                </Avatar>
                <Box sx={{ flex: 1 }}>
                  <Typography variant="h6" component="h3">
                    {t('start.step', { number: index + 1 })} · {t(`start.${id}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {t(`start.${id}.body`)}
                  </Typography>
                  <Button
                    component={Link}
                    to={to}
                    size="small"
                    endIcon={
                      <ArrowForwardIcon sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }} />
                    }
                    sx={{ marginInlineStart: -0.5 }}
                  >
                    {t(`start.${id}.action`)}
                  </Button>
                </Box>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>

      <Box
        component="section"
        aria-labelledby="kpis-title"
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        <Typography
          id="kpis-title"
          component="h2"
          sx={{
            position: 'absolute',
            inlineSize: 1,
            blockSize: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          }}
        >
          {t('kpis.title')}
        </Typography>
        {kpis.map(({ id, icon: Icon }) => (
          <Card key={id}>
            <CardContent>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
                <Avatar
                  variant="rounded"
                  sx={(theme) => ({
                    bgcolor: alpha(theme.palette.primary.main, 0.12),
                    color: 'primary.main',
                  })}
                >
                  <Icon />
                </Avatar>
                <Box>
                  <Typography variant="h6" component="h3">
                    {t(`kpis.${id}.title`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`kpis.${id}.hint`)}
                  </Typography>
                </Box>
              </Box>
              <Typography variant="h4" component="p" aria-hidden>
                —
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('noData')}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Box>

      <PanelCard id="week" waiting={false}>
        <WeekAhead business={business} />
      </PanelCard>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
        <PanelCard id="occupancy">
          <BarsSkeleton bars={30} />
        </PanelCard>
        <PanelCard id="priceChanges">
          {Array.from({ length: 4 }, (_, i) => (
            <Box
              key={i}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}
              aria-hidden
            >
              <Skeleton animation={false} variant="circular" width={36} height={36} />
              <Box sx={{ flex: 1 }}>
                <Skeleton animation={false} width="70%" />
                <Skeleton animation={false} width="40%" />
              </Box>
            </Box>
          ))}
        </PanelCard>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <PanelCard id="pace">
          <BarsSkeleton bars={12} height={160} />
        </PanelCard>
        <PanelCard id="rooms">
          <BarsSkeleton bars={6} height={160} />
        </PanelCard>
      </Box>
    </Box>
  );
}
