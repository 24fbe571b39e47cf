import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { planIds } from '@tarifa/contract';
import { LoadErrorAlert } from '@/components/LoadErrorAlert';
import { useIntl } from '@/lib/intl';
import { useAdminStats } from '../api/admin';
import { AdminShell } from '../components/AdminShell';
import { WeeklyActivityChart } from '../components/WeeklyActivityChart';
import { AdminAuditPanel } from '@/components/audit/AdminAuditPanel';

/** One figure of the overview; a link to its list when there is one. */
function FigureCard({
  label,
  value,
  detail,
  to,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  to?: string;
}) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p">
          {detail}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ blockSize: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ blockSize: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/** `/admin`: how many accounts, properties, bookings and tokens there are, and the last 12 weeks. */
export default function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const intl = useIntl();
  const stats = useAdminStats();
  const totals = stats.data?.totals;
  const figure = (value: number | undefined) =>
    value === undefined ? <Skeleton width="3ch" /> : intl.number(value);

  return (
    <AdminShell current="overview">
      {stats.isError && (
        <LoadErrorAlert error={stats.error} onRetry={stats.refetch}>
          {t('loadFailed')}
        </LoadErrorAlert>
      )}
      <Grid container spacing={3} aria-busy={stats.isPending}>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            label={t('overview.users')}
            value={figure(totals?.users)}
            detail={totals && t('overview.disabledUsers', { n: intl.number(totals.disabledUsers) })}
            to="/admin/users"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            label={t('overview.properties')}
            value={figure(totals?.properties)}
            to="/admin/properties"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard label={t('overview.bookings')} value={figure(totals?.bookings)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
          <FigureCard
            label={t('overview.tokens')}
            value={figure(totals?.activeTokens)}
            to="/admin/tokens"
          />
        </Grid>
        {planIds.map((plan) => (
          <Grid key={plan} size={{ xs: 12, sm: 4 }}>
            <FigureCard
              label={t('overview.usersOnPlan', { plan: t(`plans:names.${plan}`) })}
              value={figure(totals?.plans[plan])}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <WeeklyActivityChart weeks={stats.data?.weeks ?? []} load={stats} />
        </Grid>
        <Grid size={12}>
          <AdminAuditPanel />
        </Grid>
      </Grid>
    </AdminShell>
  );
}
